import { z } from "./zod";

/** How much of the demo is still in the site (src/server/content/demo-removal.ts). */
export const demoLeftSchema = z.object({
  articles: z.number().int(),
  experiences: z.number().int(),
  education: z.number().int(),
  /** Some setting (e-mail, LinkedIn, portrait, biography, outlets...) is still the demo's. */
  settings: z.boolean(),
});
export type DemoLeft = z.infer<typeof demoLeftSchema>;

export const demoIsGone = (left: DemoLeft) =>
  left.articles + left.experiences + left.education === 0 && !left.settings;

/** The 'Make it yours' checklist: each step done or not. */
export const checklistSchema = z.object({
  /** Their own name (what they do is in the same Settings group). */
  identity: z.boolean(),
  /** An e-mail of their own, or CONTACT_TO. */
  contact: z.boolean(),
  photo: z.boolean(),
  links: z.boolean(),
  /** A clip of their own in the portfolio. */
  clips: z.boolean(),
  demoRemoved: z.boolean(),
});
export type Checklist = z.infer<typeof checklistSchema>;

/** `GET /api/home`: the dashboard's Home tab (docs/product.md, Sign-in and dashboard). */
export const homeSummarySchema = z.object({
  needs: z.object({
    newClips: z.number().int(),
    unreadMessages: z.number().int(),
    /** Gone or unreachable originals. */
    brokenLinks: z.number().int(),
    waybackFailures: z.number().int(),
    /** Clips an import read that are not in the portfolio yet. */
    importWaiting: z.number().int(),
    /** The last import stopped and waits for Resume or Cancel. */
    importInterrupted: z.boolean(),
  }),
  /** The last 7 days, today included. */
  readers: z.object({ articleOpens: z.number().int(), collectionOpens: z.number().int() }),
  archive: z.object({ count: z.number().int(), lastCapturedAt: z.string().nullable() }),
  backup: z.object({ lastAt: z.string().nullable() }),
  /** The data directory's disk (issue 41); `low` says why it warns, null when it does not. */
  disk: z.object({
    freeBytes: z.number(),
    totalBytes: z.number(),
    warnBelowBytes: z.number(),
    low: z.string().nullable(),
    usage: z.object({
      captures: z.number(),
      imageCache: z.number(),
      uploads: z.number(),
      backups: z.number(),
    }),
  }),
  /** Where contact mail goes: CONTACT_TO or the owner's own e-mail; null when nowhere. */
  contactTo: z.string().nullable(),
  mailConfigured: z.boolean(),
  checklist: checklistSchema,
  demo: demoLeftSchema,
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

/** Days a backup may age before Home asks for a new one. */
export const BACKUP_STALE_DAYS = 7;

export const checklistDone = (checklist: Checklist) => Object.values(checklist).every(Boolean);
