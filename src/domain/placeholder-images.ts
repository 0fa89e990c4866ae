import type { Article } from "./content";

/**
 * A known placeholder or generated-preview image. `host` matches that host and its subdomains;
 * `path` is tested against the URL's path. When both are given, both must match.
 */
export type PlaceholderPattern = { readonly host?: string; readonly path?: RegExp };

/**
 * Images that stand for "no picture": stock placeholder services, open-graph image
 * generators and the default share images that local-news sites serve when a story has none.
 */
export const PLACEHOLDER_IMAGE_PATTERNS: readonly PlaceholderPattern[] = [
  // Open-graph image generators: a rendered title card, not a photo.
  { host: "og-image.vercel.app" },
  { path: /\/api\/og(\/|$)/i },
  // Placeholder image services.
  { host: "placehold.co" },
  { host: "via.placeholder.com" },
  { host: "dummyimage.com" },
  // Local-news CMS fallbacks: '/placeholder.jpg', '/images/placeholder-16x9.png', ...
  { path: /\/placeholders?([-_.][^/]*)?$/i },
  // '/default-share-image.png', '/assets/default_og_image.jpg', '/img/default-social.png'
  { path: /\/default[-_]?(share|social|og|facebook|twitter)([-_]?image)?[^/]*$/i },
  // '/static/no-image.png', '/img/missing_image.jpg', '/fallback-image.jpg'
  { path: /\/(no|missing|fallback)[-_]?(image|photo|picture)[^/]*$/i },
];

function matches(url: URL, pattern: PlaceholderPattern): boolean {
  if (pattern.host === undefined && pattern.path === undefined) return false;
  const host = pattern.host?.toLowerCase();
  const hostMatches = host === undefined || url.hostname === host || url.hostname.endsWith(`.${host}`);
  const pathMatches = pattern.path === undefined || pattern.path.test(url.pathname);
  return hostMatches && pathMatches;
}

/** True when `url` is a known placeholder image. Site paths ('/demo/x.jpg') are checked by path. */
export function isPlaceholderImage(
  url: string,
  patterns: readonly PlaceholderPattern[] = PLACEHOLDER_IMAGE_PATTERNS,
): boolean {
  const value = url.trim();
  if (value === "") return false;
  let parsed: URL;
  try {
    // The base only lets site paths parse; it never matches a host pattern.
    parsed = new URL(value, "http://site.invalid");
  } catch {
    return false;
  }
  return patterns.some((pattern) => matches(parsed, pattern));
}

/** The article's image to show, or null when it has none or only a placeholder. */
export function usableImage(
  article: Pick<Article, "image">,
  patterns: readonly PlaceholderPattern[] = PLACEHOLDER_IMAGE_PATTERNS,
): string | null {
  const image = article.image.trim();
  return image === "" || isPlaceholderImage(image, patterns) ? null : image;
}

/**
 * What to do when an image fails to load: a placeholder is hidden; otherwise the
 * fallback is tried when there is one that is not a placeholder and not the url that just
 * failed (which would loop); otherwise the image is hidden.
 */
export function nextImageOnError(
  currentUrl: string,
  fallbackUrl?: string | null,
  patterns: readonly PlaceholderPattern[] = PLACEHOLDER_IMAGE_PATTERNS,
): "hide" | { src: string } {
  if (isPlaceholderImage(currentUrl, patterns)) return "hide";
  const fallback = fallbackUrl?.trim() ?? "";
  if (fallback === "" || fallback === currentUrl.trim() || isPlaceholderImage(fallback, patterns))
    return "hide";
  return { src: fallback };
}
