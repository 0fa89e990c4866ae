import { useId } from "react";
import { fediverseAddress, type FediverseOverview } from "../../../domain/fediverse";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useConfirmedDelete } from "../../lib/dashboard/use-confirmed-delete";
import { useHydrated } from "../../lib/use-hydrated";
import "./fediverse-panel.css";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) +
  " UTC";

/**
 * Who follows the site on the fediverse (each can be removed: its server is told), and how the
 * last clips sent to them went.
 */
export function FediversePanel({ overview, publicUrl }: { overview: FediverseOverview; publicUrl: string }) {
  const headingId = useId();
  const hydrated = useHydrated();
  const { followers, deliveries, waiting } = overview;
  const address = fediverseAddress(overview.handle, publicUrl);
  const on = overview.enabled && address !== "";
  const remove = useConfirmedDelete({
    items: followers,
    keyOf: (follower) => follower.actorId,
    pathOf: (follower) => `/api/fediverse/followers/${encodeURIComponent(follower.actorId)}`,
    done: "Follower removed",
    failed: (error) => (error.status !== 0 ? error.message : "Failed to remove the follower"),
    focusAfterId: headingId,
    confirmLabel: "Remove",
  });

  return (
    <section className="fediverse-panel" aria-labelledby={headingId}>
      <h3 id={headingId} tabIndex={-1}>
        Fediverse followers
      </h3>
      <p className="fediverse-panel__status">
        {on
          ? `${address} · ${followers.length === 1 ? "1 follower" : `${followers.length} followers`}`
          : "Off: switch it on and choose a handle in the Fediverse settings above."}
        {waiting > 0 ? ` · ${waiting === 1 ? "1 delivery" : `${waiting} deliveries`} waiting` : ""}
      </p>
      {followers.length > 0 ? (
        <ul className="fediverse-panel__list" aria-label="Followers">
          {followers.map((follower) => (
            <li key={follower.actorId} className="fediverse-panel__follower">
              <span>
                <span className="fediverse-panel__handle">{follower.handle}</span>{" "}
                <small>since {when(follower.followedAt)}</small>
              </span>
              <button
                type="button"
                className="button button--small button--danger"
                aria-label={`Remove ${follower.handle}`}
                disabled={!hydrated || remove.deletingKey !== null}
                onClick={() => remove.ask(follower.actorId)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : on ? (
        <p className="manager__empty">No followers yet.</p>
      ) : null}
      <h4>Last deliveries</h4>
      {deliveries.length > 0 ? (
        <ul className="fediverse-panel__list" aria-label="Last deliveries">
          {deliveries.map((delivery) => (
            <li key={delivery.articleId}>
              <span>{delivery.title}</span>{" "}
              <small>
                {when(delivery.sentAt)} · to{" "}
                {delivery.followers === 1 ? "1 follower" : `${delivery.followers} followers`}
                {delivery.failures > 0
                  ? ` · ${delivery.failures} failed ${delivery.failures === 1 ? "attempt" : "attempts"}${delivery.lastError ? ` (${delivery.lastError.split("\n")[0]})` : ""}`
                  : ""}
              </small>
            </li>
          ))}
        </ul>
      ) : (
        <p className="manager__empty">No clip sent yet: each new clip goes to your followers once.</p>
      )}
      <ConfirmDialog
        {...remove.dialog}
        title="Remove this follower?"
        message={
          remove.asked
            ? `${remove.asked.handle} will get no more of your clips${on ? ", and its server is told it no longer follows you" : ""}. It can follow again.`
            : ""
        }
      />
    </section>
  );
}
