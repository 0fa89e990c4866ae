import { eq } from "drizzle-orm";
import type { Store } from "../kernel/db/open-database";
import { articleArchivesTable } from "../kernel/db/schema";

export type ArchivedArticle = typeof articleArchivesTable.$inferSelect;

/**
 * The archived copy of each article's original page (one row per article, replaced on every
 * fetch). It is not visitor-facing content, so writes emit no live event; deleting the article
 * deletes its archive (foreign key cascade).
 */
export function createArticleArchive(store: Store) {
  const get = (articleId: string): ArchivedArticle | undefined =>
    store.db.select().from(articleArchivesTable).where(eq(articleArchivesTable.articleId, articleId)).get();
  return {
    get,
    /** The copy of the article's present address: one of an older address is out of date. */
    currentFor(article: { id: string; url: string }): ArchivedArticle | undefined {
      const copy = get(article.id);
      return copy?.url === article.url ? copy : undefined;
    },
    put(row: ArchivedArticle): void {
      const { articleId: _articleId, ...rest } = row;
      store.db
        .insert(articleArchivesTable)
        .values(row)
        .onConflictDoUpdate({ target: articleArchivesTable.articleId, set: rest })
        .run();
    },
    /** True when some archived copy shows this image (the image cache may serve it). */
    usesImage(url: string): boolean {
      return (
        store.db
          .select({ id: articleArchivesTable.articleId })
          .from(articleArchivesTable)
          .where(eq(articleArchivesTable.image, url))
          .get() !== undefined
      );
    },
  };
}

export type ArticleArchive = ReturnType<typeof createArticleArchive>;
