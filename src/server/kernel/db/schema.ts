import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Site } from "../../../domain/content";
import type { LinkStatus } from "../../../domain/link-health";

/** Table definitions. Field shapes come from the zod schemas in src/domain/content.ts. */

const timestamps = {
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
};

export const siteTable = sqliteTable("site", {
  key: text("key").primaryKey(),
  data: text("data", { mode: "json" }).$type<Site>().notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const articlesTable = sqliteTable("articles", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  outlet: text("outlet").notNull(),
  url: text("url").notNull(),
  date: text("date").notNull(),
  description: text("description").notNull(),
  image: text("image").notNull(),
  featured: integer("featured", { mode: "boolean" }).notNull(),
  content: text("content").notNull(),
  tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
  ...timestamps,
});

/** Text extracted from the original page, kept so reader mode survives the original going offline. */
export const articleArchivesTable = sqliteTable("article_archives", {
  articleId: text("article_id")
    .primaryKey()
    .references(() => articlesTable.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  title: text("title").notNull(),
  author: text("author").notNull(),
  publishDate: text("publish_date").notNull(),
  image: text("image").notNull(),
  excerpt: text("excerpt").notNull(),
  content: text("content").notNull(),
  fetchedAt: text("fetched_at").notNull(),
});

/**
 * The newest link check of each article's original (docs/product.md, Link health). `url` is the
 * address that was checked: once the owner changes the article's address the row no longer
 * applies, and the next check starts afresh.
 */
export const linkChecksTable = sqliteTable("link_checks", {
  articleId: text("article_id")
    .primaryKey()
    .references(() => articlesTable.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  /** 'ok', 'moved', 'gone' or 'unreachable'; null until a check has given a verdict. */
  status: text("status").$type<LinkStatus>(),
  /** Where a 'moved' article now lives. */
  movedTo: text("moved_to"),
  checkedAt: text("checked_at").notNull(),
  /** Days in a row on which the check got no answer (DNS, timeout, 5xx); 3 make it 'unreachable'. */
  failures: integer("failures").notNull().default(0),
  lastFailedAt: text("last_failed_at"),
  /** Why the last check failed or was turned away, for the owner; null after a clean check. */
  note: text("note"),
});

export const experiencesTable = sqliteTable("experiences", {
  id: text("id").primaryKey(),
  role: text("role").notNull(),
  organization: text("organization").notNull(),
  type: text("type").notNull(),
  duration: text("duration").notNull(),
  bullets: text("bullets", { mode: "json" }).$type<string[]>().notNull(),
  links: text("links", { mode: "json" }).$type<{ label: string; url: string }[]>().notNull(),
  ...timestamps,
});

export const educationTable = sqliteTable("education", {
  id: text("id").primaryKey(),
  institution: text("institution").notNull(),
  credential: text("credential").notNull(),
  duration: text("duration").notNull(),
  details: text("details", { mode: "json" }).$type<string[]>().notNull(),
  ...timestamps,
});

export const contactMessagesTable = sqliteTable("contact_messages", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: text("created_at").notNull(),
  readAt: text("read_at"),
  /** 'kept' (no SMTP configured), 'queued' (waiting for delivery) or 'delivered'. */
  status: text("status").notNull(),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  nextAttemptAt: text("next_attempt_at"),
  deliveredAt: text("delivered_at"),
});

export const ownerTable = sqliteTable("owner", {
  id: integer("id").primaryKey(),
  email: text("email").notNull(),
  passwordHash: text("password_hash").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const sessionsTable = sqliteTable("sessions", {
  idHash: text("id_hash").primaryKey(),
  csrfToken: text("csrf_token").notNull(),
  createdAt: integer("created_at").notNull(),
  lastSeenAt: integer("last_seen_at").notNull(),
});

export const setupTokensTable = sqliteTable("setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: integer("expires_at").notNull(),
});

/** The newest committed write of each collection (Store.write prunes older rows); its sequence number is the live stream's event id. */
export const changesTable = sqliteTable("changes", {
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  collection: text("collection").notNull(),
  createdAt: text("created_at").notNull(),
});

/**
 * Back-catalogue imports (docs/decisions/028): the job, run by one process at a time (its lease),
 * taken over once after its process stopped, then left 'interrupted' for the owner.
 */
export const importJobsTable = sqliteTable("import_jobs", {
  id: text("id").primaryKey(),
  url: text("url").notNull(),
  /** 'discovering', 'reading', 'done', 'cancelled', 'failed' or 'interrupted'. */
  status: text("status").notNull(),
  /** What the URL turned out to be: 'feed', 'sitemap' or 'page' ('' until known). */
  kind: text("kind").notNull(),
  pagesRead: integer("pages_read").notNull(),
  error: text("error").notNull(),
  /** The process running the job (a random id per process), or null when none does. */
  holder: text("holder"),
  /** Epoch milliseconds until which `holder` owns the job; its heartbeat moves this on. */
  leaseUntil: integer("lease_until").notNull().default(0),
  /** How many times the job was taken over after the process running it stopped. */
  interruptions: integer("interruptions").notNull().default(0),
  ...timestamps,
});

/** The article links an import found, in the order found, with what their pages say once read. */
export const importCandidatesTable = sqliteTable(
  "import_candidates",
  {
    jobId: text("job_id")
      .notNull()
      .references(() => importJobsTable.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    url: text("url").notNull(),
    /** 'pending', 'ready', 'failed' or 'added'. */
    status: text("status").notNull(),
    title: text("title").notNull(),
    outlet: text("outlet").notNull(),
    date: text("date").notNull(),
    description: text("description").notNull(),
    image: text("image").notNull(),
    author: text("author").notNull(),
    content: text("content").notNull(),
    error: text("error").notNull(),
    articleId: text("article_id"),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.position] })],
);
