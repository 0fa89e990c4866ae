import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, exists, getTableColumns, inArray, notInArray, or, sql } from "drizzle-orm";
import type {
  ImportCandidate,
  ImportCandidateStatus,
  ImportJob,
  ImportJobStatus,
} from "../../domain/back-catalogue";
import type { Store } from "../kernel/db/open-database";
import { importCandidatesTable, importJobsTable } from "../kernel/db/schema";

export type CandidateRow = typeof importCandidatesTable.$inferSelect;
export type Lease = { holder: string; now: number; until: number };
type Details = Pick<
  CandidateRow,
  "title" | "outlet" | "date" | "description" | "image" | "author" | "content"
>;

/** Imports kept for the owner to come back to; older ones are deleted when a new one starts. */
const KEPT_JOBS = 5;

/** A job some process runs, or should run: its holder keeps a lease on it. */
const RUNNING: ImportJobStatus[] = ["discovering", "reading"];

/** The status a job goes back to when it runs again: discovery is saved together with its kind. */
const runningStatus = (kind: string): ImportJobStatus => (kind === "" ? "discovering" : "reading");

/** Every column but the stored page text, which only `add` needs (up to megabytes per job). */
const { content: _content, ...candidateColumns } = getTableColumns(importCandidatesTable);

/**
 * Progress of one job is announced on the live stream at most once in this time. Up to six pages
 * are read at once and each is a write: announcing every one would add a change row and wake
 * every open stream many times a second, while the owner's screen re-reads the whole job on each
 * announcement anyway. A new status is announced at once.
 */
const PROGRESS_ANNOUNCE_MS = 250;

/** What happened when a process tried to take over a job whose holder stopped. */
export type TakeOver = "run" | "interrupted" | "held";

const EMPTY_DETAILS: Details = {
  title: "",
  outlet: "",
  date: "",
  description: "",
  image: "",
  author: "",
  content: "",
};

/**
 * Import jobs and their candidates in SQLite. The owner's work in progress, not visitor-facing
 * content: writes go straight to the tables (some decide under an immediate transaction), and
 * once committed are announced as an "imports" change, an owner-only collection.
 */
