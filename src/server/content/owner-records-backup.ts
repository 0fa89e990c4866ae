import { eq } from "drizzle-orm";
import { z } from "zod";
import { articleUrlKey } from "../../domain/article-url";
import { SOURCE_KINDS } from "../../domain/clip-watch";
import { COLLECTION_LIMITS, COLLECTION_VISIBILITIES } from "../../domain/collections";
import { MESSAGE_STATUSES } from "../../domain/content";
import type { Topic } from "../../domain/content";
import { httpUrl } from "../../domain/url-schemas";
import type { Drizzle } from "../kernel/db/open-database";
import {
  collectionReadsTable,
  collectionsTable,
  contactMessagesTable,
  readCountsTable,
  watchClipsTable,
  watchSeenTable,
  watchSourcesTable,
} from "../kernel/db/schema";

/**
 * What the owner made besides the content `content-backup.ts` carries: collections (with their
 * readership notes), watched sources (with the links each has already seen, so a restored source
 * does not offer old articles again), clips waiting, added or dismissed, read counts and contact
 * messages. Each part is optional in an import file: an older export without it leaves that part
 * of the site as it is; a part present replaces it.
 */

const id = z.string().min(1).max(200);
const time = z.string().min(1).max(40);
const text = (max: number) => z.string().max(max);

const collectionSchema = z.object({
  id,
  title: z.string().trim().min(1).max(COLLECTION_LIMITS.title),
  introduction: text(COLLECTION_LIMITS.introduction),
  articleIds: z.array(id).max(COLLECTION_LIMITS.articles),
  visibility: z.enum(COLLECTION_VISIBILITIES),
  token: z.string().regex(/^[A-Za-z0-9_-]{24}$/, "not a collection link"),
  createdAt: time,
  updatedAt: time,
  reads: z
    .object({
      opens: z.number().int().min(0),
      lastOpenedAt: time.nullable(),
      pdfDownloads: z.number().int().min(0),
      emailFirstOpen: z.boolean(),
      emailedAt: time.nullable(),
    })
    .optional(),
});

const sourceSchema = z.object({
  id,
  url: httpUrl,
  kind: z.enum(SOURCE_KINDS),
  gzipped: z.boolean(),
  addedAt: time,
  autoAdd: z.boolean().default(false),
  lastCheckedAt: time.nullable().default(null),
  lastNewClipAt: time.nullable().default(null),
  /** The links (their article keys) the source had listed: never offered again. */
  seen: z.array(text(4000)).max(100_000).default([]),
});

const clipSchema = z.object({
  id,
  url: httpUrl,
  sourceId: id.nullable(),
  title: text(1000),
  outlet: text(200),
  date: text(40),
  image: text(4000),
  description: text(10_000),
  content: text(500_000),
  reason: text(1000),
  foundAt: time,
  status: z.enum(["waiting", "added", "dismissed"]),
  articleId: id.nullable(),
  autoAdded: z.boolean().default(false),
});

const readCountSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  kind: z.enum(["article", "collection", "pdf"]),
  subject: text(200),
  referrerHost: text(253),
  count: z.number().int().min(0),
});

