const SAFE_LINK_SCHEMES = new Set(["http:", "https:"]);

/** True for absolute http(s) URLs: the only schemes we ever store or fetch. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return SAFE_LINK_SCHEMES.has(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A path on this site, such as `/demo/photo.jpg` (never `//host`, which is another site). */
export function isSitePath(value: string): boolean {
  return /^\/(?!\/)[^\s\\]*$/.test(value);
}

/** What a visitor's browser may follow: http(s), mailto and our own paths. Anything else becomes '#'. */
export function safeHref(value: string | undefined | null): string {
  if (!value) return "#";
  if (isSitePath(value) || isHttpUrl(value)) return value;
  if (/^mailto:[^\s]+@[^\s]+$/i.test(value)) return value;
  return "#";
}
