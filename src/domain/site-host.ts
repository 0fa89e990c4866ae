/**
 * A page address's host without a leading "www.", or "" when there is no valid address: the host
 * shown to people (an outlet's name when the page gives none). What counts as one outlet is
 * `outletOf` (src/server/kernel/discover/read-limiter).
 */
export function siteHost(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname.replace(/^www\./, "") : "";
  } catch {
    return "";
  }
}
