import { and, asc, desc, eq, gt, lte, ne, or, sql } from "drizzle-orm";
import type { OfferedClip, WatchedSource } from "../../domain/clip-watch";
import type { Drizzle, Store } from "../kernel/db/open-database";
import {
  alsoPublishedTable,
  watchClipsTable as clips,
  watchEmailsTable,
  watchSeenTable as seen,
  watchSourcesTable as sources,
  watchSuggestionsTable as suggestions,
  watchValidatorsTable as validators,
} from "../kernel/db/schema";

export type SourceRow = typeof sources.$inferSelect;
export type ClipRow = typeof clips.$inferSelect;
export type SuggestionRow = typeof suggestions.$inferSelect;

export const toSource = ({ urlKey: _urlKey, nextCheckAt: _next, ...row }: SourceRow): WatchedSource => row;

export const toClip = ({
  urlKey: _urlKey,
  description,
  content: _content,
  ...row
}: ClipRow): OfferedClip => ({
  ...row,
  excerpt: description,
});

/**
 * The clip watch's tables. Reads go straight to SQLite (only the owner reads them); writes take
 * the `db` of the caller's Store.write, so each change and its "watch" event are one transaction.
 */
export function createWatchRepository(store: Store) {
  const { db } = store;
  return {
    sources: (): SourceRow[] =>
      db.select().from(sources).orderBy(asc(sources.addedAt), asc(sources.id)).all(),
    source: (id: string) => db.select().from(sources).where(eq(sources.id, id)).get(),
    sourceByKey: (urlKey: string) => db.select().from(sources).where(eq(sources.urlKey, urlKey)).get(),
    /** Sources due a check at `at` (paused ones wait for the owner). */
    dueSources: (at: string): SourceRow[] =>
      db
        .select()
        .from(sources)
        .where(and(ne(sources.state, "paused"), lte(sources.nextCheckAt, at)))
        .orderBy(asc(sources.nextCheckAt))
        .all(),
    /** Adds a source unless one with its key exists; returns whether it was added. */
    insertSource: (tx: Drizzle, row: SourceRow): boolean =>
      tx.insert(sources).values(row).onConflictDoNothing().run().changes > 0,
    updateSource: (tx: Drizzle, id: string, values: Partial<SourceRow>) =>
      tx.update(sources).set(values).where(eq(sources.id, id)).run(),
    removeSource: (tx: Drizzle, id: string): boolean =>
      tx.delete(sources).where(eq(sources.id, id)).run().changes > 0,

    /** The link keys every source has read or passed over: not read again. */
    seenKeys: (): string[] =>
      db
        .selectDistinct({ urlKey: seen.urlKey })
        .from(seen)
        .all()
        .map((row) => row.urlKey),
    markSeen(tx: Drizzle, sourceId: string, urlKeys: readonly string[], at: string): void {
      for (const urlKey of new Set(urlKeys)) {
        tx.insert(seen).values({ sourceId, urlKey, seenAt: at }).onConflictDoNothing().run();
      }
    },

    /** The validators of a document a source read before (empty strings: read, but ask in full next time). */
    validators: (sourceId: string, urlKey: string) =>
      db
        .select()
        .from(validators)
        .where(and(eq(validators.sourceId, sourceId), eq(validators.urlKey, urlKey)))
        .get(),
    putValidators(tx: Drizzle, row: typeof validators.$inferSelect): void {
      const { etag, lastModified } = row;
      tx.insert(validators)
        .values(row)
        .onConflictDoUpdate({ target: [validators.sourceId, validators.urlKey], set: { etag, lastModified } })
        .run();
    },

    clip: (id: string) => db.select().from(clips).where(eq(clips.id, id)).get(),
    clipByKey: (urlKey: string) => db.select().from(clips).where(eq(clips.urlKey, urlKey)).get(),
    clipKeys: (): string[] =>
      db
        .select({ urlKey: clips.urlKey })
        .from(clips)
        .all()
        .map((row) => row.urlKey),
    /** Stores a clip unless its address was offered before (from any source); returns whether it was new. */
    insertClip: (tx: Drizzle, row: ClipRow): boolean =>
      tx.insert(clips).values(row).onConflictDoNothing().run().changes > 0,
    updateClip: (tx: Drizzle, id: string, values: Partial<ClipRow>) =>
      tx.update(clips).set(values).where(eq(clips.id, id)).run(),
    /** Waiting clips, newest first, then those added without asking since `since` (for the undo). */
    shownClips: (since: string): ClipRow[] =>
      db
        .select()
        .from(clips)
        .where(
          or(
            eq(clips.status, "waiting"),
            and(eq(clips.status, "added"), eq(clips.autoAdded, true), gt(clips.foundAt, since)),
          ),
        )
        .orderBy(sql`${clips.status} = 'waiting' desc`, desc(clips.foundAt), asc(clips.id))
        .all(),
    waitingClips: (): ClipRow[] =>
      db.select().from(clips).where(eq(clips.status, "waiting")).orderBy(desc(clips.foundAt)).all(),

    alsoPublishedAt: (articleId: string): string[] =>
      db
        .select({ url: alsoPublishedTable.url })
        .from(alsoPublishedTable)
        .where(eq(alsoPublishedTable.articleId, articleId))
        .orderBy(asc(alsoPublishedTable.foundAt), asc(alsoPublishedTable.url))
        .all()
        .map((row) => row.url),
    addAlsoPublished(tx: Drizzle, row: typeof alsoPublishedTable.$inferSelect): void {
      tx.insert(alsoPublishedTable).values(row).onConflictDoNothing().run();
    },

    suggestions: (): SuggestionRow[] =>
      db.select().from(suggestions).orderBy(desc(suggestions.notedAt), asc(suggestions.urlKey)).all(),
    /** Notes suggested sources (no live event: the reader notes them as visitors read). */
    noteSuggestions(rows: readonly SuggestionRow[]): void {
      if (rows.length === 0) return;
      db.transaction((tx) => {
        for (const row of rows) {
          const { url, kind, pageUrl, pageTitle, notedAt } = row;
          tx.insert(suggestions)
            .values(row)
            .onConflictDoUpdate({
              target: suggestions.urlKey,
              set: { url, kind, pageUrl, pageTitle, notedAt },
            })
            .run();
        }
      });
    },

    lastEmailAt: (): string | undefined =>
      db
        .select({ sentAt: watchEmailsTable.sentAt })
        .from(watchEmailsTable)
        .orderBy(desc(watchEmailsTable.sentAt))
        .limit(1)
        .get()?.sentAt,
    recordEmail: (tx: Drizzle, sentAt: string, count: number) =>
      tx.insert(watchEmailsTable).values({ sentAt, clips: count }).onConflictDoNothing().run(),
  };
}

export type WatchRepository = ReturnType<typeof createWatchRepository>;
