import { describe, expect, it } from "vitest";
import { relMeLinks } from "./rel-me";

describe("relMeLinks", () => {
  it("reads rel=me from a and link tags, any quoting and rel order, resolved against the page", () => {
    const html = `<link rel="me" href="/about"><a href='https://ada.example/?a=1&amp;b=2' rel='nofollow noopener me'>site</a>
      <a rel=me href=https://b.example/>b</a><a rel="meet" href="https://no.example/">no</a><a href="https://no2.example/">no</a>`;
    expect(relMeLinks(html, "https://mastodon.example/@ada")).toEqual([
      "https://mastodon.example/about",
      "https://ada.example/?a=1&b=2",
      "https://b.example/",
    ]);
  });

  it("skips hrefs that are not addresses", () => {
    expect(relMeLinks(`<a rel="me" href="http://[bad">x</a>`, "https://m.example/")).toEqual([]);
  });
});
