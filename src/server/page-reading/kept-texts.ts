import { eq, ne } from "drizzle-orm";
import type { Store } from "../kernel/db/open-database";
import { archiveCapturesTable, articleArchivesTable } from "../kernel/db/schema";

/** A kept text, with the web-archive capture its text was extracted from when there is one. */
export type KeptText = typeof articleArchivesTable.$inferSelect & { captureId?: string };

/**
 * The kept text of each article's original page (one row per article, replaced on every
 * fetch). It is not visitor-facing content, so writes emit no live event; deleting the article
 * deletes its kept text (foreign key cascade).
 */
export function createKeptTexts(store: Store) {
  /** Written with the copy (`put`), so there is none without one. */
  const captureIdOf = (articleId: string): string | undefined =>
    store.db
      .select({ captureId: archiveCapturesTable.captureId })
      .from(archiveCapturesTable)
      .where(eq(archiveCapturesTable.articleId, articleId))
      .get()?.captureId;
  const get = (articleId: string): KeptText | undefined => {
    const row = store.db
      .select()
      .from(articleArchivesTable)
      .where(eq(articleArchivesTable.articleId, articleId))
      .get();
    if (!row) return undefined;
    const captureId = captureIdOf(articleId);
    return captureId === undefined ? row : { ...row, captureId };
  };
  return {
    get,
    /** The copy of the article's present address: one of an older address is out of date. */
    currentFor(article: { id: string; url: string }): KeptText | undefined {
      const copy = get(article.id);
      return copy?.url === article.url ? copy : undefined;
    },
    /**
     * Which of `articles` Byline holds text for: the owner's own (not blank, as reader mode and
     * the clip book read it), or a kept copy of the article's present address.
     */
    holdingText(articles: readonly { id: string; url: string; content: string }[]): Set<string> {
      const copies = new Map(
        store.db
          .select({ articleId: articleArchivesTable.articleId, url: articleArchivesTable.url })
          .from(articleArchivesTable)
          .where(ne(articleArchivesTable.content, ""))
          .all()
          .map((copy) => [copy.articleId, copy.url]),
      );
      const held = articles.filter(
        (article) => article.content.trim() !== "" || copies.get(article.id) === article.url,
      );
      return new Set(held.map((article) => article.id));
    },
    /** Replaces the article's copy; a copy with no capture leaves none recorded for it. */
    put(copy: KeptText): void {
      const { captureId, ...row } = copy;
      const { articleId, ...rest } = row;
      store.sqlite.transaction(() => {
        store.db
          .insert(articleArchivesTable)
          .values(row)
          .onConflictDoUpdate({ target: articleArchivesTable.articleId, set: rest })
          .run();
        store.db.delete(archiveCapturesTable).where(eq(archiveCapturesTable.articleId, articleId)).run();
        if (captureId !== undefined)
          store.db.insert(archiveCapturesTable).values({ articleId, captureId }).run();
      })();
    },
    /** True when some kept text shows this image (the image cache may serve it). */
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

export type KeptTexts = ReturnType<typeof createKeptTexts>;
