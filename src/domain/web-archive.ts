import type { BylineEvidence } from "./byline-evidence";

/** What the in-page reader says of the web-archive capture its kept text came from. */
export type CaptureProof = {
  /** ISO time of the capture (the WARC-Date). */
  capturedAt: string;
  /** The address that answered. */
  url: string;
  /** Hex SHA-256 of the page's bytes as received (the response record's WARC-Payload-Digest). */
  sha256: string;
  /** Where a visitor downloads this clip's web archive. */
  wacz: string;
  /** Where the captured page names the owner (issue 39), when it does; given by the reader's proof line only. */
  byline?: BylineEvidence;
};

export const captureProofPath = (articleId: string) =>
  `/api/articles/${encodeURIComponent(articleId)}/capture`;
export const articleWaczPath = (articleId: string) =>
  `/api/articles/${encodeURIComponent(articleId)}/archive.wacz`;
/** The owner's web archive of the whole portfolio. */
export const PORTFOLIO_WACZ_PATH = "/api/archive/portfolio.wacz";

/** "theherald.example/news/2024/…": the host without "www." and the path cut to fit a line. */
export function shortAddress(url: string, max = 40): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.slice(0, max);
  }
  const full = `${parsed.hostname.replace(/^www\./, "")}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  return full.length <= max ? full : `${full.slice(0, max - 1)}…`;
}
