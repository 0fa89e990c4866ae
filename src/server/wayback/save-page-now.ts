import { z } from "zod";
import { savedSnapshotLink, waybackSnapshotLink, waybackTimestampToIso } from "../../domain/wayback";

/** What the client reads of an answer: the safe fetcher's response, in part. */
export type WaybackAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/**
 * One request to the Wayback Machine through the safe fetcher (wired in services.ts): a GET, or a
 * POST of `form`. It follows no redirect, so the keys cannot be carried off to another host.
 */
export type WaybackRequest = (
  url: string,
  request: { headers: Record<string, string>; form?: Record<string, string> },
) => Promise<WaybackAnswer>;

export type WaybackKeys = { accessKey: string; secretKey: string };

/** What one exchange with Save Page Now came to. */
export type SaveStep =
  | { kind: "submitted"; jobId: string }
  | { kind: "pending" }
  | { kind: "saved"; savedAt: string; snapshotUrl: string }
  /**
   * Worth another try later (429, 5xx, a busy service, a garbled answer). `resend`: the job
   * itself ended in an error, so the page is sent again rather than the job asked after.
   */
  | { kind: "retry"; reason: string; retryAfterMs?: number; resend?: boolean }
  /** Save Page Now will not save this page: asking again changes nothing. */
  | { kind: "failed"; reason: string };

export type Availability =
  | { kind: "found"; snapshotUrl: string }
  | { kind: "none" }
  | { kind: "retry"; reason: string; retryAfterMs?: number };

/** The largest answer read: Save Page Now's and the availability API's JSON are a few hundred bytes. */
export const WAYBACK_MAX_BYTES = 64 * 1024;

/** Save Page Now's errors that say "not now" rather than "not this page" (SPN2 API docs, Error codes). */
const TRANSIENT_ERRORS = new Set([
  "error:user-session-limit",
  "error:too-many-daily-captures",
  "error:service-unavailable",
  "error:celery",
  "error:proxy-error",
  "error:internal-server-error",
  "error:browsing-timeout",
  "error:capture-location-error",
]);

const jobId = z.string().regex(/^[\w.:-]{1,200}$/);
const errorAnswer = z.object({
  status: z.literal("error"),
  status_ext: z.string().max(200).optional(),
  message: z.string().optional(),
});
const submitAnswer = z.union([z.object({ job_id: jobId }), errorAnswer]);
const statusAnswer = z.union([
  z.object({ status: z.literal("pending") }),
  z.object({ status: z.literal("success"), timestamp: z.string(), original_url: z.string() }),
  errorAnswer,
]);
const availabilityAnswer = z.object({
  archived_snapshots: z.object({
    closest: z.object({ available: z.boolean(), url: z.string(), status: z.string().optional() }).optional(),
  }),
});

const RETRY_AFTER_CAP_MS = 60 * 60 * 1000;

/** Retry-After in seconds or as an HTTP date, as a wait from `now`; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(seconds)) return undefined;
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, seconds));
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 300);

function parseJson<T>(answer: WaybackAnswer, schema: z.ZodType<T>): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(answer.body.toString("utf8"));
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A non-2xx answer: 429 and 5xx say "later" (with Retry-After when given), the rest "never". */
function refusal(answer: WaybackAnswer, now: number): SaveStep {
  const { status } = answer;
  const later = retryAfterMs(answer.headers["retry-after"], now);
  if (status === 429)
    return { kind: "retry", reason: "The Wayback Machine asked us to slow down (429)", retryAfterMs: later };
  if (status >= 500)
    return { kind: "retry", reason: `The Wayback Machine answered ${status}`, retryAfterMs: later };
  // Wrong or revoked keys stop every article alike: they wait for new keys rather than fail one by one.
  if (status === 401 || status === 403) {
    return { kind: "retry", reason: `The Wayback Machine refused the keys (${status})` };
  }
  return { kind: "failed", reason: `The Wayback Machine answered ${status}` };
}

function saveError(answer: z.infer<typeof errorAnswer>): SaveStep {
  const reason = oneLine(answer.message || answer.status_ext || "Save Page Now could not save the page");
  return TRANSIENT_ERRORS.has(answer.status_ext ?? "")
    ? { kind: "retry", reason, resend: true }
    : { kind: "failed", reason };
}

const GARBLED = "The Wayback Machine's answer was not Save Page Now's JSON";

/**
 * Save Page Now 2 and the availability API, spoken over `request` (SPN2 public API docs):
 * `POST {base}/save` with `Authorization: LOW key:secret` returns a job, `GET
 * {base}/save/status/{job}` says pending, success or error. The keys go only to `base`.
 */
export function createSavePageNow(options: { base: string; keys: WaybackKeys; request: WaybackRequest }) {
  const { base, keys, request } = options;
  const headers = {
    authorization: `LOW ${keys.accessKey}:${keys.secretKey}`,
    accept: "application/json",
  };

  return {
    async submit(url: string, now: number): Promise<SaveStep> {
      const answer = await request(`${base}/save`, { headers, form: { url } });
      if (answer.status < 200 || answer.status >= 300) return refusal(answer, now);
      const parsed = parseJson(answer, submitAnswer);
      if (!parsed) return { kind: "retry", reason: GARBLED };
      return "job_id" in parsed ? { kind: "submitted", jobId: parsed.job_id } : saveError(parsed);
    },
    async status(job: string, now: number): Promise<SaveStep> {
      const answer = await request(`${base}/save/status/${encodeURIComponent(job)}`, { headers });
      if (answer.status < 200 || answer.status >= 300) return refusal(answer, now);
      const parsed = parseJson(answer, statusAnswer);
      if (!parsed) return { kind: "retry", reason: GARBLED };
      if (parsed.status === "pending") return { kind: "pending" };
      if (parsed.status === "error") return saveError(parsed);
      const snapshotUrl = savedSnapshotLink(base, parsed.timestamp, parsed.original_url);
      const savedAt = snapshotUrl && waybackTimestampToIso(parsed.timestamp);
      if (!snapshotUrl || !savedAt) return { kind: "retry", reason: GARBLED };
      return { kind: "saved", savedAt, snapshotUrl };
    },
  };
}

export type SavePageNow = ReturnType<typeof createSavePageNow>;

/** The availability API: the closest snapshot of `url`, only ever a link on the Wayback Machine's host. */
export async function askAvailability(
  base: string,
  request: WaybackRequest,
  url: string,
  now: number,
): Promise<Availability> {
  const answer = await request(`${base}/wayback/available?url=${encodeURIComponent(url)}`, {
    headers: { accept: "application/json" },
  });
  if (answer.status < 200 || answer.status >= 300) {
    // Any refusal is worth asking again later: the question needs no keys and changes nothing.
    const step = refusal(answer, now);
    return {
      kind: "retry",
      reason: "reason" in step ? step.reason : GARBLED,
      retryAfterMs: step.kind === "retry" ? step.retryAfterMs : undefined,
    };
  }
  const parsed = parseJson(answer, availabilityAnswer);
  if (!parsed)
    return { kind: "retry", reason: "The Wayback Machine's answer was not the availability API's JSON" };
  const closest = parsed.archived_snapshots.closest;
  const snapshotUrl = closest?.available ? waybackSnapshotLink(base, closest.url) : undefined;
  return snapshotUrl ? { kind: "found", snapshotUrl } : { kind: "none" };
}
