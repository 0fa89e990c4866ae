export type SafeFetchErrorCode =
  | "blocked_scheme"
  | "blocked_port"
  | "blocked_address"
  | "dns"
  | "too_many_redirects"
  | "timeout"
  | "too_large"
  | "bad_content_type"
  | "network";

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
