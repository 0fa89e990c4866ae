import { eq } from "drizzle-orm";
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
