import type { FollowCadence, Site, SitePatch } from "../../../domain/content";
import type { FieldErrors } from "../../lib/form-kit/form-fields";

/**
 * The settings editor's fields, flat; the blocked senders and the bylines are one per line, the
 * writing languages one text ('en, pt-BR').
 */
export type SettingsForm = {
  name: string;
  strapline: string;
  heroImage: string;
  siteIcon: string;
  location: string;
  tagline: string;
  latestArticleUrl: string;
  profession1: string;
  profession2: string;
  about: string;
  featuredOutlets: string[];
  linkedin: string;
  email: string;
  mastodon: string;
  bluesky: string;
  blueskyDid: string;
  muckRack: string;
  threads: string;
  x: string;
  otherAccounts: string;
  roleTitle: string;
  roleEmployer: string;
  rolePlace: string;
  roleDescription: string;
  blockedSenders: string;
  bylines: string;
  writingLanguages: string;
  clipEmails: boolean;
  replyNote: string;
  followOn: boolean;
  followCadence: FollowCadence;
  fediverseEnabled: boolean;
  fediverseHandle: string;
};
export type SettingsKey = keyof SettingsForm;
/** Only what the owner has touched; everything else follows the stored settings live. */
export type SettingsEdits = Partial<SettingsForm>;

