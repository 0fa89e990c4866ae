import type { Site } from "./content";

/** The site's fediverse address, `@handle@host` (PUBLIC_URL's host); "" while it has none. */
export function fediverseAddress(handle: string, publicUrl: string): string {
  return handle ? `@${handle}@${new URL(publicUrl).host}` : "";
}

/** Whether the site answers as a fediverse actor: switched on, with a handle. */
export const fediverseOn = (site: Pick<Site, "fediverse">) =>
  site.fediverse.enabled && site.fediverse.handle !== "";

/** A clip sent to the followers, and how its deliveries went. */
export type FediverseDelivery = {
  articleId: string;
  title: string;
  sentAt: string;
  /** How many followers there were when it was sent. */
  followers: number;
  /** Deliveries an inbox refused or that failed (each retry counts). */
  failures: number;
  lastError: string | null;
};

/** The owner's view: the switch, the handle, the followers and the last deliveries. */
export type FediverseOverview = {
  enabled: boolean;
  handle: string;
  followers: { handle: string; actorId: string; followedAt: string }[];
  deliveries: FediverseDelivery[];
  /** Deliveries still waiting in the queue (retries included). */
  waiting: number;
};
