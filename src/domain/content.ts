import { ARTICLE_LIMITS } from "./article-limits";
import { z } from "./zod";
import { httpUrl, imageUrl, optionalHttpUrl } from "./url-schemas";
import { accountFields, accountsSchema } from "./accounts";
import { honeypot, visitorEmail } from "./visitor-fields";

/**
 * The single definition of Byline's content. The database layer, the API and the admin
 * forms all derive their types and validation from these schemas.
 */

/** How often followers by e-mail hear of new clips. */
export const FOLLOW_CADENCES = ["immediately", "weekly"] as const;
export type FollowCadence = (typeof FOLLOW_CADENCES)[number];

const text = (max: number) => z.string().trim().max(max, `Keep it under ${max} characters`);
const required = (label: string, max: number) => text(max).min(1, `${label} is required`);
export const FEATURED_OUTLETS_MAX = 100;

const list = (max: number, itemMax: number) =>
  z.array(text(itemMax)).max(max, `At most ${max} entries`).default([]);

export const optionalEmail = z.union([
  z.literal(""),
  z.string().trim().max(254).pipe(z.email("Enter a valid e-mail address")),
]);

const heroFields = {
  location: text(120),
  tagline: text(300),
  latestArticleUrl: optionalHttpUrl,
  professions: z.tuple([text(80), text(80)]),
};
const socialFields = { linkedin: optionalHttpUrl, email: optionalEmail };
const currentRoleFields = {
  title: text(120),
  employer: text(200),
  place: text(200),
  description: text(2000),
};
/**
 * The site as a fediverse actor, `@handle@<PUBLIC_URL's host>` (src/server/fediverse): off until
 * the owner switches it on, and answering nothing without a handle.
 */
const fediverseFields = {
  enabled: z.boolean(),
  handle: z.union([
    z.literal(""),
    z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,30}$/i, "Use up to 30 letters, digits or underscores, without the @"),
  ]),
};
const siteFields = {
  name: required("Owner name", 120),
  strapline: text(300),
  heroImage: imageUrl,
  /** A square picture for the browser tab and home screens; empty: the owner's initials. */
  siteIcon: imageUrl,
  about: text(10000),
  /** Any reasonable number is stored; the Publications list shows the first few (front-page.ts). */
  featuredOutlets: z.array(text(120)).max(FEATURED_OUTLETS_MAX, `At most ${FEATURED_OUTLETS_MAX} entries`),
  /** E-mail addresses or @domains whose contact messages are refused (403). */
  blockList: z.array(text(254)).max(500, "At most 500 entries"),
  /** Clip watch: the names the owner publishes under; empty means the site's name. */
  bylines: z.array(text(120)).max(20, "At most 20 entries"),
  /** Clip watch: the languages the owner writes in (ISO 639 codes); empty means English, the site's. */
  writingLanguages: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i, "Use a language code such as en or pt-BR"),
    )
    .max(20, "At most 20 entries"),
  /** Clip watch: one e-mail, at most daily, when new clips wait. */
  clipEmails: z.boolean(),
  /** The contact form's promise under 'Thank you for reaching out!'. */
  replyNote: text(300),
  /** Follow by e-mail: the public form, and how often followers hear of new clips. */
  followByEmail: z.strictObject({ on: z.boolean(), cadence: z.enum(FOLLOW_CADENCES) }),
};

/** The spec's promise, until the owner words their own. */
export const DEFAULT_REPLY_NOTE = "I typically respond within 24 hours during business days.";

export const siteSchema = z.object({
  ...siteFields,
  strapline: siteFields.strapline.default(""),
  heroImage: siteFields.heroImage.default(""),
  siteIcon: siteFields.siteIcon.default(""),
  about: siteFields.about.default(""),
  featuredOutlets: siteFields.featuredOutlets.default([]),
  blockList: siteFields.blockList.default([]),
  bylines: siteFields.bylines.default([]),
  writingLanguages: siteFields.writingLanguages.default([]),
  clipEmails: siteFields.clipEmails.default(true),
  replyNote: siteFields.replyNote.default(DEFAULT_REPLY_NOTE),
  followByEmail: siteFields.followByEmail.default({ on: false, cadence: "immediately" }),
  hero: z
    .object({
      location: heroFields.location.default(""),
      tagline: heroFields.tagline.default(""),
      latestArticleUrl: heroFields.latestArticleUrl.default(""),
      professions: heroFields.professions.default(["", ""]),
    })
    .default({ location: "", tagline: "", latestArticleUrl: "", professions: ["", ""] }),
  social: z
    .object({ linkedin: socialFields.linkedin.default(""), email: socialFields.email.default("") })
    .default({ linkedin: "", email: "" }),
  accounts: accountsSchema,
  currentRole: z
    .object({
      title: currentRoleFields.title.default(""),
      employer: currentRoleFields.employer.default(""),
      place: currentRoleFields.place.default(""),
      description: currentRoleFields.description.default(""),
    })
    .default({ title: "", employer: "", place: "", description: "" }),
  fediverse: z
    .object({ enabled: fediverseFields.enabled.default(false), handle: fediverseFields.handle.default("") })
    .default({ enabled: false, handle: "" }),
});
export type Site = z.infer<typeof siteSchema>;

