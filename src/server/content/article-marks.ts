import type Database from "better-sqlite3";
import type { OriginalGone } from "../../domain/content";
import { HOLDS_TEXT_SQL } from "../kernel/db/holds-text";

/**
 * What an article is marked with from the findings of other parts (link health, the Wayback
 * worker), read from their tables here so that reading an article calls none of them back
 * (decision 039). Each finding is written as an "articles" change.
 */
export function createArticleMarks(sqlite: Database.Database) {
  // A check of an older address does not count.
  const gone = sqlite.prepare<[], { id: string; held: number }>(
    `select a.id as id, ${HOLDS_TEXT_SQL} as held
       from link_checks l
       join articles a on a.id = l.article_id and a.url = l.url
       left join article_archives ar on ar.article_id = a.id
      where l.status = 'gone'`,
  );
  // A snapshot Save Page Now made of the article's current address comes first; else the
  // availability API's closest one.
  const snapshots = sqlite.prepare<[], { id: string; snapshotUrl: string }>(
    `select a.id as id, coalesce(w.snapshot_url, l.snapshot_url) as snapshotUrl
       from articles a
       left join wayback_saves w on w.article_id = a.id and w.url = a.url
       left join wayback_lookups l on l.article_id = a.id and l.url = a.url
      where coalesce(w.snapshot_url, l.snapshot_url) is not null`,
  );
  return {
    /** The articles whose original is gone, and whether Byline still holds their text. */
    goneOriginals: (): Map<string, OriginalGone> =>
      new Map(gone.all().map((row) => [row.id, row.held ? "archived" : "unarchived"])),
    /** The Wayback Machine's copy of each article that has one. */
    waybackCopies: (): Map<string, string> =>
      new Map(snapshots.all().map((row) => [row.id, row.snapshotUrl])),
  };
}
