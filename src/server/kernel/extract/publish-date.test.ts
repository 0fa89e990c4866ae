import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { indexPage } from "./page-index";
import type { PageIndex } from "./page-index";
import { isoDate, looseDate, readPublishDate } from "./publish-date";

describe("isoDate", () => {
  it.each([
    ["2024-03-05", "2024-03-05"],
    ["2024-03-05T09:30:00Z", "2024-03-05T09:30:00Z"],
    ["2024-03-05T09:30:00.123+01:00", "2024-03-05T09:30:00.123+01:00"],
    ["2024-03-05 09:30:00 +0100", "2024-03-05T09:30:00+01:00"],
    ["2024-03-05T09:30", "2024-03-05T09:30"],
  ])("keeps %j as %j", (input, expected) => expect(isoDate(input)).toBe(expected));

  it.each(["", "March 5, 2024", "2024-13-45", "05/03/2024"])("rejects %j", (input) =>
    expect(isoDate(input)).toBe(""),
  );
});

describe("looseDate", () => {
  it.each([
    ["November 19, 2019", "2019-11-19"],
    ["November 19, 2019, 9:02 AM", "2019-11-19"],
    ["2019/11/19", "2019-11-19"],
    ["Tue, 19 Nov 2019 10:00:00", "2019-11-19"],
    ["Monday, November 18th, 2019 at 11:08 a.m.", "2019-11-18"],
  ])("reads %j as %j", (input, expected) => expect(looseDate(input)).toBe(expected));

  it.each(["Page 2", "2019", "1574157600", "Updated yesterday", "sometime in 2019 maybe"])(
    "rejects %j",
    (input) => expect(looseDate(input)).toBe(""),
  );
});

describe("readPublishDate", () => {
  const indexOf = (head: string, body = ""): PageIndex =>
    indexPage(parseHTML(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`).document);

  it("prefers JSON-LD and meta tags, and an ISO value over a free-form one", () => {
    const head =
      '<meta name="date" content="November 19, 2019"><meta property="article:published_time" content="2019-11-18T20:00:00-05:00">';
    expect(readPublishDate(indexOf(head, '<time datetime="2001-01-01">x</time>'), "")).toBe(
      "2019-11-18T20:00:00-05:00",
    );
    expect(readPublishDate(indexOf(head), "2019-11-17")).toBe("2019-11-17");
  });

  it("reads publisher-specific meta names", () => {
    expect(readPublishDate(indexOf('<meta name="sn-post-date" content="2019/11/19">'), "")).toBe(
      "2019-11-19",
    );
  });

  it("falls back to dates shown in the page, the article's own <time> first", () => {
    const times =
      '<aside><time datetime="2001-01-01">old</time></aside><article><time datetime="2022-07-14T08:00:00Z">14 July</time></article>';
    expect(readPublishDate(indexOf("", times), "")).toBe("2022-07-14T08:00:00Z");
    expect(
      readPublishDate(indexOf("", '<p itemprop="datePublished" content="2020-02-02">Feb 2</p>'), ""),
    ).toBe("2020-02-02");
    expect(readPublishDate(indexOf("", '<span class="article-publish-date">March 3, 2021</span>'), "")).toBe(
      "2021-03-03",
    );
    expect(readPublishDate(indexOf("", "<p>No date here.</p>"), "")).toBe("");
  });
});
