import { desc, eq, or } from "drizzle-orm";
import type { Store } from "../kernel/db/open-database";
import { capturesTable } from "../kernel/db/schema";

export type Capture = typeof capturesTable.$inferSelect;

/** The captures table: rows are only ever added (re-capturing keeps the earlier captures). */
export function createCaptureRepository(store: Store) {
  const ofUrl = (url: string) => or(eq(capturesTable.url, url), eq(capturesTable.targetUrl, url));
  return {
    add(capture: Capture): void {
      store.db.insert(capturesTable).values(capture).run();
    },
    get(id: string): Capture | undefined {
      return store.db.select().from(capturesTable).where(eq(capturesTable.id, id)).get();
    },
    /** Every capture of a page asked for at, or answered from, `url`; oldest first. */
    ofUrl(url: string): Capture[] {
      return store.db.select().from(capturesTable).where(ofUrl(url)).orderBy(capturesTable.capturedAt).all();
    },
    latest(url: string): Capture | undefined {
      return store.db
        .select()
        .from(capturesTable)
        .where(ofUrl(url))
        .orderBy(desc(capturesTable.capturedAt))
        .get();
    },
    all(): Capture[] {
      return store.db.select().from(capturesTable).orderBy(capturesTable.capturedAt).all();
    },
  };
}

export type CaptureRepository = ReturnType<typeof createCaptureRepository>;
