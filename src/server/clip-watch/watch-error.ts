/** Why the owner's action on the clip watch could not be done; the routes give each its HTTP status. */
export type WatchErrorCode =
  | "not_found"
  | "invalid_clip"
  | "dismissed"
  | "added"
  | "not_auto_added"
  | "too_late"
  | "robots_disallowed"
  | "fetch_refused"
  | "stopping"
  | "unreadable"
  | "source_unreadable";

export class WatchError extends Error {
  override readonly name = "WatchError";
  constructor(
    readonly code: WatchErrorCode,
    message: string,
  ) {
    super(message);
  }
}
