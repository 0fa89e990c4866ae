import { describe, expect, it } from "vitest";
import {
  articleCount,
  inCollection,
  distinctOutlets,
  filterPortfolio,
  filterPrepared,
  isFilterActive,
  preparePortfolio,
} from "./portfolio-filter";

type Item = {
  id: string;
  title: string;
  outlet: string;
  description: string;
  tags: string[];
  url: string;
  date: string;
};

const item = (id: string, fields: Partial<Item>): Item => ({
  id,
  title: "",
  outlet: "Harbour Weekly",
  description: "",
  tags: [],
  url: `https://harbourweekly.example/${id}`,
  date: "2024-01-01",
  ...fields,
});

const articles: Item[] = [
  item("cafe", { title: "The Café that saved the high street", date: "5 March 2024", tags: ["interview"] }),
  item("council", {
    title: "Council approves budget",
    outlet: "Northgate Courier",
    date: "2024-03-06",
    tags: ["News"],
  }),
  item("ferry", {
    title: "Ferry timetable",
    description: "Crossings cut to three a day after the naïve plan failed",
    date: "March 1, 2024",
    tags: ["news"],
  }),
  item("levy", {
    title: "The case for a harbour levy",
    url: "https://www.civicledger.example/opinion/local-papers-starved/",
    date: "2023-12-31",
  }),
  item("undated", { title: "Undated council piece", date: "" }),
  item("fuzzy", { title: "Council in spring", date: "Spring 2024", tags: ["comment"] }),
];

const ids = (items: readonly Item[]) => items.map((entry) => entry.id);

describe("filterPortfolio", () => {
  it("returns every article, newest first and undated last, when no filter is set", () => {
    expect(ids(filterPortfolio(articles, {}))).toEqual([
      "council",
      "cafe",
      "ferry",
      "levy",
      "undated",
      "fuzzy",
    ]);
  });

  it("searches title, outlet, description and tags ignoring case and accents", () => {
    expect(ids(filterPortfolio(articles, { query: "CAFE" }))).toEqual(["cafe"]);
    expect(ids(filterPortfolio(articles, { query: "café" }))).toEqual(["cafe"]);
    expect(ids(filterPortfolio(articles, { query: "naive" }))).toEqual(["ferry"]);
    expect(ids(filterPortfolio(articles, { query: "northgate" }))).toEqual(["council"]);
    expect(ids(filterPortfolio(articles, { query: "interview" }))).toEqual(["cafe"]);
  });

  it("searches the tags the built-in map gives", () => {
    expect(ids(filterPortfolio(articles, { query: "comment" }))).toEqual(["levy", "fuzzy"]);
  });

  it("requires every word of the query, in any field", () => {
    expect(ids(filterPortfolio(articles, { query: "  council   budget " }))).toEqual(["council"]);
    expect(ids(filterPortfolio(articles, { query: "council courier" }))).toEqual(["council"]);
    expect(ids(filterPortfolio(articles, { query: "council ferry" }))).toEqual([]);
  });

  it("filters by type using the article's tags or the built-in map", () => {
    expect(ids(filterPortfolio(articles, { type: "news" }))).toEqual(["council", "ferry"]);
    expect(ids(filterPortfolio(articles, { type: "comment" }))).toEqual(["levy", "fuzzy"]);
    expect(ids(filterPortfolio(articles, { type: "investigation" }))).toEqual([]);
    expect(ids(filterPortfolio(articles, { type: "elections" }))).toEqual([]);
  });

  it("filters by exact outlet", () => {
    expect(ids(filterPortfolio(articles, { publication: "Northgate Courier" }))).toEqual(["council"]);
    expect(ids(filterPortfolio(articles, { publication: "northgate courier" }))).toEqual([]);
  });

  it("includes the whole 'to' day and the 'from' day, and drops undated articles", () => {
    expect(ids(filterPortfolio(articles, { from: "2024-03-01", to: "2024-03-05" }))).toEqual([
      "cafe",
      "ferry",
    ]);
    expect(ids(filterPortfolio(articles, { to: "2023-12-31" }))).toEqual(["levy"]);
    expect(ids(filterPortfolio(articles, { from: "2024-03-06" }))).toEqual(["council"]);
  });

  it("reads article dates as calendar days, so an article dated 'to' is in range", () => {
    const late = [item("late", { date: "2024-03-05T23:30:00-05:00" })];
    expect(ids(filterPortfolio(late, { to: "2024-03-05" }))).toEqual(["late"]);
    expect(ids(filterPortfolio(late, { from: "2024-03-06" }))).toEqual([]);
  });

  it("gives nothing for a reversed range and ignores a bound that is not a date", () => {
    expect(filterPortfolio(articles, { from: "2024-03-06", to: "2024-03-01" })).toEqual([]);
    expect(ids(filterPortfolio(articles, { from: "whenever" }))).toEqual(ids(filterPortfolio(articles, {})));
  });

  it("combines all filters", () => {
    expect(
      ids(
        filterPortfolio(articles, {
          query: "council",
          type: "news",
          publication: "Northgate Courier",
          from: "2024-01-01",
          to: "2024-12-31",
        }),
      ),
    ).toEqual(["council"]);
    expect(filterPortfolio(articles, { query: "council", type: "comment", from: "2024-01-01" })).toEqual([]);
  });

  it("treats empty strings as no filter", () => {
    expect(
      filterPortfolio(articles, { query: "", type: "", publication: "", from: "", to: "" }),
    ).toHaveLength(articles.length);
  });
});

