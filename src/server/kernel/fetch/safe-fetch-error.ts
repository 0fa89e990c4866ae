export type SafeFetchErrorCode =
  | "blocked_scheme"
  | "blocked_port"
  | "blocked_address"
  | "dns"
  | "too_many_redirects"
  | "timeout"
  | "too_large"
  | "bad_content_type"
  | "network"
  /** The outlet gate: robots.txt disallows the address for Byline. */
  | "robots_disallowed"
  /** The outlet gate: robots.txt answered 5xx or not at all, so nothing on the host is read for now. */
  | "robots_unreadable";

/** Why a server-side fetch was refused or failed; `message` is fit to show to the owner. */
export class SafeFetchError extends Error {
  override readonly name = "SafeFetchError";

  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
