import { describe, expect, it } from "vitest";
import { siteSchema } from "../../../domain/content";
import { changedKeys, settingsErrors, settingsPatch, siteToForm } from "./settings-form";

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

  it("edits the clip watch's bylines one per line, languages as one list, and the e-mail switch", () => {
    const watching = siteToForm({
      ...site,
      bylines: ["Morgan", "M. Reyes"],
      writingLanguages: ["en", "pt-BR"],
      clipEmails: true,
    });
    expect(watching).toMatchObject({
      bylines: "Morgan\nM. Reyes",
      writingLanguages: "en, pt-BR",
      clipEmails: true,
    });
    expect(siteToForm(site)).toMatchObject({ bylines: "", writingLanguages: "", clipEmails: true });
    const form = {
      ...watching,
      bylines: " Morgan Reyes \n\nM. Reyes\n",
      writingLanguages: "en,pt-BR  es\nfr;",
      clipEmails: false,
    };
    expect(settingsPatch(form, ["bylines", "writingLanguages", "clipEmails"])).toEqual({
      bylines: ["Morgan Reyes", "M. Reyes"],
      writingLanguages: ["en", "pt-BR", "es", "fr"],
      clipEmails: false,
    });
    expect(changedKeys(watching, { clipEmails: true, writingLanguages: "en, pt-BR" })).toEqual([]);
  });

  it("maps the API's field paths to the form's fields", () => {
    expect(
      settingsErrors({
        "hero.latestArticleUrl": "Bad URL",
        "social.email": "Bad e-mail",
        "hero.professions.1": "Too long",
        "blockList.2": "Too long",
        "featuredOutlets.0": "Too long",
        "writingLanguages.1": "Use a language code such as en or pt-BR",
        bylines: "At most 20 entries",
      }),
    ).toEqual({
      latestArticleUrl: "Bad URL",
      email: "Bad e-mail",
      profession2: "Too long",
      blockedSenders: "Entry 3: Too long",
      "featuredOutlets.0": "Too long",
      writingLanguages: "Entry 2: Use a language code such as en or pt-BR",
      bylines: "At most 20 entries",
    });
  });

  it("sends the accounts as one group, other addresses one per line, and maps their messages back", () => {
    const form = {
      ...saved,
      mastodon: "@ada@mastodon.social",
      otherAccounts: " https://a.example/\n\nhttps://b.example/ ",
    };
    expect(settingsPatch(form, ["mastodon", "otherAccounts"])).toEqual({
      accounts: { mastodon: "@ada@mastodon.social", other: ["https://a.example/", "https://b.example/"] },
    });
    expect(settingsErrors({ "accounts.mastodon": "Bad", "accounts.other.1": "Bad URL" })).toEqual({
      mastodon: "Bad",
      otherAccounts: "Entry 2: Bad URL",
    });
  });
});