describe("preparePortfolio + filterPrepared", () => {
  it("gives the same answers as filterPortfolio from one prepared index", () => {
    const prepared = preparePortfolio(articles);
    for (const filters of [
      {},
      { query: "council" },
      { type: "news" },
      { from: "2024-03-01", to: "2024-03-31", query: "e" },
    ]) {
      expect(filterPrepared(prepared, filters)).toEqual(filterPortfolio(articles, filters));
    }
  });

  it("keeps the articles' identity and does not reorder the input", () => {
    const input = [...articles];
    const [first] = filterPrepared(preparePortfolio(input), { query: "cafe" });
    expect(first).toBe(articles[0]);
    expect(input).toEqual(articles);
  });
});

describe("distinctOutlets", () => {
  it("lists each non-blank outlet once, alphabetically", () => {
    expect(
      distinctOutlets([
        { outlet: "The Civic Ledger" },
        { outlet: "data Desk Review" },
        { outlet: "" },
        { outlet: "The Civic Ledger" },
        { outlet: "Harbour Weekly" },
      ]),
    ).toEqual(["data Desk Review", "Harbour Weekly", "The Civic Ledger"]);
  });
});

describe("isFilterActive", () => {
  it("is true when any control holds a value", () => {
    expect(isFilterActive({})).toBe(false);
    expect(isFilterActive({ query: "  ", type: "", publication: "", from: "", to: "" })).toBe(false);
    expect(isFilterActive({ query: "x" })).toBe(true);
    expect(isFilterActive({ type: "news" })).toBe(true);
    expect(isFilterActive({ publication: "Harbour Weekly" })).toBe(true);
    expect(isFilterActive({ from: "2024-01-01" })).toBe(true);
    expect(isFilterActive({ to: "2024-01-01" })).toBe(true);
  });
});

describe("inCollection", () => {
  const articles = [{ id: "a" }, { id: "b" }, { id: "c" }];
  it("keeps only the chosen public collection's articles, and all of them without one", () => {
    expect(inCollection(articles, { articleIds: ["c", "a", "gone"] }).map((a) => a.id)).toEqual(["a", "c"]);
    expect(inCollection(articles, undefined)).toEqual(articles);
  });
});

describe("articleCount", () => {
  it("says '1 Article' for one and '{n} Articles' otherwise", () => {
    expect([0, 1, 2].map(articleCount)).toEqual(["0 Articles", "1 Article", "2 Articles"]);
  });
});
