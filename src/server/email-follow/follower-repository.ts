import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, lte, min, sql } from "drizzle-orm";
import type { FollowerStatus } from "../../domain/email-follow";
import type { Store } from "../kernel/db/open-database";
import {
  emailDigestClipsTable as clips,
  emailDigestsTable as digests,
  emailFollowersTable as followers,
  emailFollowMailsTable as mails,
} from "../kernel/db/schema";

export type Follower = typeof followers.$inferSelect;
export type FollowMail = typeof mails.$inferSelect;
export type Digest = typeof digests.$inferSelect;

/** A link token: 32 random bytes, URL-safe. */
export const newToken = () => randomBytes(32).toString("base64url");

/**
 * Followers by e-mail, the digests and the mails to them, in SQLite. Every write goes through
 * `store.write("followers")`, so an open dashboard hears of sign-ups and deliveries.
 */
export function createFollowerRepository(store: Store) {
  const write = <T>(fn: Parameters<typeof store.write<T>>[1]) => store.write("followers", fn);
  const { db } = store;

  return {
    byEmail: (email: string) => db.select().from(followers).where(eq(followers.email, email)).get(),
    byToken: (token: string) => db.select().from(followers).where(eq(followers.token, token)).get(),
    byConfirmToken: (token: string) =>
      db.select().from(followers).where(eq(followers.confirmToken, token)).get(),
    get: (id: string) => db.select().from(followers).where(eq(followers.id, id)).get(),
    list: () => db.select().from(followers).orderBy(asc(followers.createdAt)).all(),

    /** A new confirmation for `email` (a new follower, or one still waiting), and its mail queued. */
    askConfirmation(email: string, existing: Follower | undefined, at: Date, expiresAt: Date): void {
      const now = at.toISOString();
      const confirm = {
        confirmToken: newToken(),
        confirmExpiresAt: expiresAt.toISOString(),
        confirmSentAt: now,
      };
      write((tx) => {
        const id = existing?.id ?? randomUUID();
        if (existing) tx.update(followers).set(confirm).where(eq(followers.id, id)).run();
        else
          tx.insert(followers)
            .values({ id, email, status: "waiting", token: newToken(), createdAt: now, ...confirm })
            .run();
        tx.insert(mails)
          .values({
            id: randomUUID(),
            followerId: id,
            kind: "confirm",
            status: "queued",
            nextAttemptAt: now,
            createdAt: now,
          })
          .run();
      });
    },

    confirm(id: string, at: Date): void {
      write((tx) =>
        tx
          .update(followers)
          .set({
            status: "confirmed",
            confirmedAt: at.toISOString(),
            confirmToken: null,
            confirmExpiresAt: null,
          })
          .where(eq(followers.id, id))
          .run(),
      );
    },

    /** Forgets the follower and every mail still waiting for them (foreign key cascade). */
    remove(id: string): boolean {
      return write((tx) => tx.delete(followers).where(eq(followers.id, id)).run().changes > 0);
    },

    markBouncing(id: string): void {
      write((tx) => tx.update(followers).set({ status: "bouncing" }).where(eq(followers.id, id)).run());
    },

    counts(): Record<FollowerStatus, number> {
      const rows = db
        .select({ status: followers.status, n: sql<number>`count(*)` })
        .from(followers)
        .groupBy(followers.status)
        .all();
      const counts = { confirmed: 0, waiting: 0, bouncing: 0 };
      for (const row of rows) counts[row.status] = row.n;
      return counts;
    },

    /** When the first of today's followers confirmed: the weekly digests count from it. */
    firstConfirmedAt(): string | undefined {
      return (
        db
          .select({ at: min(followers.confirmedAt) })
          .from(followers)
          .where(eq(followers.status, "confirmed"))
          .get()?.at ?? undefined
      );
    },

    knownArticleIds(): Set<string> {
      return new Set(
        db
          .select({ id: clips.articleId })
          .from(clips)
          .all()
          .map((row) => row.id),
      );
    },

    /** Articles no one is to be told of: known before following was on, or with nobody following. */
    markKnown(articleIds: readonly string[], at: Date): void {
      if (articleIds.length === 0) return;
      write((tx) => {
        for (const articleId of articleIds)
          tx.insert(clips)
            .values({ articleId, digestId: null, seenAt: at.toISOString() })
            .onConflictDoNothing()
            .run();
      });
    },

    /**
     * One digest of `articleIds` and a mail of it to each confirmed follower, in one transaction:
     * an article is in one digest at most, so it reaches each follower once at most.
     */
    createDigest(articleIds: readonly string[], at: Date): Digest {
      const now = at.toISOString();
      return write((tx) => {
        const digest = tx
          .insert(digests)
          .values({ id: randomUUID(), createdAt: now, articleIds: [...articleIds] })
          .returning()
          .get();
        for (const articleId of articleIds)
          tx.insert(clips).values({ articleId, digestId: digest.id, seenAt: now }).run();
        const confirmed = tx
          .select({ id: followers.id })
          .from(followers)
          .where(eq(followers.status, "confirmed"))
          .all();
        for (const { id } of confirmed)
          tx.insert(mails)
            .values({
              id: randomUUID(),
              followerId: id,
              kind: "digest",
              digestId: digest.id,
              status: "queued",
              nextAttemptAt: now,
              createdAt: now,
            })
            .run();
        return digest;
      });
    },

    digest: (id: string) => db.select().from(digests).where(eq(digests.id, id)).get(),
    lastDigest: () => db.select().from(digests).orderBy(desc(digests.createdAt)).limit(1).get(),

    deliveriesOf(digestId: string): Record<FollowMail["status"], number> {
      const rows = db
        .select({ status: mails.status, n: sql<number>`count(*)` })
        .from(mails)
        .where(eq(mails.digestId, digestId))
        .groupBy(mails.status)
        .all();
      const counts = { sent: 0, queued: 0, failed: 0 };
      for (const row of rows) counts[row.status] = row.n;
      return counts;
    },

    due: (at: Date, limit: number) =>
      db
        .select()
        .from(mails)
        .where(and(eq(mails.status, "queued"), lte(mails.nextAttemptAt, at.toISOString())))
        .orderBy(asc(mails.nextAttemptAt))
        .limit(limit)
        .all(),

    nextDueAt(): Date | undefined {
      const at = db
        .select({ at: min(mails.nextAttemptAt) })
        .from(mails)
        .where(eq(mails.status, "queued"))
        .get()?.at;
      return at ? new Date(at) : undefined;
    },

    markSent(id: string, attempts: number, at: Date): void {
      write((tx) =>
        tx
          .update(mails)
          .set({ status: "sent", attempts, sentAt: at.toISOString(), nextAttemptAt: null })
          .where(eq(mails.id, id))
          .run(),
      );
    },

    /** A failed attempt: retried at `retryAt`, or given up for good when it is undefined. */
    markFailed(id: string, attempts: number, lastError: string, retryAt: Date | undefined): void {
      write((tx) =>
        tx
          .update(mails)
          .set({
            status: retryAt ? "queued" : "failed",
            attempts,
            lastError,
            nextAttemptAt: retryAt?.toISOString() ?? null,
          })
          .where(eq(mails.id, id))
          .run(),
      );
    },

    /** Mails that have nothing left to say (the follower confirmed meanwhile, the clips are gone). */
    drop(ids: readonly string[]): void {
      if (ids.length)
        write((tx) =>
          tx
            .delete(mails)
            .where(inArray(mails.id, [...ids]))
            .run(),
        );
    },
  };
}

export type FollowerRepository = ReturnType<typeof createFollowerRepository>;
