import { describe, expect, it } from "vitest";
import knownArticleTags from "./known-article-tags.json";
import { foundArticleInput, foundArticleTags } from "./found-article";

const found = {
  title: "Harbour pilots warn of night-time risks",
  outlet: "The Coast Gazette",
  url: "https://n.example/news/harbour-pilots",
  date: "2026-03-05",
  description: "",
  image: "",
  content: "The pilots wrote to the port authority.",
};

describe("the article a found page becomes", () => {
  it("takes the tags the built-in map knows for its address, all of them", () => {
    const [url, tags] = Object.entries(knownArticleTags as Record<string, string[]>).find(
      ([, list]) => list.length > 1,
    )!;
    expect(foundArticleTags(url)).toEqual(tags.map((tag) => tag.toLowerCase()));
  });

  it("else guesses one from the address's sections, else news", () => {
    expect(foundArticleTags("https://n.example/opinion/2026/03/harbour")).toEqual(["comment"]);
    expect(foundArticleTags("https://n.example/interviews/mayor-speaks")).toEqual(["interview"]);
    expect(foundArticleTags("https://n.example/news/data-on-harbours")).toEqual(["news"]);
    expect(foundArticleTags("not an address")).toEqual(["news"]);
  });

  it("is built with its details and that tag, or not at all when they cannot make an article", () => {
    expect(foundArticleInput(found)).toMatchObject({ ...found, tags: ["news"] });
    expect(foundArticleInput({ ...found, title: "" })).toBeUndefined();
  });
});
