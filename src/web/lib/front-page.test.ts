import { describe, expect, it } from "vitest";
import { sortArticlesByDateDesc } from "../../domain/list-order";
import * as frontPage from "./front-page";
import { latestArticle, publications } from "./front-page";

// The page gets its articles newest first, sorted once by the repository (collection-order.ts).
const selectFrontPage: typeof frontPage.selectFrontPage = (articles, patterns) =>
  frontPage.selectFrontPage(sortArticlesByDateDesc(articles), patterns);
const featuredArticles = <T extends { featured: boolean; date: string }>(articles: readonly T[]) =>
  frontPage.featuredArticles(sortArticlesByDateDesc(articles));

type Item = { id: string; date: string; description: string; image: string; featured?: boolean };

/** Articles dated one day apart, newest first: ids 'i0', 'i1', ... with images, 'n0', 'n1', ... without. */
function pools(withImage: number, imageless: number): Item[] {
  const items: Item[] = [];
  for (let i = 0; i < Math.max(withImage, imageless); i++) {
    const day = String(28 - i).padStart(2, "0");
    if (i < withImage)
      items.push({
        id: `i${i}`,
        date: `2024-05-${day}`,
        description: "d",
        image: `https://cdn.example/${i}.jpg`,
      });
    if (i < imageless) items.push({ id: `n${i}`, date: `2024-04-${day}`, description: "d", image: "" });
  }
  return items.reverse();
}

const ids = (items: readonly Item[]) => items.map((item) => item.id);

describe("selectFrontPage", () => {
  it("shows the lead, two image secondaries and three imageless headlines when both pools are full", () => {
    const page = selectFrontPage(pools(6, 10));
    expect(page.lead?.id).toBe("i0");
    expect(ids(page.secondary)).toEqual(["i1", "i2"]);
    expect(ids(page.others)).toEqual(["i1", "i2", "n0", "n1"]);
    expect(ids(page.headlines)).toEqual(["n0", "n1", "n2"]);
  });

  it("fills the secondary slots with imageless articles and takes headlines from the imageless slice 2 to 8", () => {
    const page = selectFrontPage(pools(1, 10));
    expect(page.lead?.id).toBe("i0");
    expect(ids(page.secondary)).toEqual(["n0", "n1"]);
    expect(ids(page.others)).toEqual(["n0", "n1"]);
    expect(ids(page.headlines)).toEqual(["n2", "n3", "n4"]);
  });

  it("with one image article after the lead, uses it and the newest imageless articles in order", () => {
    const page = selectFrontPage(pools(2, 5));
    expect(ids(page.secondary)).toEqual(["i1", "n0"]);
    expect(ids(page.others)).toEqual(["i1", "n0", "n1"]);
    expect(ids(page.headlines)).toEqual(["n1", "n2", "n3"]);
  });

  it("has no lead without a usable image, and never shows an article twice", () => {
    const page = selectFrontPage(pools(0, 4));
    expect(page.lead).toBeNull();
    expect(ids(page.secondary)).toEqual(["n0", "n1"]);
    expect(ids(page.headlines)).toEqual(["n2", "n3"]);
  });

  it("never shows more than the imageless slice up to index 8 as headlines", () => {
    const items = pools(0, 12);
    const page = selectFrontPage(items);
    expect(page.headlines.length).toBe(3);
    const shown = [page.lead, ...page.secondary, ...page.headlines].filter((item) => item !== null);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it("is empty for no articles", () => {
    expect(selectFrontPage([])).toEqual({ lead: null, secondary: [], others: [], headlines: [] });
  });

  it("leaves out articles without a date or a description", () => {
    const page = selectFrontPage([
      { id: "no-date", date: " ", description: "d", image: "https://cdn.example/a.jpg" },
      { id: "no-description", date: "2025-01-01", description: "", image: "https://cdn.example/b.jpg" },
      { id: "ok", date: "2020-01-01", description: "d", image: "https://cdn.example/c.jpg" },
    ]);
    expect(page.lead?.id).toBe("ok");
    expect(page.secondary).toEqual([]);
  });

  it("treats placeholder images as no image and orders by date across formats", () => {
    const page = selectFrontPage([
      { id: "placeholder", date: "10 June 2024", description: "d", image: "https://placehold.co/600x400" },
      { id: "older", date: "March 5, 2024", description: "d", image: "https://cdn.example/a.jpg" },
      { id: "newer", date: "2024-05-01", description: "d", image: "https://cdn.example/b.jpg" },
    ]);
    expect(page.lead?.id).toBe("newer");
    expect(ids(page.secondary)).toEqual(["older", "placeholder"]);
  });

  it("uses the patterns it is given", () => {
    const items = [{ id: "a", date: "2024-01-01", description: "d", image: "https://cdn.example/blank.png" }];
    expect(selectFrontPage(items, [{ path: /blank/ }]).lead).toBeNull();
    expect(selectFrontPage(items).lead?.id).toBe("a");
  });
});

describe("latestArticle", () => {
  it("picks the most recent date, whatever the format", () => {
    const items = [
      { id: "a", date: "5 March 2024" },
      { id: "b", date: "2024-11-02" },
      { id: "c", date: "June 1, 2024" },
      { id: "d", date: "not a date" },
    ];
    expect(latestArticle(items)?.id).toBe("b");
  });

  it("keeps the first on a tie", () => {
    expect(
      latestArticle([
        { id: "a", date: "2024-03-05" },
        { id: "b", date: "5 March 2024" },
      ])?.id,
    ).toBe("a");
  });

  it("falls back to the first article when none has a readable date, and null when there are none", () => {
    expect(
      latestArticle([
        { id: "a", date: "" },
        { id: "b", date: "soon" },
      ])?.id,
    ).toBe("a");
    expect(latestArticle([])).toBeNull();
  });
});

describe("publications", () => {
  it("lists at most 8 featured outlets, without blanks or repeats", () => {
    const featuredOutlets = [
      " The Meridian Herald ",
      "",
      "Northgate Courier",
      "the meridian herald",
      "A",
      "B",
      "C",
      "D",
      "E",
      "F",
      "G",
    ];
    expect(publications({ featuredOutlets })).toEqual([
      "The Meridian Herald",
      "Northgate Courier",
      "A",
      "B",
      "C",
      "D",
      "E",
      "F",
    ]);
  });

  it("honours a smaller maximum", () => {
    expect(publications({ featuredOutlets: ["A", "B", "C"] }, 2)).toEqual(["A", "B"]);
    expect(publications({ featuredOutlets: ["A"] }, 0)).toEqual([]);
  });
});

describe("featuredArticles", () => {
  it("keeps featured articles, newest first", () => {
    const items = [
      { id: "a", date: "2023-01-01", featured: true },
      { id: "b", date: "2025-01-01", featured: false },
      { id: "c", date: "2024-01-01", featured: true },
      { id: "d", date: "", featured: true },
    ];
    expect(featuredArticles(items).map((item) => item.id)).toEqual(["c", "a", "d"]);
  });
});