export function createCatalogueJobs(store: Store) {
  const { db } = store;
  const now = () => new Date().toISOString();
  const jobRow = (id: string) => db.select().from(importJobsTable).where(eq(importJobsTable.id, id)).get();
  const heldBy = (id: string, holder: string) =>
    and(
      eq(importJobsTable.id, id),
      eq(importJobsTable.holder, holder),
      inArray(importJobsTable.status, RUNNING),
    );
  // BEGIN IMMEDIATE: another process deciding the same thing waits for this one (busy_timeout).
  const decide = <T>(fn: () => T): T => store.sqlite.transaction(fn).immediate();

  // A job whose progress was announced within PROGRESS_ANNOUNCE_MS, and whether more came since:
  // that is announced when the time is up, so the screen ends on the newest state.
  const cooling = new Map<string, { missed: boolean }>();
  function announce(id: string): void {
    const cooldown = { missed: false };
    cooling.set(id, cooldown);
    try {
      store.write("imports", () => undefined);
    } catch {
      // The database stayed locked past its busy timeout: try again when the time is up.
      cooldown.missed = true;
    }
    setTimeout(() => {
      if (cooling.get(id) !== cooldown) return;
      cooling.delete(id);
      if (cooldown.missed && store.sqlite.open) announce(id);
    }, PROGRESS_ANNOUNCE_MS).unref();
  }
  /** A page read, an article added: announced now, or when the job's cooldown is up. */
  function progressed(id: string): void {
    const cooldown = cooling.get(id);
    if (cooldown) cooldown.missed = true;
    else announce(id);
  }

  /**
   * The unfinished jobs' leases, when a new one is to start: none may still be held; a lapsed one
   * (its process stopped) leaves its job 'interrupted' for the owner.
   */
  function clearLapsed(time: number): boolean {
    const unfinished = db
      .select()
      .from(importJobsTable)
      .where(inArray(importJobsTable.status, RUNNING))
      .all();
    if (unfinished.some((job) => job.leaseUntil > time)) return false;
    if (unfinished.length > 0) {
      db.update(importJobsTable)
        .set({ status: "interrupted", holder: null, leaseUntil: 0, updatedAt: now() })
        .where(
          inArray(
            importJobsTable.id,
            unfinished.map((job) => job.id),
          ),
        )
        .run();
    }
    return true;
  }

  function toCandidate(row: Omit<CandidateRow, "content">): ImportCandidate {
    return {
      id: row.position,
      url: row.url,
      status: row.status as ImportCandidateStatus,
      title: row.title,
      outlet: row.outlet,
      date: row.date,
      description: row.description,
      image: row.image,
      author: row.author,
      error: row.error,
      articleId: row.articleId,
    };
  }

  return {
    /**
     * A new job held by `lease.holder`, or undefined while another is held; only the newest few
     * are kept, as the pages' text is stored until added.
     */
    create(url: string, lease: Lease): string | undefined {
      const id = randomUUID();
      const at = now();
      const created = decide(() => {
        if (!clearLapsed(lease.now)) return false;
        db.insert(importJobsTable)
          .values({
            id,
            url,
            status: "discovering",
            kind: "",
            pagesRead: 0,
            error: "",
            holder: lease.holder,
            leaseUntil: lease.until,
            interruptions: 0,
            createdAt: at,
            updatedAt: at,
          })
          .run();
        const kept = db
          .select({ id: importJobsTable.id })
          .from(importJobsTable)
          .orderBy(desc(importJobsTable.createdAt))
          .limit(KEPT_JOBS);
        db.delete(importJobsTable).where(notInArray(importJobsTable.id, kept)).run();
        return true;
      });
      if (!created) return undefined;
      announce(id);
      return id;
    },
    /**
     * Takes over an unfinished job nobody holds (its holder stopped, or its lease lapsed): run it
     * again, unless it has now been interrupted `maxInterruptions` times, when it waits for the owner.
     */
    takeOver(id: string, lease: Lease, maxInterruptions: number): TakeOver {
      const outcome = decide((): TakeOver => {
        const job = jobRow(id);
        if (!job || !RUNNING.includes(job.status as ImportJobStatus)) return "held";
        if (job.holder !== null && job.leaseUntil > lease.now) return "held";
        const interruptions = job.interruptions + 1;
        const waits = interruptions >= maxInterruptions;
        db.update(importJobsTable)
          .set({
            status: waits ? "interrupted" : job.status,
            holder: waits ? null : lease.holder,
            leaseUntil: waits ? 0 : lease.until,
            interruptions,
            updatedAt: now(),
          })
          .where(eq(importJobsTable.id, id))
          .run();
        return waits ? "interrupted" : "run";
      });
      // Run again, the job looks as it did; set aside, it waits for the owner.
      if (outcome === "interrupted") announce(id);
      return outcome;
    },
    /** The owner's "Resume import": an interrupted job runs again, unless another one is held. */
    resume(id: string, lease: Lease): "run" | "busy" | "not_interrupted" {
      const outcome = decide(() => {
        const job = jobRow(id);
        if (job?.status !== "interrupted") return "not_interrupted";
        if (!clearLapsed(lease.now)) return "busy";
        db.update(importJobsTable)
          .set({
            status: runningStatus(job.kind),
            holder: lease.holder,
            leaseUntil: lease.until,
            interruptions: 0,
            updatedAt: now(),
          })
          .where(eq(importJobsTable.id, id))
          .run();
        return "run" as const;
      });
      if (outcome === "run") announce(id);
      return outcome;
    },
    /** The heartbeat: false when `holder` no longer runs the job (cancelled, or taken over). */
    renew(id: string, holder: string, until: number): boolean {
      return (
        db.update(importJobsTable).set({ leaseUntil: until }).where(heldBy(id, holder)).run().changes === 1
      );
    },
    /** Lets go of a job this process stops running unfinished, so the next start takes it over at once. */
    release(id: string, holder: string): void {
      db.update(importJobsTable).set({ holder: null, leaseUntil: 0 }).where(heldBy(id, holder)).run();
    },
    get(id: string): ImportJob | undefined {
      const job = jobRow(id);
      if (!job) return undefined;
      const candidates = db
        .select(candidateColumns)
        .from(importCandidatesTable)
        .where(eq(importCandidatesTable.jobId, id))
        .orderBy(asc(importCandidatesTable.position))
        .all();
      return {
        id: job.id,
        url: job.url,
        status: job.status as ImportJobStatus,
        kind: job.kind as ImportJob["kind"],
        pagesRead: job.pagesRead,
        error: job.error,
        createdAt: job.createdAt,
        candidates: candidates.map(toCandidate),
      };
    },
    latestId(): string | undefined {
      return db
        .select({ id: importJobsTable.id })
        .from(importJobsTable)
        .orderBy(desc(importJobsTable.createdAt))
        .limit(1)
        .get()?.id;
    },
    unfinishedIds(): string[] {
      return db
        .select({ id: importJobsTable.id })
        .from(importJobsTable)
        .where(inArray(importJobsTable.status, RUNNING))
        .all()
        .map((row) => row.id);
    },
    /** The end of a run, written only while `holder` still runs the job. */
    finish(id: string, holder: string, status: "done" | "failed", error = ""): void {
      const { changes } = db
        .update(importJobsTable)
        .set({ status, error, holder: null, leaseUntil: 0, updatedAt: now() })
        .where(heldBy(id, holder))
        .run();
      if (changes === 1) announce(id);
    },
    /** The owner's cancel, whichever process runs the job: that process sees it at its next heartbeat. */
    cancel(id: string): void {
      const { changes } = db
        .update(importJobsTable)
        .set({ status: "cancelled", holder: null, leaseUntil: 0, updatedAt: now() })
        .where(
          and(
            eq(importJobsTable.id, id),
            or(inArray(importJobsTable.status, RUNNING), eq(importJobsTable.status, "interrupted")),
          ),
        )
        .run();
      if (changes === 1) announce(id);
    },
    /** Stores what discovery found, replacing an earlier interrupted discovery, and moves on to reading. */
    saveDiscovery(
      id: string,
      holder: string,
      found: { kind: ImportJob["kind"]; urls: string[]; pagesRead: number },
    ): void {
      const saved = decide(() => {
        if (!db.select({ id: importJobsTable.id }).from(importJobsTable).where(heldBy(id, holder)).get())
          return false;
        db.delete(importCandidatesTable).where(eq(importCandidatesTable.jobId, id)).run();
        for (const [position, url] of found.urls.entries()) {
          db.insert(importCandidatesTable)
            .values({
              jobId: id,
              position,
              url,
              status: "pending",
              error: "",
              articleId: null,
              ...EMPTY_DETAILS,
            })
            .run();
        }
        db.update(importJobsTable)
          .set({ status: "reading", kind: found.kind, pagesRead: found.pagesRead, updatedAt: now() })
          .where(eq(importJobsTable.id, id))
          .run();
        return true;
      });
      if (saved) announce(id);
    },
    pending(id: string): CandidateRow[] {
      return db
        .select()
        .from(importCandidatesTable)
        .where(and(eq(importCandidatesTable.jobId, id), eq(importCandidatesTable.status, "pending")))
        .orderBy(asc(importCandidatesTable.position))
        .all();
    },
    candidates(id: string, positions: number[]): CandidateRow[] {
      return db
        .select()
        .from(importCandidatesTable)
        .where(and(eq(importCandidatesTable.jobId, id), inArray(importCandidatesTable.position, positions)))
        .orderBy(asc(importCandidatesTable.position))
        .all();
    },
    /** UTF-8 bytes of page text the job holds (read and not added yet). */
    storedTextBytes(id: string): number {
      return (
        db
          .select({
            bytes: sql<number>`coalesce(sum(length(cast(${importCandidatesTable.content} as blob))), 0)`,
          })
          .from(importCandidatesTable)
          .where(eq(importCandidatesTable.jobId, id))
          .get()?.bytes ?? 0
      );
    },
    saveRead(
      id: string,
      holder: string,
      position: number,
      outcome: { details: Details } | { error: string },
    ): void {
      const values =
        "details" in outcome
          ? { ...outcome.details, status: "ready", error: "" }
          : { status: "failed", error: outcome.error };
      const { changes } = db
        .update(importCandidatesTable)
        .set(values)
        .where(
          and(
            eq(importCandidatesTable.jobId, id),
            eq(importCandidatesTable.position, position),
            eq(importCandidatesTable.status, "pending"),
            exists(db.select({ id: importJobsTable.id }).from(importJobsTable).where(heldBy(id, holder))),
          ),
        )
        .run();
      if (changes === 1) progressed(id);
    },
    markAdded(id: string, position: number, articleId: string): void {
      db.update(importCandidatesTable)
        .set({ status: "added", articleId, content: "" })
        .where(and(eq(importCandidatesTable.jobId, id), eq(importCandidatesTable.position, position)))
        .run();
      progressed(id);
    },
  };
}

export type CatalogueJobs = ReturnType<typeof createCatalogueJobs>;
