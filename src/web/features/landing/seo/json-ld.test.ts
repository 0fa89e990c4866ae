import { describe, expect, it } from "vitest";
import { siteSchema } from "../../../../domain/content";
import { sortArticlesByDateDesc } from "../../../../domain/list-order";
import * as jsonLd from "./json-ld";
import { serializeJsonLd } from "./json-ld";

// The page gets its articles newest first, sorted once by the repository (collection-order.ts).
const landingJsonLd: typeof jsonLd.landingJsonLd = (site, articles, publicUrl) =>
  jsonLd.landingJsonLd(site, sortArticlesByDateDesc(articles), publicUrl);

const site = siteSchema.parse({
  name: "Ada Reporter",
  heroImage: "/demo/portrait.jpg",
  hero: { tagline: "Local news", professions: ["Journalist", ""] },
  social: { linkedin: "https://www.linkedin.com/in/ada", email: "ada@example.com" },
});
const article = (id: string, date: string, extra: Record<string, string> = {}) => ({
  id,
  title: `Title ${id}`,
  outlet: "Herald",
  url: `https://herald.example/${id}`,
  date,
  description: "About it",
  image: "",
  ...extra,
});

describe("landingJsonLd", () => {
  it("describes the owner as a Person with sameAs and absolute image", () => {
    const data = landingJsonLd(site, [], "https://ada.example");
    const [person] = data["@graph"];
    expect(data["@context"]).toBe("https://schema.org");
    expect(person).toMatchObject({
      "@type": "Person",
      name: "Ada Reporter",
      url: "https://ada.example/",
      jobTitle: ["Journalist"],
      image: "https://ada.example/demo/portrait.jpg",
      sameAs: ["https://www.linkedin.com/in/ada"],
      email: "mailto:ada@example.com",
    });
  });

  it("lists articles newest first with ISO dates, publisher and author", () => {
    const data = landingJsonLd(
      site,
      [
        article("a", "5 March 2023"),
        article("b", "2024-01-02", { image: "https://img.example/b.jpg" }),
        article("c", "someday"),
      ],
      "https://ada.example",
    );
    const list = data["@graph"][1] as {
      itemListElement: { position: number; item: Record<string, unknown> }[];
    };
    expect(list.itemListElement.map((e) => e.item.headline)).toEqual(["Title b", "Title a", "Title c"]);
    expect(list.itemListElement.map((e) => e.position)).toEqual([1, 2, 3]);
    expect(list.itemListElement[0]!.item).toMatchObject({
      "@type": "Article",
      url: "https://herald.example/b",
      datePublished: "2024-01-02",
      image: "https://img.example/b.jpg",
      publisher: { "@type": "Organization", name: "Herald" },
      author: { "@id": "https://ada.example/#person" },
    });
    expect(list.itemListElement[2]!.item.datePublished).toBeUndefined();
  });

  it("points an article whose original is gone at its view on the site", () => {
    const data = landingJsonLd(
      site,
      [{ ...article("dead", "2024-01-01"), gone: "unarchived" }],
      "https://ada.example",
    );
    const list = data["@graph"][1] as { itemListElement: { item: Record<string, unknown> }[] };
    expect(list.itemListElement[0]!.item.url).toBe("https://ada.example/?article=dead");
  });

  it("leaves out a LinkedIn value that is not an http(s) URL", () => {
    const data = landingJsonLd({ ...site, social: { linkedin: "", email: "" } }, [], "https://ada.example");
    expect(data["@graph"][0]).not.toHaveProperty("sameAs");
  });
});

describe("serializeJsonLd", () => {
  it("cannot close the script element and still parses to the same value", () => {
    const value = { text: "</script><script>alert(1)</script> <!-- & \u2028" };
    const json = serializeJsonLd(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
