import { describe, expect, it } from "vitest";
import { copyLinks, storedReaderContent, withCopies } from "./reader-content";

const article = {
  title: "Owner's own copy of a lighthouse feature",
  date: "2026-01-01",
  image: "/demo/harbour-dawn.jpg",
  description: "The keeper's last winter, as filed.",
  content:
    "The last keeper of the Northgate light spent his final winter writing letters.\n\nTHE LETTERS\n\nEach letter asked for the same thing: a second pair of hands.",
};

describe("storedReaderContent", () => {
  it("reads the owner's own text by the reader's paragraph rules", () => {
    expect(storedReaderContent(article)).toEqual({
      title: article.title,
      author: "",
      publishDate: "2026-01-01",
      image: "/demo/harbour-dawn.jpg",
      excerpt: "The keeper's last winter, as filed.",
      paragraphs: [
        {
          text: "The last keeper of the Northgate light spent his final winter writing letters.",
          heading: false,
        },
        { text: "THE LETTERS", heading: true },
        { text: "Each letter asked for the same thing: a second pair of hands.", heading: false },
      ],
      source: "stored",
    });
  });

  it("is null for an article with no text of its own", () => {
    expect(storedReaderContent({ ...article, content: "  \n\n " })).toBeNull();
  });

  it("leaves out a placeholder picture and cuts a long description to the excerpt", () => {
    const content = storedReaderContent({
      ...article,
      image: "https://via.placeholder.com/600x400.png",
      description: "word ".repeat(100),
    });
    expect(content?.image).toBe("");
    expect(content?.excerpt.length).toBeLessThanOrEqual(300);
    expect(content?.excerpt.endsWith("…")).toBe(true);
  });
});

describe("copyLinks", () => {
  it("names each outlet once, by its host without 'www.', linking to the first copy found there", () => {
    expect(
      copyLinks([
        "https://www.heraldsun.example/news/harbour-dredging",
        "https://uol.example/noticias/porto",
        "https://heraldsun.example/amp/harbour-dredging",
      ]),
    ).toEqual([
      { url: "https://www.heraldsun.example/news/harbour-dredging", host: "heraldsun.example" },
      { url: "https://uol.example/noticias/porto", host: "uol.example" },
    ]);
  });

  it("links only to http(s) addresses", () => {
    expect(copyLinks(["javascript:alert(1)", "/local/path", "mailto:a@b.example", "not a url"])).toEqual([]);
    expect(copyLinks(undefined)).toEqual([]);
  });
});

describe("withCopies", () => {
  const content = storedReaderContent(article)!;

  it("adds the copies when there are any, and nothing otherwise", () => {
    expect(withCopies(content, ["https://uol.example/a"]).alsoPublishedAt).toEqual(["https://uol.example/a"]);
    expect(withCopies(content, [])).toBe(content);
  });
});
