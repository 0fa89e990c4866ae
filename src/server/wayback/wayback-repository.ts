import { and, eq } from "drizzle-orm";
import type { WaybackSave } from "../../domain/wayback";
import type { Store } from "../kernel/db/open-database";
import { waybackLookupsTable, waybackSavesTable } from "../kernel/db/schema";

type SaveRow = typeof waybackSavesTable.$inferSelect;
export type QueuedSave = Pick<SaveRow, "articleId" | "url" | "status" | "jobId" | "attempts" | "postedAt">;

/** An article as the queue sees it: its owner (content) hands the list in. */
type ArticleAddress = { id: string; url: string };
const webAddress = (url: string) => /^https?:\/\//i.test(url);

/**
 * The Save Page Now queue and the availability lookups (decision 037). The dashboard's view is
 * the "wayback" collection; a write that gives an article a snapshot link, or takes one away,
 * is an "articles" change too, because visitors see that link.
 */
export function createWaybackRepository(store: Store) {
  const { sqlite } = store;
  const queuedUrls = sqlite.prepare<[], { articleId: string; url: string }>(
    "select article_id as articleId, url from wayback_saves",
  );
  const queue = sqlite.prepare<{ articleId: string; url: string; now: string }>(
    `insert into wayback_saves (article_id, url, status, attempts, due_at, queued_at)
     values (@articleId, @url, 'queued', 0, @now, @now)
     on conflict (article_id) do update set
       url = excluded.url, status = 'queued', job_id = null, attempts = 0, due_at = excluded.due_at,
       saved_at = null, snapshot_url = null, error = null, queued_at = excluded.queued_at`,
  );
  const dueSaves = sqlite.prepare<[string, number], QueuedSave>(
    `select article_id as articleId, url, status, job_id as jobId, attempts, posted_at as postedAt
       from wayback_saves where status in ('queued', 'pending') and due_at <= ?
      order by due_at, queued_at, article_id limit ?`,
  );
  const nextDue = sqlite.prepare<[string], { dueAt: string | null }>(
    "select min(due_at) as dueAt from wayback_saves where status = ?",
  );
  const recentPosts = sqlite.prepare<[string], { postedAt: string }>(
    "select posted_at as postedAt from wayback_saves where posted_at > ? order by posted_at",
  );
  const allSaves = sqlite.prepare<[], WaybackSave & { articleId: string; url: string }>(
    `select article_id as articleId, url, status, saved_at as savedAt, snapshot_url as snapshotUrl,
            error, attempts
       from wayback_saves`,
  );
  const snapshotsOf = sqlite.prepare<
    [],
    { articleId: string; url: string; snapshotUrl: string; saved: number }
  >(
    `select article_id as articleId, url, snapshot_url as snapshotUrl, 1 as saved
       from wayback_saves where snapshot_url is not null
     union all
     select article_id, url, snapshot_url, 0 from wayback_lookups where snapshot_url is not null`,
  );
  const lookupOf = sqlite.prepare<[string, string], { checkedAt: string }>(
    "select checked_at as checkedAt from wayback_lookups where article_id = ? and url = ?",
  );

  return {
    /** Queues every article with a web address not yet queued; says whether there were any. */
    queueNewArticles(articles: readonly ArticleAddress[], now: Date): boolean {
      const queued = new Map(queuedUrls.all().map((row) => [row.articleId, row.url]));
      const unqueued = articles.filter(({ id, url }) => webAddress(url) && queued.get(id) !== url);
      if (unqueued.length === 0) return false;
      const at = now.toISOString();
      store.write("wayback", () => {
        for (const { id, url } of unqueued) queue.run({ articleId: id, url, now: at });
      });
      return true;
    },
    due: (now: Date, limit: number) => dueSaves.all(now.toISOString(), limit),
    /** When the next save waiting to be sent (queued) or asked after (pending) is due. */
    nextDueAt(status: "queued" | "pending"): number | undefined {
      const at = nextDue.get(status)?.dueAt;
      return at ? Date.parse(at) : undefined;
    },
    /** When saves were last sent, newest last: the pace picks up across a restart. */
    postedSince: (since: Date) => recentPosts.all(since.toISOString()).map((row) => Date.parse(row.postedAt)),
    /** Records what became of a queued or pending save, if the article still has that address. */
    update(save: Pick<QueuedSave, "articleId" | "url">, patch: Partial<SaveRow>, visible = false): void {
      store.write(visible ? ["wayback", "articles"] : "wayback", (db) =>
        db
          .update(waybackSavesTable)
          .set(patch)
          .where(and(eq(waybackSavesTable.articleId, save.articleId), eq(waybackSavesTable.url, save.url)))
          .run(),
      );
    },
    /** When the availability API was last asked about this address, if ever. */
    lookedUpAt(articleId: string, url: string): number | undefined {
      const row = lookupOf.get(articleId, url);
      return row ? Date.parse(row.checkedAt) : undefined;
    },
    recordLookup(articleId: string, url: string, snapshotUrl: string | null, now: Date): void {
      const row = { articleId, url, snapshotUrl, checkedAt: now.toISOString() };
      store.write(snapshotUrl ? ["wayback", "articles"] : "wayback", (db) =>
        db
          .insert(waybackLookupsTable)
          .values(row)
          .onConflictDoUpdate({ target: waybackLookupsTable.articleId, set: row })
          .run(),
      );
    },
    /**
     * The Wayback Machine's copy of each article's present address that has one: the snapshot Save
     * Page Now made comes first, else the availability API's closest one.
     */
    copies(articles: readonly ArticleAddress[]): Map<string, string> {
      const current = new Map(articles.map(({ id, url }) => [id, url]));
      const copies = new Map<string, string>();
      for (const row of snapshotsOf.all().sort((a, b) => b.saved - a.saved))
        if (current.get(row.articleId) === row.url && !copies.has(row.articleId))
          copies.set(row.articleId, row.snapshotUrl);
      return copies;
    },
    /** Each article's save, for the dashboard (rows of an older address left out). */
    saves(articles: readonly ArticleAddress[]): Record<string, WaybackSave> {
      const current = new Map(articles.map(({ id, url }) => [id, url]));
      return Object.fromEntries(
        allSaves
          .all()
          .filter((save) => current.get(save.articleId) === save.url)
          .map(({ articleId, url: _, ...save }) => [articleId, save]),
      );
    },
  };
}

export type WaybackRepository = ReturnType<typeof createWaybackRepository>;
