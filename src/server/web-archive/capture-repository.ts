import { desc, eq } from "drizzle-orm";
import type { Store } from "../kernel/db/open-database";
import { capturesTable } from "../kernel/db/schema";

export type Capture = typeof capturesTable.$inferSelect;

/**
 * The captures table: rows are only ever added (re-capturing keeps the earlier captures), each
 * for one article, and deleted with it (foreign key cascade).
 */
export function createCaptureRepository(store: Store) {
  return {
    add(capture: Capture): void {
      store.db.insert(capturesTable).values(capture).run();
    },
    /** Only to keep the captures within their cap (never an article's newest). */
    remove(id: string): void {
      store.db.delete(capturesTable).where(eq(capturesTable.id, id)).run();
    },
    get(id: string): Capture | undefined {
      return store.db.select().from(capturesTable).where(eq(capturesTable.id, id)).get();
    },
    /** Every capture of the article, oldest first. */
    ofArticle(articleId: string): Capture[] {
      return store.db
        .select()
        .from(capturesTable)
        .where(eq(capturesTable.articleId, articleId))
        .orderBy(capturesTable.capturedAt)
        .all();
    },
    latestOf(articleId: string): Capture | undefined {
      return store.db
        .select()
        .from(capturesTable)
        .where(eq(capturesTable.articleId, articleId))
        .orderBy(desc(capturesTable.capturedAt))
        .get();
    },
    all(): Capture[] {
      return store.db.select().from(capturesTable).orderBy(capturesTable.capturedAt).all();
    },
    files(): string[] {
      return store.db
        .select({ file: capturesTable.file })
        .from(capturesTable)
        .all()
        .map((row) => row.file);
    },
  };
}

export type CaptureRepository = ReturnType<typeof createCaptureRepository>;
