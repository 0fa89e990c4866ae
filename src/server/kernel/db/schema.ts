import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { PageAuthor } from "../../../domain/byline-evidence";
import type { Site } from "../../../domain/content";
import type { LinkStatus } from "../../../domain/link-health";
import type { ClipStatus, SourceKind, SourceState } from "../../../domain/clip-watch";
import type { CollectionVisibility } from "../../../domain/collections";
import type { WaybackSaveStatus } from "../../../domain/wayback";
import type { ReadKind } from "../../../domain/readership";
import type { AccountCheck } from "../../../domain/accounts";

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
  /** The owner's note on the clip's byline ('edited by the desk'), shown on the proof page. */
  bylineNote: text("byline_note").notNull().default(""),
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
  /**
   * Every name the captured page gave as its author, and where (the byline evidence, issue 39);
   * null for a copy kept before it was recorded.
   */
  authors: text("authors", { mode: "json" }).$type<PageAuthor[]>(),
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

/**
 * Each article's turn with Save Page Now (src/server/wayback; decision 037): the queue lives here
 * so a backlog drains across restarts. `url` is the address sent; when the article's address
 * changes, the row is queued again for the new one.
 */
export const waybackSavesTable = sqliteTable("wayback_saves", {
  articleId: text("article_id")
    .primaryKey()
    .references(() => articlesTable.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  status: text("status").$type<WaybackSaveStatus>().notNull(),
  /** Save Page Now's job while it captures (status 'pending'). */
  jobId: text("job_id"),
  attempts: integer("attempts").notNull().default(0),
  /** When the worker next sends (queued) or asks after the job (pending). */
  dueAt: text("due_at").notNull(),
  /** The last time this article was sent to Save Page Now: the pace counts these across restarts. */
  postedAt: text("posted_at"),
  savedAt: text("saved_at"),
  snapshotUrl: text("snapshot_url"),
  error: text("error"),
  queuedAt: text("queued_at").notNull(),
});

/**
 * The availability API's closest snapshot of a gone original of which Byline kept no text.
 * `snapshotUrl` null: the Wayback Machine had none when asked at `checkedAt`.
 */
export const waybackLookupsTable = sqliteTable("wayback_lookups", {
  articleId: text("article_id")
    .primaryKey()
    .references(() => articlesTable.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  snapshotUrl: text("snapshot_url"),
  checkedAt: text("checked_at").notNull(),
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
  /**
   * 'contact' (a visitor's message, listed in the dashboard) or 'notice' (a note from the site to
   * the owner, such as 'new clips are waiting': only delivered, never listed).
   */
  kind: text("kind").$type<"contact" | "notice">().notNull().default("contact"),
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

/**
 * The newest committed write of each topic (Store.write prunes older rows); its sequence number is the
 * live stream's event id. The column keeps its first name, `collection`.
 */
export const changesTable = sqliteTable("changes", {
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  topic: text("collection").notNull(),
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

/**
 * Clip watch (src/server/clip-watch): the addresses watched for new articles by the owner. `urlKey`
 * (articleUrlKey) keeps one source per address; `nextCheckAt` is its slot in the schedule.
 */
export const watchSourcesTable = sqliteTable("watch_sources", {
  id: text("id").primaryKey(),
  url: text("url").notNull(),
  urlKey: text("url_key").notNull().unique(),
  kind: text("kind").$type<SourceKind>().notNull(),
  gzipped: integer("gzipped", { mode: "boolean" }).notNull(),
  addedAt: text("added_at").notNull(),
  lastCheckedAt: text("last_checked_at"),
  lastNewClipAt: text("last_new_clip_at"),
  state: text("state").$type<SourceState>().notNull(),
  failures: integer("failures").notNull().default(0),
  failingSince: text("failing_since"),
  lastError: text("last_error").notNull().default(""),
  autoAdd: integer("auto_add", { mode: "boolean" }).notNull().default(false),
  nextCheckAt: text("next_check_at").notNull(),
});

/** The ETag and Last-Modified of each document a source's check reads, sent back to ask conditionally. */
export const watchValidatorsTable = sqliteTable(
  "watch_validators",
  {
    sourceId: text("source_id")
      .notNull()
      .references(() => watchSourcesTable.id, { onDelete: "cascade" }),
    urlKey: text("url_key").notNull(),
    etag: text("etag").notNull(),
    lastModified: text("last_modified").notNull(),
  },
  (table) => [primaryKey({ columns: [table.sourceId, table.urlKey] })],
);

/**
 * Links a source listed that were read (or were there when it was added): never read again, by any
 * source. Looked up link by link (by `urlKey` alone for any source); a source's rows that its
 * listing no longer names are deleted after each full read of it.
 */
export const watchSeenTable = sqliteTable(
  "watch_seen",
  {
    sourceId: text("source_id")
      .notNull()
      .references(() => watchSourcesTable.id, { onDelete: "cascade" }),
    urlKey: text("url_key").notNull(),
    seenAt: text("seen_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sourceId, table.urlKey] }),
    index("watch_seen_url_key").on(table.urlKey),
  ],
);

/**
 * The portfolio's articles each watched source lists, and when a check last saw them there: the
 * outlet author pages that witness a clip (the proof page, issue 39).
 */
export const watchListedTable = sqliteTable(
  "watch_listed",
  {
    sourceId: text("source_id")
      .notNull()
      .references(() => watchSourcesTable.id, { onDelete: "cascade" }),
    urlKey: text("url_key").notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.sourceId, table.urlKey] })],
);

/**
 * Pages that named the owner as author: waiting for the owner, added, or dismissed. One row per
 * address (`urlKey`), whichever source found it, so a dismissed clip never returns. The text is
 * kept until the owner decides.
 */
export const watchClipsTable = sqliteTable("watch_clips", {
  id: text("id").primaryKey(),
  url: text("url").notNull(),
  urlKey: text("url_key").notNull().unique(),
  sourceId: text("source_id").references(() => watchSourcesTable.id, { onDelete: "set null" }),
  title: text("title").notNull(),
  outlet: text("outlet").notNull(),
  date: text("date").notNull(),
  image: text("image").notNull(),
  description: text("description").notNull(),
  content: text("content").notNull(),
  reason: text("reason").notNull(),
  foundAt: text("found_at").notNull(),
  status: text("status").$type<ClipStatus>().notNull(),
  articleId: text("article_id").references(() => articlesTable.id, { onDelete: "set null" }),
  autoAdded: integer("auto_added", { mode: "boolean" }).notNull().default(false),
});

/** Copies of a portfolio article found elsewhere (syndication): 'Also published at …'. */
export const alsoPublishedTable = sqliteTable(
  "also_published",
  {
    articleId: text("article_id")
      .notNull()
      .references(() => articlesTable.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    urlKey: text("url_key").notNull(),
    foundAt: text("found_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.urlKey] })],
);

/** Author pages and feeds that pages the reader read link to: suggested sources, for pages in the portfolio. */
export const watchSuggestionsTable = sqliteTable("watch_suggestions", {
  urlKey: text("url_key").primaryKey(),
  url: text("url").notNull(),
  kind: text("kind").$type<"author-page" | "feed">().notNull(),
  pageUrl: text("page_url").notNull(),
  pageTitle: text("page_title").notNull(),
  notedAt: text("noted_at").notNull(),
});

/** Each 'new clips are waiting' e-mail queued (at most one a day). */
export const watchEmailsTable = sqliteTable("watch_emails", {
  sentAt: text("sent_at").primaryKey(),
  clips: integer("clips").notNull(),
});

/**
 * The owner's collections of clips (src/domain/collections.ts). `token` is the unlisted link's:
 * 'New link' replaces it, and the old one then finds nothing.
 */
export const collectionsTable = sqliteTable("collections", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  introduction: text("introduction").notNull(),
  articleIds: text("article_ids", { mode: "json" }).$type<string[]>().notNull(),
  visibility: text("visibility").$type<CollectionVisibility>().notNull(),
  token: text("token").notNull().unique(),
  ...timestamps,
});

/**
 * Read counts (src/server/readership, decision 035): one row per UTC day, kind ('article',
 * 'collection', 'pdf'), subject (the article's or collection's id) and referring host name ('' for
 * none or our own), holding how many were counted. Nothing that tells one visitor from another.
 */
export const readCountsTable = sqliteTable(
  "read_counts",
  {
    day: text("day").notNull(),
    kind: text("kind").$type<ReadKind>().notNull(),
    subject: text("subject").notNull(),
    referrerHost: text("referrer_host").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.kind, table.subject, table.referrerHost] })],
);

/**
 * Per collection, what its entry in the Collections tab says (opened, last, PDF downloaded) and
 * whether the owner asked for an e-mail at its first opening; gone with the collection.
 */
export const collectionReadsTable = sqliteTable("collection_reads", {
  collectionId: text("collection_id")
    .primaryKey()
    .references(() => collectionsTable.id, { onDelete: "cascade" }),
  opens: integer("opens").notNull().default(0),
  lastOpenedAt: text("last_opened_at"),
  pdfDownloads: integer("pdf_downloads").notNull().default(0),
  emailFirstOpen: integer("email_first_open", { mode: "boolean" }).notNull().default(false),
  /** When the first-opening e-mail was queued: it is sent once. */
  emailedAt: text("emailed_at"),
});

/**
 * Web archive (src/server/web-archive, docs/decisions/036, 039): every time a page became or
 * refreshed one of the owner's articles, kept as its own gzip-per-record WARC file
 * `DATA_DIR/archive/warc/<file>`. Captures are never replaced; they belong to their article and go
 * with it (the web archive then deletes the files no row names).
 */
export const capturesTable = sqliteTable(
  "captures",
  {
    id: text("id").primaryKey(),
    articleId: text("article_id")
      .notNull()
      .references(() => articlesTable.id, { onDelete: "cascade" }),
    /** The address asked for. */
    url: text("url").notNull(),
    /** The address that answered, after redirects (the WARC-Target-URI). */
    targetUrl: text("target_url").notNull(),
    capturedAt: text("captured_at").notNull(),
    status: integer("status").notNull(),
    /** Hex SHA-256 of the response body as received (the record's WARC-Payload-Digest). */
    payloadSha256: text("payload_sha256").notNull(),
    file: text("file").notNull(),
    fileBytes: integer("file_bytes").notNull(),
    /** Where the gzip member of the response record lies in the file. */
    responseOffset: integer("response_offset").notNull(),
    responseLength: integer("response_length").notNull(),
    /** The lead image captured with the page, or "" when there was none or it could not be fetched. */
    imageUrl: text("image_url").notNull(),
    imageSha256: text("image_sha256").notNull(),
  },
  (table) => [index("captures_article").on(table.articleId, table.capturedAt)],
);

/** The capture an article's archived text was extracted from: the text traced to its bytes. */
export const archiveCapturesTable = sqliteTable("archive_captures", {
  articleId: text("article_id")
    .primaryKey()
    .references(() => articlesTable.id, { onDelete: "cascade" }),
  captureId: text("capture_id")
    .notNull()
    .references(() => capturesTable.id, { onDelete: "cascade" }),
});

/**
 * Readers who follow the site by e-mail (src/server/email-follow). `waiting` until the address
 * confirms, then `confirmed`; `bouncing` once its mail server refused it permanently. The token
 * is the follower's unsubscribe link; the confirmation token is cleared once used.
 */
export const emailFollowersTable = sqliteTable("email_followers", {
  id: text("id").primaryKey(),
  /** Lower case, so one address is one follower. */
  email: text("email").notNull().unique(),
  status: text("status").$type<"waiting" | "confirmed" | "bouncing">().notNull(),
  token: text("token").notNull().unique(),
  confirmToken: text("confirm_token").unique(),
  confirmExpiresAt: text("confirm_expires_at"),
  /** When the last confirmation mail was queued: one a day at most. */
  confirmSentAt: text("confirm_sent_at"),
  createdAt: text("created_at").notNull(),
  confirmedAt: text("confirmed_at"),
});

/** One digest: the clips it announces, in the order mailed. */
export const emailDigestsTable = sqliteTable("email_digests", {
  id: text("id").primaryKey(),
  createdAt: text("created_at").notNull(),
  articleIds: text("article_ids", { mode: "json" }).$type<string[]>().notNull(),
});

/**
 * Every article the digests have seen, once: in a digest, or (digest null) known before anyone
 * could be told of it. An article not in here is new; this is the digests' high-water mark.
 */
export const emailDigestClipsTable = sqliteTable("email_digest_clips", {
  articleId: text("article_id").primaryKey(),
  digestId: text("digest_id"),
  seenAt: text("seen_at").notNull(),
});

/** Mails to followers waiting for, or done with, delivery: one per follower and digest at most. */
export const emailFollowMailsTable = sqliteTable(
  "email_follow_mails",
  {
    id: text("id").primaryKey(),
    followerId: text("follower_id")
      .notNull()
      .references(() => emailFollowersTable.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"confirm" | "digest">().notNull(),
    digestId: text("digest_id").references(() => emailDigestsTable.id, { onDelete: "cascade" }),
    status: text("status").$type<"queued" | "sent" | "failed">().notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: text("next_attempt_at"),
    createdAt: text("created_at").notNull(),
    sentAt: text("sent_at"),
  },
  (table) => [
    uniqueIndex("email_follow_mails_digest").on(table.followerId, table.digestId),
    index("email_follow_mails_due").on(table.status, table.nextAttemptAt),
  ],
);

/**
 * 'Check my accounts' (src/server/identity): the newest check of each of the owner's accounts,
 * by its address. A row whose address is no longer among the accounts is not shown.
 */
export const accountChecksTable = sqliteTable("account_checks", {
  url: text("url").primaryKey(),
  linksBack: integer("links_back", { mode: "boolean" }).notNull(),
  checkedAt: text("checked_at").notNull(),
  result: text("result", { mode: "json" }).$type<AccountCheck>().notNull(),
});

/**
 * Fediverse (src/server/fediverse, decision 042): Fedify's key-value store (its caches, the
 * site's key pairs, idempotence). `value` is JSON; `expiresAt` (ms since the epoch) null: kept.
 */
export const fediverseKvTable = sqliteTable("fediverse_kv", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  expiresAt: integer("expires_at"),
});

/**
 * Fedify's message queue: deliveries and received activities waiting, kept across restarts.
 * `readyAt` (ms) is when it may be taken; `takenUntil` (ms) a worker's lease on it.
 */
export const fediverseQueueTable = sqliteTable(
  "fediverse_queue",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    message: text("message").notNull(),
    readyAt: integer("ready_at").notNull(),
    orderingKey: text("ordering_key"),
    takenUntil: integer("taken_until"),
  },
  (table) => [index("fediverse_queue_ready").on(table.readyAt)],
);

/** Who follows the site's actor, with where to deliver to them. */
export const fediverseFollowersTable = sqliteTable("fediverse_followers", {
  actorId: text("actor_id").primaryKey(),
  handle: text("handle").notNull(),
  inbox: text("inbox").notNull(),
  sharedInbox: text("shared_inbox"),
  followId: text("follow_id").notNull(),
  followedAt: text("followed_at").notNull(),
});

/**
 * Each clip sent to followers as a `Create`, once: `failures` counts the inboxes that refused it,
 * `lastError` says why the last one did.
 */
export const fediverseSentTable = sqliteTable("fediverse_sent", {
  articleId: text("article_id").primaryKey(),
  title: text("title").notNull(),
  activityId: text("activity_id").notNull(),
  sentAt: text("sent_at").notNull(),
  followers: integer("followers").notNull(),
  failures: integer("failures").notNull().default(0),
  lastError: text("last_error"),
});
