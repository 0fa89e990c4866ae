/**
 * Link health: what a check of an article's original address found, and how checks add up to a
 * status (docs/product.md, Link health). Pure rules, shared by the checker and the dashboard.
 */

import { isHttpUrl } from "./safe-url";
import { siteHost } from "./site-host";

export const LINK_STATUSES = ["ok", "moved", "gone", "unreachable"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** Days with a failed check, in a row, before an original counts as unreachable. */
export const UNREACHABLE_AFTER_DAYS = 3;

/** What one visit to an article's address found. */
export type CheckOutcome =
  | { kind: "ok" }
  | { kind: "moved"; movedTo: string }
  | { kind: "gone"; reason: string }
  /** No answer: DNS, timeout, refused connection, a 5xx. Counts towards 'unreachable'. */
  | { kind: "failed"; reason: string }
  /** An answer that says nothing about the page (401, 403, 429…): bot walls say this of live pages. */
  | { kind: "turned-away"; reason: string };

/** The stored state of one article's check. */
export type LinkCheckState = {
  url: string;
  status: LinkStatus | null;
  movedTo: string | null;
  checkedAt: string;
  failures: number;
  lastFailedAt: string | null;
  note: string | null;
};

/**
 * An address the link check visits: http(s), and not under the `.example` top-level domain,
 * reserved for examples (RFC 2606) so it never answers: the demo's clips live there.
 */
export function isCheckableLink(url: string): boolean {
  return isHttpUrl(url) && !/(^|\.)example\.?$/i.test(new URL(url).hostname);
}

/** An address without its fragment, as the browser would request it. */
function requestedForm(url: string): string {
  const parsed = new URL(url);
  parsed.hash = "";
  return parsed.href;
}

/**
 * A site's front page: `/`, a language or edition (`/en/`, `/en-gb`), or an index or home page.
 * Publishers send the addresses of deleted articles there.
 */
export function isHomePage(url: string): boolean {
  return /^\/(?:[a-z]{2}(?:[-_][a-z]{2})?\/?)?(?:(?:index|default|home)(?:\.[a-z]+)?\/?)?$/i.test(
    new URL(url).pathname,
  );
}

/**
 * Reads the final answer to a check of `requested`, after the redirects that led to `final`:
 * 404 and 410 are gone, as is a redirect to the site's front page; a redirect elsewhere that
 * ends in a page is a move; 5xx is a failure and other 4xx say nothing.
 */
export function classifyAnswer(
  requested: string,
  answer: { url: string; status: number; statusText: string },
): CheckOutcome {
  const { status } = answer;
  const statusLine = `${status} ${answer.statusText}`.trim();
  if (status === 404 || status === 410) return { kind: "gone", reason: statusLine };
  if (status >= 500) return { kind: "failed", reason: statusLine };
  if (status >= 400) return { kind: "turned-away", reason: statusLine };
  const from = requestedForm(requested);
  const to = requestedForm(answer.url);
  if (from === to) return { kind: "ok" };
  if (isHomePage(to) && !isHomePage(from)) return { kind: "gone", reason: `Redirected to ${to}` };
  return { kind: "moved", movedTo: to };
}

const utcDay = (iso: string) => iso.slice(0, 10);

/**
 * The state after a check. A verdict (ok, moved, gone) replaces the state. A failure keeps the
 * previous status and counts the day; on the third day in a row with a failed check the status
 * becomes 'unreachable'. A check turned away keeps everything but the date and the note.
 * `previous` must be the state of the same address (a state of an older address does not count).
 */
export function nextCheckState(
  previous: LinkCheckState | undefined,
  url: string,
  outcome: CheckOutcome,
  now: Date,
): LinkCheckState {
  const checkedAt = now.toISOString();
  switch (outcome.kind) {
    case "ok":
    case "moved":
    case "gone":
      return {
        url,
        status: outcome.kind,
        movedTo: outcome.kind === "moved" ? outcome.movedTo : null,
        checkedAt,
        failures: 0,
        lastFailedAt: null,
        note: outcome.kind === "gone" ? outcome.reason : null,
      };
    case "failed": {
      const sameDay = previous?.lastFailedAt != null && utcDay(previous.lastFailedAt) === utcDay(checkedAt);
      const failures = (previous?.failures ?? 0) + (sameDay ? 0 : 1);
      const unreachable = failures >= UNREACHABLE_AFTER_DAYS;
      return {
        url,
        status: unreachable ? "unreachable" : (previous?.status ?? null),
        movedTo: unreachable ? null : (previous?.movedTo ?? null),
        checkedAt,
        failures,
        lastFailedAt: checkedAt,
        note: outcome.reason,
      };
    }
    case "turned-away":
      return {
        url,
        status: previous?.status ?? null,
        movedTo: previous?.movedTo ?? null,
        checkedAt,
        failures: previous?.failures ?? 0,
        lastFailedAt: previous?.lastFailedAt ?? null,
        note: `Turned away: ${outcome.reason}`,
      };
  }
}

/** One article's link health as the owner sees it (`GET /api/link-checks`). */
export type ArticleLinkHealth = {
  /** null: not checked yet, or no check has given a verdict. */
  status: LinkStatus | null;
  checkedAt: string | null;
  movedTo: string | null;
  /** Days in a row with a failed check (0 after any answer). */
  failures: number;
  /** Why the last check failed, was turned away, or found the page gone. */
  note: string | null;
  /** Byline holds text for this article: the owner's own, or an archived copy of its address. */
  archived: boolean;
};

export type LinkCheckRun = {
  startedAt: string;
  finishedAt: string | null;
  checked: number;
  total: number;
};

/** `GET /api/link-checks` (owner only). */
export type LinkHealthReport = {
  running: boolean;
  /** The run in progress, or the last one since the server started. */
  run: LinkCheckRun | null;
  /** By article id; every stored article has an entry. */
  articles: Record<string, ArticleLinkHealth>;
};

/** What the 'Broken links' filter shows: originals that visitors can no longer reach. */
export function isBrokenLink(health: Pick<ArticleLinkHealth, "status"> | undefined): boolean {
  return health?.status === "gone" || health?.status === "unreachable";
}

/** Where an article's original was, in words: its outlet, or the host of its address. */
function originalPlace(article: { outlet: string; url: string }): string {
  return article.outlet.trim() || siteHost(article.url) || "its publisher";
}

/** What visitors are told of an article whose original is gone (docs/product.md, Article viewer). */
export function originalGoneText(article: { outlet: string; url: string }): string {
  return `The original at ${originalPlace(article)} is no longer available.`;
}

export const ARCHIVED_TEXT_NOTE = "This is the archived text.";