const messageSchema = z.object({
  id,
  name: text(200),
  email: text(254),
  subject: text(200),
  message: text(5000),
  createdAt: time,
  readAt: time.nullable(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int().min(0).default(0),
  lastError: text(2000).nullable().default(null),
  nextAttemptAt: time.nullable().default(null),
  deliveredAt: time.nullable().default(null),
});

export const ownerRecordsImportShape = {
  collections: z.array(collectionSchema).max(10_000).optional(),
  sources: z.array(sourceSchema).max(1000).optional(),
  clips: z.array(clipSchema).max(100_000).optional(),
  readCounts: z.array(readCountSchema).max(1_000_000).optional(),
  messages: z.array(messageSchema).max(100_000).optional(),
};

type OwnerRecords = {
  [K in keyof typeof ownerRecordsImportShape]?: z.infer<(typeof ownerRecordsImportShape)[K]>;
};

export function exportOwnerRecords(db: Drizzle) {
  const reads = new Map(
    db
      .select()
      .from(collectionReadsTable)
      .all()
      .map((row) => [row.collectionId, row]),
  );
  const seen = new Map<string, string[]>();
  for (const row of db.select().from(watchSeenTable).all()) {
    seen.set(row.sourceId, [...(seen.get(row.sourceId) ?? []), row.urlKey]);
  }
  return {
    collections: db
      .select()
      .from(collectionsTable)
      .all()
      .map((collection) => {
        const read = reads.get(collection.id);
        if (!read) return collection;
        const { collectionId: _collectionId, ...rest } = read;
        return { ...collection, reads: rest };
      }),
    sources: db
      .select()
      .from(watchSourcesTable)
      .all()
      .map(({ id, url, kind, gzipped, addedAt, autoAdd, lastCheckedAt, lastNewClipAt }) => ({
        id,
        url,
        kind,
        gzipped,
        addedAt,
        autoAdd,
        lastCheckedAt,
        lastNewClipAt,
        seen: seen.get(id) ?? [],
      })),
    clips: db
      .select()
      .from(watchClipsTable)
      .all()
      .map(({ urlKey: _urlKey, ...clip }) => clip),
    readCounts: db.select().from(readCountsTable).all(),
    // Notices are the site's notes to the owner, not the owner's messages.
    messages: db
      .select()
      .from(contactMessagesTable)
      .where(eq(contactMessagesTable.kind, "contact"))
      .all()
      .map(({ kind: _kind, ...message }) => message),
  };
}

/**
 * What an import file's owner records would break: links between them (a clip's source and
 * article) and addresses that must be unique. `articleIds` are the articles the import leaves; a
 * file without sources keeps the site's.
 */
export function ownerRecordsProblems(
  db: Drizzle,
  data: OwnerRecords,
  articleIds: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  const duplicates = (part: string, values: string[]) => {
    const seen = new Set<string>();
    values.forEach((value, index) => {
      if (seen.has(value)) problems.push(`${part}.${index}: appears twice (${value})`);
      seen.add(value);
    });
  };
  duplicates(
    "collections",
    (data.collections ?? []).map((c) => c.id),
  );
  duplicates(
    "collections",
    (data.collections ?? []).map((c) => c.token),
  );
  duplicates(
    "sources",
    (data.sources ?? []).map((s) => s.id),
  );
  duplicates(
    "sources",
    (data.sources ?? []).map((s) => articleUrlKey(s.url)),
  );
  duplicates(
    "clips",
    (data.clips ?? []).map((c) => c.id),
  );
  duplicates(
    "clips",
    (data.clips ?? []).map((c) => articleUrlKey(c.url)),
  );
  duplicates(
    "messages",
    (data.messages ?? []).map((m) => m.id),
  );
  duplicates(
    "readCounts",
    (data.readCounts ?? []).map((r) => [r.day, r.kind, r.subject, r.referrerHost].join(" ")),
  );
  const sources = new Set(
    data.sources
      ? data.sources.map((s) => s.id)
      : db
          .select({ id: watchSourcesTable.id })
          .from(watchSourcesTable)
          .all()
          .map((s) => s.id),
  );
  (data.clips ?? []).forEach((clip, index) => {
    if (clip.sourceId !== null && !sources.has(clip.sourceId)) {
      problems.push(`clips.${index}.sourceId: no watched source ${clip.sourceId}`);
    }
    if (clip.articleId !== null && !articleIds.has(clip.articleId)) {
      problems.push(`clips.${index}.articleId: no article ${clip.articleId}`);
    }
  });
  return problems;
}

/** The live events a write of these records makes. */
export function ownerRecordsCollections(data: OwnerRecords): Topic[] {
  return [
    ...(data.collections ? (["collections", "private-collections"] as const) : []),
    ...(data.sources || data.clips ? (["watch"] as const) : []),
    ...(data.readCounts || data.collections ? (["readers"] as const) : []),
    ...(data.messages ? (["messages"] as const) : []),
  ];
}

/** Replaces each part the file has, inside the import's transaction. */
export function writeOwnerRecords(db: Drizzle, data: OwnerRecords, now: string): void {
  if (data.collections) {
    db.delete(collectionsTable).run();
    for (const { reads, ...collection } of data.collections) {
      db.insert(collectionsTable).values(collection).run();
      if (reads)
        db.insert(collectionReadsTable)
          .values({ collectionId: collection.id, ...reads })
          .run();
    }
  }
  if (data.sources) {
    db.delete(watchSourcesTable).run();
    for (const { seen, ...source } of data.sources) {
      db.insert(watchSourcesTable)
        .values({ ...source, urlKey: articleUrlKey(source.url), state: "ok", nextCheckAt: now })
        .run();
      for (const urlKey of new Set(seen)) {
        db.insert(watchSeenTable).values({ sourceId: source.id, urlKey, seenAt: now }).run();
      }
    }
  }
  if (data.clips) {
    db.delete(watchClipsTable).run();
    for (const clip of data.clips) {
      db.insert(watchClipsTable)
        .values({ ...clip, urlKey: articleUrlKey(clip.url) })
        .run();
    }
  }
  if (data.readCounts) {
    db.delete(readCountsTable).run();
    for (const row of data.readCounts) db.insert(readCountsTable).values(row).run();
  }
  if (data.messages) {
    db.delete(contactMessagesTable).where(eq(contactMessagesTable.kind, "contact")).run();
    for (const message of data.messages) {
      db.insert(contactMessagesTable)
        .values({ ...message, kind: "contact" })
        .run();
    }
  }
}
