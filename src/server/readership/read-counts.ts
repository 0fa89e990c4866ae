import { and, desc, eq, gte, ne, sql } from "drizzle-orm";
import {
  lastDays,
  utcDay,
  type CollectionReadership,
  type ReadersPeriod,
  type ReadersReport,
  type ReadKind,
} from "../../domain/readership";
import type { Store } from "../kernel/db/open-database";
import { collectionReadsTable, readCountsTable } from "../kernel/db/schema";
import type { Logger } from "pino";

export type ReadCounts = ReturnType<typeof createReadCounts>;

const TOP = 10;

/**
 * The read counts: daily totals per kind, subject and referring host, and per collection its
 * openings, last opening, PDF downloads and the first-opening e-mail switch. Who may be counted is
 * visit-counter.ts's to decide; this only adds up. Writes are "readers" changes (owner-only: the
 * dashboard hears of them, cached public pages stay as they are).
 */
export function createReadCounts(deps: {
  store: Store;
  /** An article's title, or undefined when there is no such article. */
  articleTitle(id: string): string | undefined;
  /** A collection a visitor can open (public or unlisted): its title and address; undefined otherwise. */
  openableCollection(id: string): { title: string; address: string } | undefined;
  /** Any collection of the owner's, whoever may see it. */
  collectionExists(id: string): boolean;
  notifyOwner(notice: { subject: string; text: string }): boolean;
  publicUrl: string;
  logger: Pick<Logger, "info">;
  now?: () => Date;
}) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());

  /** Queues the first-opening e-mail, and notes that it went (it goes once). */
  function mailFirstOpen(collectionId: string, collection: { title: string; address: string }) {
    const text = [
      `Someone opened your collection “${collection.title}”: ${collection.address}`,
      "",
      `How often it has been opened since: ${deps.publicUrl}/admin/dashboard/collections`,
      "",
      "--",
      "You get this e-mail once per collection: you asked for it on the Collections tab.",
      "",
    ].join("\n");
    if (!deps.notifyOwner({ subject: `“${collection.title}” was opened`, text })) return;
    store.write("readers", (db) =>
      db
        .update(collectionReadsTable)
        .set({ emailedAt: now().toISOString() })
        .where(eq(collectionReadsTable.collectionId, collectionId))
        .run(),
    );
    deps.logger.info({ collection: collectionId }, "Queued the first-opening e-mail");
  }

  return {
    /** Whether a beacon's subject is one visitors can open: an article, or a public or unlisted collection. */
    exists: (kind: ReadKind, subject: string) =>
      kind === "article"
        ? deps.articleTitle(subject) !== undefined
        : deps.openableCollection(subject) !== undefined,

    /** Adds one to today's count of `kind` for `subject` from `referrerHost` ('' for none). */
    add(kind: ReadKind, subject: string, referrerHost: string) {
      const at = now().toISOString();
      const mail = store.write("readers", (db) => {
        db.insert(readCountsTable)
          .values({ day: utcDay(new Date(at)), kind, subject, referrerHost, count: 1 })
          .onConflictDoUpdate({
            target: [
              readCountsTable.day,
              readCountsTable.kind,
              readCountsTable.subject,
              readCountsTable.referrerHost,
            ],
            set: { count: sql`${readCountsTable.count} + 1` },
          })
          .run();
        if (kind === "article") return false;
        const opened = kind === "collection";
        const row = db
          .insert(collectionReadsTable)
          .values({
            collectionId: subject,
            opens: opened ? 1 : 0,
            lastOpenedAt: opened ? at : null,
            pdfDownloads: opened ? 0 : 1,
          })
          .onConflictDoUpdate({
            target: collectionReadsTable.collectionId,
            set: opened
              ? { opens: sql`${collectionReadsTable.opens} + 1`, lastOpenedAt: at }
              : { pdfDownloads: sql`${collectionReadsTable.pdfDownloads} + 1` },
          })
          .returning()
          .get();
        return opened && row.emailFirstOpen && row.emailedAt === null;
      });
      const collection = mail ? deps.openableCollection(subject) : undefined;
      if (collection) mailFirstOpen(subject, collection);
    },

    /** Per collection id, what its entry in the Collections tab says. */
    collections(): Record<string, CollectionReadership> {
      const rows = store.db.select().from(collectionReadsTable).all();
      return Object.fromEntries(
        rows.map((row) => [
          row.collectionId,
          {
            opens: row.opens,
            lastOpenedAt: row.lastOpenedAt,
            pdfDownloads: row.pdfDownloads,
            emailFirstOpen: row.emailFirstOpen,
            emailed: row.emailedAt !== null,
          },
        ]),
      );
    },

    /** Switches the first-opening e-mail of a collection on or off; false when there is no such collection. */
    setEmailFirstOpen(collectionId: string, on: boolean): boolean {
      if (!deps.collectionExists(collectionId)) return false;
      store.write("readers", (db) =>
        db
          .insert(collectionReadsTable)
          .values({ collectionId, emailFirstOpen: on })
          .onConflictDoUpdate({ target: collectionReadsTable.collectionId, set: { emailFirstOpen: on } })
          .run(),
      );
      return true;
    },

    /** The Readers view: per day of the period, the top articles and the referring hosts. */
    report(period: ReadersPeriod): ReadersReport {
      const days = lastDays(now(), period);
      const since = gte(readCountsTable.day, days[0]!);
      const total = sql<number>`sum(${readCountsTable.count})`.mapWith(Number);
      const byDay = new Map(
        days.map((day) => [day, { day, articleOpens: 0, collectionOpens: 0, pdfDownloads: 0 }]),
      );
      const perDay = store.db
        .select({ day: readCountsTable.day, kind: readCountsTable.kind, total })
        .from(readCountsTable)
        .where(since)
        .groupBy(readCountsTable.day, readCountsTable.kind)
        .all();
      for (const { day, kind, total: n } of perDay) {
        const entry = byDay.get(day);
        if (!entry) continue;
        if (kind === "article") entry.articleOpens = n;
        else if (kind === "collection") entry.collectionOpens = n;
        else entry.pdfDownloads = n;
      }
      const topArticles = store.db
        .select({ id: readCountsTable.subject, opens: total })
        .from(readCountsTable)
        .where(and(since, eq(readCountsTable.kind, "article")))
        .groupBy(readCountsTable.subject)
        .orderBy(desc(total))
        .all()
        .flatMap(({ id, opens }) => {
          const title = deps.articleTitle(id);
          return title === undefined ? [] : [{ id, title, opens }];
        })
        .slice(0, TOP);
      const referrers = store.db
        .select({ host: readCountsTable.referrerHost, count: total })
        .from(readCountsTable)
        .where(and(since, ne(readCountsTable.referrerHost, "")))
        .groupBy(readCountsTable.referrerHost)
        .orderBy(desc(total), readCountsTable.referrerHost)
        .limit(TOP)
        .all();
      return { days: [...byDay.values()], topArticles, referrers };
    },
  };
}
