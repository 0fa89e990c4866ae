/** A page address's host without a leading "www.", or "" when there is no valid address. */
export function siteHost(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname.replace(/^www\./, "") : "";
  } catch {
    return "";
  }
}
