import { describe, expect, it } from "vitest";
import { siteSchema } from "../../../domain/content";
import {
  applyFetchedDetails,
  articleTags,
  articleToDraft,
  articleToInput,
  fetchedChanges,
} from "./article-draft";
import { collectionToasts } from "./collection-config";
import { endsBeforeStart, experienceToDraft, experienceToInput } from "./experience-draft";
import { changedKeys, settingsErrors, settingsPatch, siteToForm } from "./settings-form";

const now = new Date("2026-11-22T10:00:00Z");

describe("collectionToasts", () => {
  it("gives the spec's texts, plural only for loading", () => {
    expect(collectionToasts({ singular: "experience", plural: "experiences", title: "Experience" })).toEqual({
      loadFailed: "Failed to load experiences",
      addFailed: "Failed to add experience",
      saveFailed: "Failed to save experience",
      deleteFailed: "Failed to delete experience",
      added: "Experience added",
      saved: "Experience saved",
      deleted: "Experience deleted",
    });
    expect(
      collectionToasts({ singular: "education", plural: "education", title: "Education" }).loadFailed,
    ).toBe("Failed to load education");
  });
});

describe("experience drafts", () => {
  const stored = {
    role: "Reporter",
    organization: "Herald",
    type: "Freelance",
    duration: "Mar 2021 - Jun 2023 · 2 yrs 4 mos",
    bullets: ["One", "  ", "Two"],
    links: [
      { label: "Clip", url: "https://example.com/clip" },
      { label: "", url: "" },
    ],
  };

  it("reads the duration into its controls and rebuilds the same text", () => {
    const draft = experienceToDraft(stored, now);
    expect(draft.controls).toEqual({
      startMonth: 2,
      startYear: 2021,
      endMonth: 5,
      endYear: 2023,
      current: false,
    });
    expect(experienceToInput(draft, now).duration).toBe("Mar 2021 - Jun 2023 · 2 yrs 4 mos");
  });

  it("leaves blank bullets and blank links out of the save", () => {
    const input = experienceToInput(experienceToDraft(stored, now), now);
    expect(input.bullets).toEqual(["One", "Two"]);
    expect(input.links).toEqual([{ label: "Clip", url: "https://example.com/clip" }]);
  });

  it("keeps a half-filled link so the server can say what is missing", () => {
    const draft = { ...experienceToDraft(stored, now), links: [{ label: "", url: "https://example.com" }] };
    expect(experienceToInput(draft, now).links).toHaveLength(1);
  });

  it("does not share arrays with the stored item", () => {
    const draft = experienceToDraft(stored, now);
    draft.bullets.push("Three");
    expect(stored.bullets).toHaveLength(3);
  });

  it("notices an end before the start, never for a current role", () => {
    const base = { startMonth: 5, startYear: 2024, endMonth: 4, endYear: 2024, current: false };
    expect(endsBeforeStart(base)).toBe(true);
    expect(endsBeforeStart({ ...base, endMonth: 5 })).toBe(false);
    expect(endsBeforeStart({ ...base, current: true })).toBe(false);
  });
});

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
      articleTags({ publicTags: ["data", "news"], otherTags: " housing, Data ,, comment, Housing" }),
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
    expect(articleTags(next)).toEqual(["news", "harbours"]);
  });

  it("reports no change when the page says what the draft already holds", () => {
    const filled = applyFetchedDetails(added, fetched);
    expect(fetchedChanges(filled, fetched)).toEqual([]);
    expect(fetchedChanges(added, { title: "", outlet: "" })).toEqual([]);
  });
});

describe("settings form", () => {
  const site = siteSchema.parse({
    name: "Morgan",
    hero: { location: "London", tagline: "Local power", professions: ["Journalist", "Intern"] },
    social: { email: "m@example.com" },
    featuredOutlets: ["A", "B"],
    blockList: ["spam@example.net"],
  });
  const saved = siteToForm(site);

  it("counts only edits that differ from the stored value", () => {
    expect(changedKeys(saved, { location: "London", tagline: "New" })).toEqual(["tagline"]);
    expect(changedKeys(saved, { featuredOutlets: ["A", "B"] })).toEqual([]);
  });

  it("patches only the changed fields, nested groups field by field, professions together", () => {
    const form = { ...saved, tagline: "New", profession2: "Editor", email: "new@example.com" };
    expect(settingsPatch(form, ["tagline", "profession2", "email"])).toEqual({
      hero: { tagline: "New", professions: ["Journalist", "Editor"] },
      social: { email: "new@example.com" },
    });
  });

  it("turns blocked senders into one entry per non-blank line and drops blank outlets", () => {
    const form = {
      ...saved,
      blockedSenders: " a@example.com \n\n@junk.example\n",
      featuredOutlets: ["A", " ", "C"],
    };
    expect(settingsPatch(form, ["blockedSenders", "featuredOutlets"])).toEqual({
      blockList: ["a@example.com", "@junk.example"],
      featuredOutlets: ["A", "C"],
    });
  });

  it("maps the API's field paths to the form's fields", () => {
    expect(
      settingsErrors({
        "hero.latestArticleUrl": "Bad URL",
        "social.email": "Bad e-mail",
        "hero.professions.1": "Too long",
        "blockList.2": "Too long",
        "featuredOutlets.0": "Too long",
      }),
    ).toEqual({
      latestArticleUrl: "Bad URL",
      email: "Bad e-mail",
      profession2: "Too long",
      blockedSenders: "Entry 3: Too long",
      "featuredOutlets.0": "Too long",
    });
  });
});
