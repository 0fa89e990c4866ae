import { bylineEvidenceText, formatShortDate } from "../../domain/byline-evidence";
import { formatDayMonthYear } from "../../domain/dates";
import { shortAddress, type CaptureProof } from "../../domain/web-archive";

/** Digits of the SHA-256 shown in the line; the whole digest is a click away. */
const SHORT_DIGEST = 8;

/**
 * 'Captured 5 March 2024 from theherald.example/…; SHA-256 3f2a9c1e…': the viewer's and the Articles
 * tab's line; 'Byline “Morgan Hale” in the page's structured data, captured 26 Nov 2026, SHA-256 …'
 * where the page names the owner.
 */
export function ProofLine({ proof, className }: { proof: CaptureProof; className?: string }) {
  const { capturedAt, url, sha256, byline } = proof;
  if (byline)
    return (
      <p className={className}>
        {bylineEvidenceText(byline)}, captured{" "}
        <time dateTime={capturedAt}>{formatShortDate(capturedAt)}</time>, SHA-256{" "}
        <code title={sha256}>{sha256.slice(0, SHORT_DIGEST)}…</code>
      </p>
    );
  return (
    <p className={className}>
      Captured <time dateTime={capturedAt}>{formatDayMonthYear(new Date(capturedAt))}</time> from{" "}
      <span title={url}>{shortAddress(url)}</span>; SHA-256{" "}
      <code title={sha256}>{sha256.slice(0, SHORT_DIGEST)}…</code>
    </p>
  );
}
