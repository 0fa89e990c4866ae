import { useCallback, useEffect, useId, useState } from "react";
import { counted } from "../../../domain/counted";
import type { FollowersOverview } from "../../../domain/email-follow";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { apiRequest } from "../../lib/api-client";
import { useAdminApi } from "../../lib/dashboard/use-admin-api";
import "../../lib/dashboard/manager.css";
import "./followers.css";

const STATUS_LABELS = {
  confirmed: "Confirmed",
  waiting: "Waiting for confirmation",
  bouncing: "Bouncing",
} as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  }) + " UTC";

/**
 * The owner's view of following by e-mail: how many follow, the last digest and its deliveries,
 * the list (CSV download, remove an address). Read from `/api/followers` in the browser;
 * `refresh` changes when the page's data does (a live update), to read it again.
 */
export function FollowersPanel({ refresh }: { refresh?: unknown }) {
  const titleId = useId();
  const send = useAdminApi();
  const [overview, setOverview] = useState<FollowersOverview | null>(null);
  const [failed, setFailed] = useState(false);
  const [removing, setRemoving] = useState<FollowersOverview["followers"][number] | null>(null);
  const [busy, setBusy] = useState(false);
  const [removeFailed, setRemoveFailed] = useState(false);

  const load = useCallback(() => {
    const controller = new AbortController();
    apiRequest<FollowersOverview>("/api/followers", { signal: controller.signal })
      .then((data) => {
        setOverview(data);
        setFailed(false);
      })
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === "AbortError")) setFailed(true);
      });
    return () => controller.abort();
  }, []);
  useEffect(() => load(), [load, refresh]);

  async function remove() {
    if (!removing) return;
    setBusy(true);
    const result = await send<void>(`/api/followers/${encodeURIComponent(removing.id)}`, "DELETE");
    setBusy(false);
    setRemoving(null);
    setRemoveFailed(!result.ok);
    load();
  }

  return (
    <section className="followers" aria-labelledby={titleId}>
      <h2 id={titleId} className="followers__title">
        Followers by e-mail
      </h2>
      {failed ? (
        <p className="form-error" role="alert">
          Failed to load the followers.
        </p>
      ) : !overview ? (
        <p className="followers__note" role="status">
          Loading…
        </p>
      ) : (
        <>
          <p className="followers__counts" data-testid="follower-counts">
            {counted(overview.counts.confirmed, "follower")} confirmed · {overview.counts.waiting} waiting
            {overview.counts.bouncing ? ` · ${overview.counts.bouncing} bouncing` : ""}
          </p>
          {overview.mailConfigured ? null : (
            <p className="followers__note">
              No mail server is set (SMTP_URL): confirmations and digests wait until one is.
            </p>
          )}
          <p className="followers__note">
            {overview.lastDigest
              ? `Last digest ${when(overview.lastDigest.createdAt)}: ${counted(overview.lastDigest.clips, "clip")}; ` +
                `${overview.lastDigest.deliveries.sent} delivered, ${overview.lastDigest.deliveries.queued} waiting, ` +
                `${overview.lastDigest.deliveries.failed} failed.`
              : "No digest yet: the first goes out when you publish a clip and someone follows."}
          </p>
          {overview.followers.length ? (
            <>
              <p>
                <a className="button button--small" href="/api/followers/export.csv" download="followers.csv">
                  Export as CSV
                </a>
              </p>
              {removeFailed ? (
                <p className="form-error" role="alert">
                  Failed to remove the address. Please try again.
                </p>
              ) : null}
              <ul className="followers__list">
                {overview.followers.map((follower) => (
                  <li key={follower.id} className="followers__item">
                    <span className="followers__email">{follower.email}</span>
                    <span className={`followers__status followers__status--${follower.status}`}>
                      {STATUS_LABELS[follower.status]}
                    </span>
                    <button
                      type="button"
                      className="button button--small button--danger"
                      aria-label={`Remove ${follower.email}`}
                      onClick={() => setRemoving(follower)}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="followers__note">Nobody follows by e-mail yet.</p>
          )}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this address?"
        message={removing ? `${removing.email} will get no more e-mails from your site.` : ""}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
