import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Store } from "../kernel/db/open-database";
import { fediverseFollowersTable, fediverseSentTable } from "../kernel/db/schema";

export type Follower = typeof fediverseFollowersTable.$inferSelect;
export type SentClip = typeof fediverseSentTable.$inferSelect;

/** The site's followers and the clips sent to them; every write is a "fediverse" change. */
export function createFediverseRepository(store: Store) {
  const { db } = store;
  return {
    followers: (): Follower[] =>
      db.select().from(fediverseFollowersTable).orderBy(desc(fediverseFollowersTable.followedAt)).all(),
    followerCount: () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(fediverseFollowersTable)
        .get()?.n ?? 0,
    follower: (actorId: string): Follower | undefined =>
      db.select().from(fediverseFollowersTable).where(eq(fediverseFollowersTable.actorId, actorId)).get(),
    addFollower(follower: Follower) {
      store.write("fediverse", (tx) =>
        tx
          .insert(fediverseFollowersTable)
          .values(follower)
          .onConflictDoUpdate({ target: fediverseFollowersTable.actorId, set: follower })
          .run(),
      );
    },
    removeFollowers(actorIds: readonly string[]) {
      if (actorIds.length === 0) return 0;
      return store.write(
        "fediverse",
        (tx) =>
          tx
            .delete(fediverseFollowersTable)
            .where(inArray(fediverseFollowersTable.actorId, [...actorIds]))
            .run().changes,
      );
    },
    sentIds: (): Set<string> =>
      new Set(
        db
          .select({ id: fediverseSentTable.articleId })
          .from(fediverseSentTable)
          .all()
          .map(({ id }) => id),
      ),
    lastSent: (limit: number): SentClip[] =>
      db.select().from(fediverseSentTable).orderBy(desc(fediverseSentTable.sentAt)).limit(limit).all(),
    /** Records the clip as sent; false when it already was (then nothing is to be sent). */
    markSent(clip: Omit<SentClip, "failures" | "lastError">): boolean {
      return store.write(
        "fediverse",
        (tx) =>
          tx
            .insert(fediverseSentTable)
            .values({ ...clip, failures: 0, lastError: null })
            .onConflictDoNothing()
            .run().changes === 1,
      );
    },
    noteFailure(activityId: string, error: string) {
      store.write("fediverse", (tx) =>
        tx
          .update(fediverseSentTable)
          .set({ failures: sql`${fediverseSentTable.failures} + 1`, lastError: error.slice(0, 300) })
          .where(eq(fediverseSentTable.activityId, activityId))
          .run(),
      );
    },
  };
}
export type FediverseRepository = ReturnType<typeof createFediverseRepository>;
