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

/** A portfolio article's address key that a watched source lists, and when a check last saw it there. */
export type Listing = { urlKey: string; sourceUrl: string; kind: WatchedSource["kind"]; lastSeenAt: string };

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
  const { db, sqlite } = store;
  // A source's listing as its check reads it (per connection, never on disk): what pruning keeps.
  sqlite.exec(
    "create temp table if not exists watch_listing (source_id text not null, url_key text not null, primary key (source_id, url_key)) without rowid",
  );
  const knownAmong = sqlite.prepare<[string], { urlKey: string }>(
    `select j.value as urlKey from json_each(?) j
     where exists (select 1 from watch_seen s where s.url_key = j.value)
        or exists (select 1 from watch_clips c where c.url_key = j.value)`,
  );
  const addListed = sqlite.prepare<[string, string]>(
    "insert or ignore into temp.watch_listing (source_id, url_key) select ?, value from json_each(?)",
  );
  const clearListed = sqlite.prepare<{ sourceId: string; limit: number }>(
    `delete from temp.watch_listing where source_id = :sourceId and url_key in
       (select url_key from temp.watch_listing where source_id = :sourceId limit :limit)`,
  );
  const insertSeen = sqlite.prepare<[string, string, string]>(
    "insert or ignore into watch_seen (source_id, url_key, seen_at) select ?, value, ? from json_each(?)",
  );
  const touchListed = sqlite.prepare<[string, string, string]>(
    `insert into watch_listed (source_id, url_key, last_seen_at) select ?, value, ? from json_each(?) where true
       on conflict (source_id, url_key) do update set last_seen_at = excluded.last_seen_at`,
  );
  const listings = sqlite.prepare<[], Listing>(
    `select l.url_key as urlKey, s.url as sourceUrl, s.kind as kind, l.last_seen_at as lastSeenAt
       from watch_listed l join watch_sources s on s.id = l.source_id order by l.last_seen_at desc`,
  );
  const windowEnd = sqlite.prepare<
    { sourceId: string; after: string; limit: number },
    { last: string | null }
  >(
    `select max(url_key) as last from (select url_key from watch_seen
       where source_id = :sourceId and url_key > :after order by url_key limit :limit)`,
  );
  const deleteUnlisted = sqlite.prepare<{ sourceId: string; after: string; last: string }>(
    `delete from watch_seen where source_id = :sourceId and url_key > :after and url_key <= :last
       and not exists (select 1 from temp.watch_listing l
                       where l.source_id = :sourceId and l.url_key = watch_seen.url_key)`,
  );
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

    /**
     * Of a batch of link keys (a few hundred), those not to read: seen by any source, or offered
     * as a clip. Each is one index lookup: nothing is loaded whole.
     */
    knownAmong: (urlKeys: readonly string[]): Set<string> =>
      new Set(knownAmong.all(JSON.stringify(urlKeys)).map((row) => row.urlKey)),
    /** Notes a batch of the keys a source lists, for `pruneSeen` after its check. */
    noteListed: (sourceId: string, urlKeys: readonly string[]) => {
      addListed.run(sourceId, JSON.stringify(urlKeys));
    },
    /** Forgets up to `limit` of a source's noted listing; returns how many were forgotten. */
    clearListed: (sourceId: string, limit: number): number => clearListed.run({ sourceId, limit }).changes,
    /**
     * Marks a batch as seen in a transaction of its own (no live event: the owner never sees this
     * list), for the many links a first read passes over.
     */
    markSeenBatch: (sourceId: string, urlKeys: readonly string[], at: string) => {
      insertSeen.run(sourceId, at, JSON.stringify(urlKeys));
    },
    /** Notes that the source lists these portfolio articles now (no live event: only the proof page reads it). */
    touchListed: (sourceId: string, urlKeys: readonly string[], at: string) => {
      if (urlKeys.length > 0) touchListed.run(sourceId, at, JSON.stringify(urlKeys));
    },
    /** Every portfolio article a source lists, newest sighting first. */
    listings: (): Listing[] => listings.all(),
    /**
     * Deletes the source's seen keys its noted listing lacks, among the next `limit` after `after`
     * (in key order); returns the last key looked at, undefined once past the end.
     */
    pruneSeen(sourceId: string, after: string, limit: number): string | undefined {
      const last = windowEnd.get({ sourceId, after, limit })?.last;
      if (last === null || last === undefined) return undefined;
      deleteUnlisted.run({ sourceId, after, last });
      return last;
    },
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
