import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import type {
  ImportCandidate,
  ImportCandidateStatus,
  ImportJob,
  ImportJobStatus,
} from "../../domain/back-catalogue";
import type { Store } from "../db/open-database";
import { importCandidatesTable, importJobsTable } from "../db/schema";

export type CandidateRow = typeof importCandidatesTable.$inferSelect;
type Details = Pick<
  CandidateRow,
  "title" | "outlet" | "date" | "description" | "image" | "author" | "content"
>;

/** Imports kept for the owner to come back to; older ones are deleted when a new one starts. */
const KEPT_JOBS = 5;

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
 * content: writes go straight to the tables and emit no live event.
 */
export function createImportJobs(store: Store) {
  const { db } = store;
  const now = () => new Date().toISOString();
  const jobRow = (id: string) => db.select().from(importJobsTable).where(eq(importJobsTable.id, id)).get();

  function toCandidate(row: CandidateRow): ImportCandidate {
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
    /** A new job; only the newest few are kept, as the pages' text is stored until added. */
    create(url: string): string {
      const id = randomUUID();
      const at = now();
      store.sqlite.transaction(() => {
        db.insert(importJobsTable)
          .values({
            id,
            url,
            status: "discovering",
            kind: "",
            pagesRead: 0,
            error: "",
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
      })();
      return id;
    },
    get(id: string): ImportJob | undefined {
      const job = jobRow(id);
      if (!job) return undefined;
      const candidates = db
        .select()
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
        .where(inArray(importJobsTable.status, ["discovering", "reading"]))
        .all()
        .map((row) => row.id);
    },
    status(id: string): ImportJobStatus | undefined {
      return jobRow(id)?.status as ImportJobStatus | undefined;
    },
    setStatus(id: string, status: ImportJobStatus, error = ""): void {
      db.update(importJobsTable)
        .set({ status, error, updatedAt: now() })
        .where(eq(importJobsTable.id, id))
        .run();
    },
    /** Stores what discovery found, replacing an earlier interrupted discovery, and moves on to reading. */
    saveDiscovery(id: string, found: { kind: ImportJob["kind"]; urls: string[]; pagesRead: number }): void {
      store.sqlite.transaction(() => {
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
      })();
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
    saveRead(id: string, position: number, outcome: { details: Details } | { error: string }): void {
      const values =
        "details" in outcome
          ? { ...outcome.details, status: "ready", error: "" }
          : { status: "failed", error: outcome.error };
      db.update(importCandidatesTable)
        .set(values)
        .where(
          and(
            eq(importCandidatesTable.jobId, id),
            eq(importCandidatesTable.position, position),
            eq(importCandidatesTable.status, "pending"),
          ),
        )
        .run();
    },
    markAdded(id: string, position: number, articleId: string): void {
      db.update(importCandidatesTable)
        .set({ status: "added", articleId, content: "" })
        .where(and(eq(importCandidatesTable.jobId, id), eq(importCandidatesTable.position, position)))
        .run();
    },
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
