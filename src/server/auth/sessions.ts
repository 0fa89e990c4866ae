import { createHash, randomBytes } from "node:crypto";
import { eq, lt, or } from "drizzle-orm";
import type { Store } from "../kernel/db/open-database";
import { sessionsTable } from "../kernel/db/schema";

export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 14 * 24 * 60 * 60 * 1000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export type Session = { csrfToken: string };

/** Session ids are 128-bit random values; the database keeps only their SHA-256. */
export function createSessionStore(store: Store, now: () => number = Date.now) {
  const { db } = store;
  return {
    create(): { id: string; csrfToken: string } {
      const id = randomBytes(16).toString("base64url");
      const csrfToken = randomBytes(16).toString("base64url");
      const t = now();
      db.delete(sessionsTable)
        .where(
          or(
            lt(sessionsTable.lastSeenAt, t - SESSION_IDLE_MS),
            lt(sessionsTable.createdAt, t - SESSION_ABSOLUTE_MS),
          ),
        )
        .run();
      db.insert(sessionsTable)
        .values({ idHash: sha256(id), csrfToken, createdAt: t, lastSeenAt: t })
        .run();
      return { id, csrfToken };
    },
    find(id: string): Session | undefined {
      const idHash = sha256(id);
      const row = db.select().from(sessionsTable).where(eq(sessionsTable.idHash, idHash)).get();
      if (!row) return undefined;
      const t = now();
      if (t - row.lastSeenAt > SESSION_IDLE_MS || t - row.createdAt > SESSION_ABSOLUTE_MS) {
        db.delete(sessionsTable).where(eq(sessionsTable.idHash, idHash)).run();
        return undefined;
      }
      // Touch at most once a minute: reads should not turn into a write per request.
      if (t - row.lastSeenAt > 60_000) {
        db.update(sessionsTable).set({ lastSeenAt: t }).where(eq(sessionsTable.idHash, idHash)).run();
      }
      return { csrfToken: row.csrfToken };
    },
    destroy(id: string) {
      db.delete(sessionsTable)
        .where(eq(sessionsTable.idHash, sha256(id)))
        .run();
    },
    destroyAll() {
      db.delete(sessionsTable).run();
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
