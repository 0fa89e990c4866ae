import { describe, expect, it } from "vitest";
import {
  applyFetchedDetails,
  draftTags,
  articleToDraft,
  articleToInput,
  fetchedChanges,
} from "./article-draft";

describe("article drafts", () => {
  const stored = {
    title: "T",
    outlet: "O",
    url: "https://example.com/a",
    date: "2026-01-02",
    description: "",
    image: "",
    featured: false,
    content: "",
    tags: ["Interview", "housing", "news"],
  };

  it("splits public tags into ticks and the rest into free text", () => {
    const draft = articleToDraft(stored);
    expect(draft.publicTags).toEqual(["news", "interview"]);
    expect(draft.otherTags).toBe("housing");
  });

  it("saves public tags in their fixed order, then free tags, each once; a typed public tag ticks it", () => {
    expect(
      draftTags({ publicTags: ["data", "news"], otherTags: " housing, Data ,, comment, Housing" }),
    ).toEqual(["news", "data", "comment", "housing"]);
  });

  it("round-trips without change, so an untouched article is not dirty", () => {
    const input = articleToInput(articleToDraft(stored));
    expect(articleToInput(articleToDraft({ ...stored, tags: input.tags }))).toEqual(input);
  });
});

describe("Fetch details", () => {
  const fetched = {
    title: "Harbour pilots warn of night-time risks",
    outlet: "The Coast Gazette",
    date: "2026-03-05",
    image: "https://images.coast.example/pilots.jpg",
    description: "Pilots say cuts leave the harbour exposed.",
    content: "First paragraph of the page.\n\nSecond paragraph of the page.",
  };
  const added = articleToDraft({
    title: "New Article",
    outlet: "",
    url: "https://coast.example/pilots",
    date: "2026-11-22",
    description: "",
    image: "",
    featured: true,
    content: "",
    tags: ["news", "harbours"],
  });

  it("fills every field the page gave a value for, over defaults and typed text alike", () => {
    const typed = { ...added, title: "My own headline", outlet: "Typed outlet" };
    expect(applyFetchedDetails(typed, fetched)).toEqual({ ...typed, ...fetched });
    expect(fetchedChanges(typed, fetched)).toEqual([
      "title",
      "outlet",
      "date",
      "image",
      "description",
      "content",
    ]);
  });

  it("never empties a field: what the page had nothing for keeps what it holds", () => {
    const typed = { ...added, description: "Typed summary", image: "/demo/harbour-dawn.jpg" };
    const sparse = { ...fetched, date: "", image: "", description: "   " };
    const next = applyFetchedDetails(typed, sparse);
    expect(next).toMatchObject({
      title: fetched.title,
      outlet: fetched.outlet,
      date: "2026-11-22",
      image: "/demo/harbour-dawn.jpg",
      description: "Typed summary",
      content: fetched.content,
    });
    expect(fetchedChanges(typed, sparse)).toEqual(["title", "outlet", "content"]);
  });

  it("leaves the URL, Featured and the tags alone", () => {
    const next = applyFetchedDetails(added, {
      ...fetched,
      url: "https://elsewhere.example/",
      featured: false,
    } as never);
    expect(next.url).toBe(added.url);
    expect(next.featured).toBe(true);
    expect(draftTags(next)).toEqual(["news", "harbours"]);
  });

  it("reports no change when the page says what the draft already holds", () => {
    const filled = applyFetchedDetails(added, fetched);
    expect(fetchedChanges(filled, fetched)).toEqual([]);
    expect(fetchedChanges(added, { title: "", outlet: "" })).toEqual([]);
  });
});
