import { describe, expect, it } from "vitest";
import { storedReaderContent } from "./reader-content";

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
