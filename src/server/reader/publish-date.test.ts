import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { isoDate, looseDate, readPublishDate } from "./publish-date";

describe("isoDate", () => {
  it.each([
    ["2024-03-05", "2024-03-05"],
    ["2024-03-05T09:30:00Z", "2024-03-05T09:30:00Z"],
    ["2024-03-05T09:30:00.123+01:00", "2024-03-05T09:30:00.123+01:00"],
    ["2024-03-05 09:30:00 +0100", "2024-03-05T09:30:00+01:00"],
    ["2024-03-05T09:30", "2024-03-05T09:30"],
  ])("keeps %j as %j", (input, expected) => expect(isoDate(input)).toBe(expected));

  it.each(["", "March 5, 2024", "2024-13-45", "05/03/2024"])("rejects %j", (input) => expect(isoDate(input)).toBe(""));
});

describe("looseDate", () => {
  it.each([
    ["November 19, 2019", "2019-11-19"],
    ["November 19, 2019, 9:02 AM", "2019-11-19"],
    ["2019/11/19", "2019-11-19"],
    ["Tue, 19 Nov 2019 10:00:00", "2019-11-19"],
    ["Monday, November 18th, 2019 at 11:08 a.m.", "2019-11-18"],
  ])("reads %j as %j", (input, expected) => expect(looseDate(input)).toBe(expected));

  it.each(["Page 2", "2019", "1574157600", "Updated yesterday", "sometime in 2019 maybe"])("rejects %j", (input) =>
    expect(looseDate(input)).toBe(""),
  );
});

describe("readPublishDate", () => {
  const documentWith = (body: string): Document => parseHTML(`<!doctype html><html><body>${body}</body></html>`).document;

  it("prefers JSON-LD and meta tags, and an ISO value over a free-form one", () => {
    const meta = new Map([
      ["date", "November 19, 2019"],
      ["article:published_time", "2019-11-18T20:00:00-05:00"],
    ]);
    expect(readPublishDate(documentWith('<time datetime="2001-01-01">x</time>'), meta, "")).toBe("2019-11-18T20:00:00-05:00");
    expect(readPublishDate(documentWith(""), meta, "2019-11-17")).toBe("2019-11-17");
  });

  it("reads publisher-specific meta names", () => {
    expect(readPublishDate(documentWith(""), new Map([["sn-post-date", "2019/11/19"]]), "")).toBe("2019-11-19");
  });

  it("falls back to dates shown in the page", () => {
    expect(readPublishDate(documentWith('<article><time datetime="2022-07-14T08:00:00Z">14 July</time></article>'), new Map(), "")).toBe(
      "2022-07-14T08:00:00Z",
    );
    expect(readPublishDate(documentWith('<span class="article-publish-date">March 3, 2021</span>'), new Map(), "")).toBe("2021-03-03");
    expect(readPublishDate(documentWith("<p>No date here.</p>"), new Map(), "")).toBe("");
  });
});