const sitePatch = (object: typeof z.strictObject) =>
  object({
    ...siteFields,
    hero: object(heroFields).partial(),
    social: object(socialFields).partial(),
    accounts: object(accountFields).partial(),
    currentRole: object(currentRoleFields).partial(),
    fediverse: object(fediverseFields).partial(),
  }).partial();

/** A merge into the stored settings: any subset of fields; nested groups merge field by field. Unknown fields are refused. */
export const sitePatchSchema = sitePatch(z.strictObject);

/** Import takes other sites' documents too: fields we do not know are dropped, not refused. */
export const siteImportSchema = sitePatch(z.object as typeof z.strictObject);
export type SitePatch = z.infer<typeof sitePatchSchema>;

export const articleInputSchema = z.object({
  title: required("Title", ARTICLE_LIMITS.title),
  outlet: required("Outlet", ARTICLE_LIMITS.outlet),
  url: httpUrl,
  date: text(40).default(""),
  description: text(ARTICLE_LIMITS.description).default(""),
  image: imageUrl.default(""),
  featured: z.boolean().default(false),
  content: text(ARTICLE_LIMITS.content).default(""),
  tags: list(20, 40),
  /** Shown on the proof page beside a clip whose page does not name the owner. */
  bylineNote: text(ARTICLE_LIMITS.bylineNote).optional(),
});
export type ArticleInput = z.infer<typeof articleInputSchema>;

/** Stored articles may hold the new-item defaults' empty fields (outlet and url are filled in later). */
export const storedArticleSchema = articleInputSchema.extend({
  outlet: text(ARTICLE_LIMITS.outlet).default(""),
  url: optionalHttpUrl.default(""),
});

const linkSchema = z.object({ label: required("Label", 120), url: httpUrl });

export const experienceInputSchema = z.object({
  role: required("Role", 200),
  organization: required("Organization", 200),
  type: text(60).default(""),
  duration: text(80).default(""),
  bullets: list(30, 1000),
  links: z.array(linkSchema).max(20, "At most 20 links").default([]),
});
export type ExperienceInput = z.infer<typeof experienceInputSchema>;

export const educationInputSchema = z.object({
  institution: required("Institution", 200),
  credential: text(200).default(""),
  duration: required("Duration", 80),
  details: list(30, 1000),
});
export type EducationInput = z.infer<typeof educationInputSchema>;

const stored = { id: z.string(), createdAt: z.string(), updatedAt: z.string() };

export const articleSchema = storedArticleSchema.extend(stored);
/**
 * Set only on an article whose original the link check found gone (docs/product.md, Link
 * health): "archived" when Byline still holds its text, "unarchived" when it holds none. It is
 * all visitors learn of the checks.
 */
export type OriginalGone = "archived" | "unarchived";
/**
 * `wayback`: the Wayback Machine's copy of the article's page (decision 037), set when Save Page
 * Now saved it or, for a gone original Byline kept no text of, the availability API found one.
 */
export type Article = z.infer<typeof articleSchema> & { gone?: OriginalGone; wayback?: string };
export const experienceSchema = experienceInputSchema.extend(stored);
export type Experience = z.infer<typeof experienceSchema>;
export const educationSchema = educationInputSchema.extend(stored);
export type Education = z.infer<typeof educationSchema>;

export const contactMessageInputSchema = z.object({
  name: required("Name", 120),
  email: visitorEmail,
  subject: required("Subject", 200),
  message: required("Message", 5000),
  website: honeypot,
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

/** How a stored contact message stands: kept for the dashboard only, waiting for delivery, or delivered. */
export const MESSAGE_STATUSES = ["kept", "queued", "delivered"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A contact message as the owner's inbox sees it (`GET /api/messages`). Times are ISO strings. */
export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  readAt: string | null;
  status: MessageStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
};

/** What live events name. */
export const TOPICS = [
  "site",
  "articles",
  "experiences",
  "education",
  "messages",
  "links",
  "imports",
  "watch",
  "collections",
  "private-collections",
  "wayback",
  "readers",
  "followers",
  "identity",
  "fediverse",
] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * The collections only the owner sees (contact messages, clip collections private before and after
 * a write, link checks and archived copies, import jobs, read counts): a visitor's live stream
 * never names them, and a write to them leaves cached public pages as they are.
 */
export const OWNER_ONLY_TOPICS: ReadonlySet<Topic> = new Set([
  "messages",
  "private-collections",
  "links",
  "imports",
  "watch",
  "wayback",
  "readers",
  "followers",
  "fediverse",
]);

export const credentialsSchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(254).pipe(z.email("Enter a valid e-mail address")),
  password: z.string().min(1, "Password is required").max(1024),
});

export const newPasswordSchema = z
  .string()
  .min(12, "Use at least 12 characters")
  .max(1024, "Keep it under 1024 characters");
