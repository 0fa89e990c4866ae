import {
  bylineEvidenceText,
  formatShortDate,
  proofSummaryText,
  type ProofClip,
  type ProofPage as Proof,
} from "../../../domain/byline-evidence";
import { formatArticleDate, formatDayMonthYear } from "../../../domain/dates";
import { imageCacheSrc } from "../../../domain/image-src";
import { shortAddress } from "../../../domain/web-archive";
import "./proof-page.css";

/** What the page says of a clip's page: where it names the owner, or that it does not. */
function BylineLine({ clip, ownerName }: { clip: ProofClip; ownerName: string }) {
  const { byline, note } = clip.evidence;
  const noteText = note ? <span className="pf-note"> Note: {note}</span> : null;
  if (byline) return <p className="pf-byline pf-byline--named">{bylineEvidenceText(byline)}</p>;
  if (byline === null)
    return (
      <p className="pf-byline pf-byline--unnamed">
        The page as published does not name {ownerName}.{noteText}
      </p>
    );
  return (
    <p className="pf-byline">
      {clip.evidence.capture ? "The byline was not read from this capture." : "Not captured yet."}
      {noteText}
    </p>
  );
}

function ClipEntry({ clip, ownerName }: { clip: ProofClip; ownerName: string }) {
  const { capture } = clip.evidence;
  return (
    <li className="pf-clip">
      <h3 className="pf-clip__title">
        <a href={clip.url}>{clip.title}</a>
      </h3>
      <p className="pf-clip__meta">
        {clip.outlet}
        {clip.date ? <> · {formatArticleDate(clip.date, formatDayMonthYear)}</> : null}
      </p>
      <BylineLine clip={clip} ownerName={ownerName} />
      <dl className="pf-facts">
        {capture ? (
          <>
            <dt>Captured</dt>
            <dd>
              <time dateTime={capture.capturedAt}>{formatShortDate(capture.capturedAt)}</time> from{" "}
              <span title={clip.capturedFrom}>{shortAddress(clip.capturedFrom)}</span> ·{" "}
              <a href={capture.wacz} download>
                Web archive (WACZ)
              </a>
            </dd>
            <dt>SHA-256</dt>
            <dd>
              <code className="pf-digest">{capture.sha256}</code>
            </dd>
          </>
        ) : null}
        <dt>Wayback Machine</dt>
        <dd>{clip.wayback ? <a href={clip.wayback}>Copy kept by the Wayback Machine</a> : "No copy yet"}</dd>
        <dt>Author page</dt>
        <dd>
          {clip.listedOn.length > 0 ? (
            <ul className="pf-listed">
              {clip.listedOn.map(({ source, lastSeenAt }) => (
                <li key={source}>
                  Listed on <a href={source}>{shortAddress(source)}</a>, last seen{" "}
                  <time dateTime={lastSeenAt}>{formatShortDate(lastSeenAt)}</time>
                </li>
              ))}
            </ul>
          ) : (
            "Not listed on a watched author page"
          )}
        </dd>
      </dl>
    </li>
  );
}

/**
 * `/proof`: the evidence an editor checks in a minute (issue 39): who the owner is and their
 * accounts, then each clip with where its page as published names the owner, the capture's
 * SHA-256 and WACZ, the Wayback Machine's copy and the outlet author pages that list it.
 */
export function ProofPage({ proof }: { proof: Proof }) {
  const { owner, summary, clips } = proof;
  const photo = imageCacheSrc(owner.photo);
  return (
    <div className="pf">
      <main className="pf-main">
        <header className="pf-owner">
          {photo ? <img className="pf-owner__photo" src={photo} alt="" width={96} height={96} /> : null}
          <div>
            <h1 className="pf-owner__name">
              <span className="pf-owner__kicker">Proof of authorship</span>
              {owner.name}
            </h1>
            <p className="pf-summary">{proofSummaryText(summary, owner.name)}</p>
          </div>
        </header>
        <section aria-labelledby="pf-accounts">
          <h2 id="pf-accounts">Accounts</h2>
          {owner.accounts.length > 0 ? (
            <ul className="pf-accounts">
              {owner.accounts.map((account) => (
                <li key={account.url}>
                  <a href={account.url} rel="me">
                    {account.label}
                  </a>{" "}
                  <span className={account.verified ? "pf-verified" : "pf-unverified"}>
                    {account.verified ? "verified: links back to this site" : "does not link back yet"}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p>No accounts elsewhere are listed.</p>
          )}
        </section>
        <section aria-labelledby="pf-clips">
          <h2 id="pf-clips">Clips</h2>
          {clips.length > 0 ? (
            <ol className="pf-clips">
              {clips.map((clip) => (
                <ClipEntry key={clip.id} clip={clip} ownerName={owner.name} />
              ))}
            </ol>
          ) : (
            <p>No clips yet.</p>
          )}
        </section>
        <p className="pf-back">
          <a href="/">Back to the portfolio</a>
        </p>
      </main>
    </div>
  );
}
