import { z } from "./zod";
import { httpUrl } from "./url-schemas";
import type { DocumentKind } from "./document-kind";

/** Most candidates one import keeps (issue 17). */
export const IMPORT_MAX_CANDIDATES = 500;

export const importStartSchema = z.object({ url: httpUrl });

export const importAddSchema = z.object({
  candidates: z
    .array(z.number().int().min(0))
    .min(1, "Select at least one article")
    .max(IMPORT_MAX_CANDIDATES),
});

/**
 * 'interrupted': the process running the import stopped twice before it finished (a restart, a
 * crash, a killed `import-from`), so it waits for the owner to resume or cancel it.
 */
export type ImportJobStatus = "discovering" | "reading" | "done" | "cancelled" | "failed" | "interrupted";
export type ImportCandidateStatus = "pending" | "ready" | "failed" | "added";

/** One article link an import found; `id` is its place in the list. */
export type ImportCandidate = {
  id: number;
  url: string;
  status: ImportCandidateStatus;
  title: string;
  outlet: string;
  /** YYYY-MM-DD, or "" when the page states no date. */
  date: string;
  description: string;
  image: string;
  /** The byline the page names, or "". */
  author: string;
  /** Why the page could not be read, for failed candidates. */
  error: string;
  articleId: string | null;
};

/** `GET /api/imports/:id`: an import and its candidates. */
export type ImportJob = {
  id: string;
  url: string;
  status: ImportJobStatus;
  kind: "" | DocumentKind;
  pagesRead: number;
  error: string;
  createdAt: string;
  candidates: ImportCandidate[];
};

export function isImportRunning(job: Pick<ImportJob, "status">): boolean {
  return job.status === "discovering" || job.status === "reading";
}

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** True when a page names no author, or names `name` among its authors. */
export function matchesByline(author: string, name: string): boolean {
  const wanted = words(name);
  if (wanted === "" || author.trim() === "") return true;
  return ` ${words(author)} `.includes(` ${wanted} `);
}