export function siteToForm(site: Site): SettingsForm {
  return {
    name: site.name,
    strapline: site.strapline,
    heroImage: site.heroImage,
    siteIcon: site.siteIcon,
    location: site.hero.location,
    tagline: site.hero.tagline,
    latestArticleUrl: site.hero.latestArticleUrl,
    profession1: site.hero.professions[0],
    profession2: site.hero.professions[1],
    about: site.about,
    featuredOutlets: [...site.featuredOutlets],
    linkedin: site.social.linkedin,
    email: site.social.email,
    mastodon: site.accounts.mastodon,
    bluesky: site.accounts.bluesky,
    blueskyDid: site.accounts.blueskyDid,
    muckRack: site.accounts.muckRack,
    threads: site.accounts.threads,
    x: site.accounts.x,
    otherAccounts: site.accounts.other.join("\n"),
    roleTitle: site.currentRole.title,
    roleEmployer: site.currentRole.employer,
    rolePlace: site.currentRole.place,
    roleDescription: site.currentRole.description,
    blockedSenders: site.blockList.join("\n"),
    bylines: site.bylines.join("\n"),
    writingLanguages: site.writingLanguages.join(", "),
    clipEmails: site.clipEmails,
    replyNote: site.replyNote,
    followOn: site.followByEmail.on,
    followCadence: site.followByEmail.cadence,
    fediverseEnabled: site.fediverse.enabled,
    fediverseHandle: site.fediverse.handle,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The edited fields whose value differs from the stored one. */
export function changedKeys(saved: SettingsForm, edits: SettingsEdits): SettingsKey[] {
  return (Object.keys(edits) as SettingsKey[]).filter((key) => !same(edits[key], saved[key]));
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** Language codes as the owner types them: separated by commas, spaces or lines. */
const codes = (text: string) => text.split(/[\s,;]+/).filter((code) => code !== "");

/**
 * The merge for `PUT /api/site`: only the changed fields, so a change made meanwhile in another
 * tab to a field the owner did not touch is kept. The two professions travel together.
 */
export function settingsPatch(form: SettingsForm, keys: readonly SettingsKey[]): SitePatch {
  const has = (...wanted: SettingsKey[]) => wanted.some((key) => keys.includes(key));
  const pick = <T extends object>(entries: [SettingsKey, keyof T, unknown][]): Partial<T> | undefined => {
    const picked = entries.filter(([key]) => keys.includes(key)).map(([, field, value]) => [field, value]);
    return picked.length > 0 ? (Object.fromEntries(picked) as Partial<T>) : undefined;
  };
  const hero = pick<NonNullable<SitePatch["hero"]>>([
    ["location", "location", form.location],
    ["tagline", "tagline", form.tagline],
    ["latestArticleUrl", "latestArticleUrl", form.latestArticleUrl],
  ]);
  const professions: [string, string] | undefined = has("profession1", "profession2")
    ? [form.profession1, form.profession2]
    : undefined;
  const social = pick<NonNullable<SitePatch["social"]>>([
    ["linkedin", "linkedin", form.linkedin],
    ["email", "email", form.email],
  ]);
  const accounts = pick<NonNullable<SitePatch["accounts"]>>([
    ["mastodon", "mastodon", form.mastodon],
    ["bluesky", "bluesky", form.bluesky],
    ["blueskyDid", "blueskyDid", form.blueskyDid],
    ["muckRack", "muckRack", form.muckRack],
    ["threads", "threads", form.threads],
    ["x", "x", form.x],
    ["otherAccounts", "other", lines(form.otherAccounts)],
  ]);
  const currentRole = pick<NonNullable<SitePatch["currentRole"]>>([
    ["roleTitle", "title", form.roleTitle],
    ["roleEmployer", "employer", form.roleEmployer],
    ["rolePlace", "place", form.rolePlace],
    ["roleDescription", "description", form.roleDescription],
  ]);
  const fediverse = pick<NonNullable<SitePatch["fediverse"]>>([
    ["fediverseEnabled", "enabled", form.fediverseEnabled],
    ["fediverseHandle", "handle", form.fediverseHandle],
  ]);
  const patch: SitePatch = {};
  if (has("name")) patch.name = form.name;
  if (has("strapline")) patch.strapline = form.strapline;
  if (has("heroImage")) patch.heroImage = form.heroImage;
  if (has("siteIcon")) patch.siteIcon = form.siteIcon;
  if (has("about")) patch.about = form.about;
  if (has("featuredOutlets"))
    patch.featuredOutlets = form.featuredOutlets.filter((outlet) => outlet.trim() !== "");
  if (has("blockedSenders")) patch.blockList = lines(form.blockedSenders);
  if (has("bylines")) patch.bylines = lines(form.bylines);
  if (has("writingLanguages")) patch.writingLanguages = codes(form.writingLanguages);
  if (has("clipEmails")) patch.clipEmails = form.clipEmails;
  if (has("replyNote")) patch.replyNote = form.replyNote;
  if (has("followOn", "followCadence"))
    patch.followByEmail = { on: form.followOn, cadence: form.followCadence };
  if (hero || professions) patch.hero = { ...hero, ...(professions ? { professions } : {}) };
  if (social) patch.social = social;
  if (accounts) patch.accounts = accounts;
  if (currentRole) patch.currentRole = currentRole;
  if (fediverse) patch.fediverse = fediverse;
  return patch;
}

const PATCH_PATHS: Record<string, SettingsKey> = {
  "hero.location": "location",
  "hero.tagline": "tagline",
  "hero.latestArticleUrl": "latestArticleUrl",
  "hero.professions.0": "profession1",
  "hero.professions.1": "profession2",
  "social.linkedin": "linkedin",
  "social.email": "email",
  "accounts.mastodon": "mastodon",
  "accounts.bluesky": "bluesky",
  "accounts.blueskyDid": "blueskyDid",
  "accounts.muckRack": "muckRack",
  "accounts.threads": "threads",
  "accounts.x": "x",
  "currentRole.title": "roleTitle",
  "currentRole.employer": "roleEmployer",
  "currentRole.place": "rolePlace",
  "currentRole.description": "roleDescription",
  "fediverse.enabled": "fediverseEnabled",
  "fediverse.handle": "fediverseHandle",
};

/** The lists the form edits as one text: the API's 'blockList.2' is the text's third entry. */
const LIST_FIELDS: Record<string, SettingsKey> = {
  blockList: "blockedSenders",
  bylines: "bylines",
  writingLanguages: "writingLanguages",
  "accounts.other": "otherAccounts",
};

/** The API's messages ('hero.location', 'blockList.2') under the form's field names. */
export function settingsErrors(fields: FieldErrors): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const entry = /^([\w.]+?)(?:\.(\d+))?$/.exec(path);
    const list = entry ? LIST_FIELDS[entry[1]!] : undefined;
    if (entry && list)
      errors[list] ??= entry[2] === undefined ? message : `Entry ${Number(entry[2]) + 1}: ${message}`;
    else errors[PATCH_PATHS[path] ?? path] ??= message;
  }
  return errors;
}
