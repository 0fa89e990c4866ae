import { useId } from "react";
import { fediverseAddress, type FediverseOverview } from "../../../domain/fediverse";
import "./fediverse-panel.css";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) +
  " UTC";

/** Who follows the site on the fediverse, and how the last clips sent to them went. */
export function FediversePanel({ overview, publicUrl }: { overview: FediverseOverview; publicUrl: string }) {
  const headingId = useId();
  const { followers, deliveries, waiting } = overview;
  const address = fediverseAddress(overview.handle, publicUrl);
  const on = overview.enabled && address !== "";
  return (
    <section className="fediverse-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>Fediverse followers</h3>
      <p className="fediverse-panel__status">
        {on
          ? `${address} · ${followers.length === 1 ? "1 follower" : `${followers.length} followers`}`
          : "Off: switch it on and choose a handle in the Fediverse settings above."}
        {waiting > 0 ? ` · ${waiting === 1 ? "1 delivery" : `${waiting} deliveries`} waiting` : ""}
      </p>
      {followers.length > 0 ? (
        <ul className="fediverse-panel__list" aria-label="Followers">
          {followers.map((follower) => (
            <li key={follower.actorId}>
              <span className="fediverse-panel__handle">{follower.handle}</span>{" "}
              <small>since {when(follower.followedAt)}</small>
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
    </section>
  );
}
