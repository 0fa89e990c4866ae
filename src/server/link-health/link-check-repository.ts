import type Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import type { OriginalGone } from "../../domain/content";
import type { LinkCheckState } from "../../domain/link-health";
import type { Drizzle, Store } from "../kernel/db/open-database";
import { linkChecksTable } from "../kernel/db/schema";

type Row = typeof linkChecksTable.$inferSelect;

const toState = ({ articleId: _articleId, ...state }: Row): LinkCheckState => state;

/**
 * The stored link checks, one row per article. Every write goes through Store.write as a
 * "links" change (the owner's dashboard re-reads); a write that makes an article gone or
 * brings it back is an "articles" change too, because visitors see that.
 */
export function createLinkCheckRepository(store: Store) {
  const put = (db: Drizzle, articleId: string, state: LinkCheckState) =>
    db
      .insert(linkChecksTable)
      .values({ articleId, ...state })
      .onConflictDoUpdate({ target: linkChecksTable.articleId, set: state })
      .run();

  return {
    get(articleId: string): LinkCheckState | undefined {
      const row = store.db
        .select()
        .from(linkChecksTable)
        .where(eq(linkChecksTable.articleId, articleId))
        .get();
      return row && toState(row);
    },
    all(): Map<string, LinkCheckState> {
      return new Map(
        store.db
          .select()
          .from(linkChecksTable)
          .all()
          .map((row) => [row.articleId, toState(row)]),
      );
    },
    /** Records a check; `visible` when visitors' view of the article changes with it. */
    record(articleId: string, state: LinkCheckState, visible: boolean): void {
      store.write(visible ? ["links", "articles"] : "links", (db) => put(db, articleId, state));
    },
    put,
  };
}

export type LinkCheckRepository = ReturnType<typeof createLinkCheckRepository>;

const goneQuery = (sqlite: Database.Database) =>
  sqlite.prepare<[], { id: string; archived: number }>(
    `select a.id as id,
            (a.content <> '' or coalesce(ar.url = a.url and ar.content <> '', 0)) as archived
       from link_checks l
       join articles a on a.id = l.article_id and a.url = l.url
       left join article_archives ar on ar.article_id = a.id
      where l.status = 'gone'`,
  );

/**
 * The articles whose original is gone, and whether Byline still holds their text (the owner's
 * own or an archived copy of the same address). A check of an older address does not count.
 */
export function readGoneOriginals(sqlite: Database.Database): Map<string, OriginalGone> {
  return new Map(
    goneQuery(sqlite)
      .all()
      .map((row) => [row.id, row.archived ? "archived" : "unarchived"]),
  );
}

/** The articles for which Byline holds text: their own, or an archived copy of their address. */
export function readArchivedArticleIds(sqlite: Database.Database): Set<string> {
  const rows = sqlite
    .prepare<[], { id: string }>(
      `select a.id as id from articles a
         left join article_archives ar on ar.article_id = a.id
        where a.content <> '' or (ar.url = a.url and ar.content <> '')`,
    )
    .all();
  return new Set(rows.map((row) => row.id));
}
