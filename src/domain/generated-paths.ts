import { IMAGE_CACHE_PATH } from "./image-src";
import { isHttpUrl, isSitePath } from "./safe-url";

/** The site's share card; each article's is `${ARTICLE_CARD_PATH}/<id>.png`. */
export const SITE_CARD_PATH = "/social-card.png";
export const ARTICLE_CARD_PATH = "/social-card/article";

/** The owner's PDF clip book of the whole portfolio. */
export const CLIP_BOOK_PATH = "/clip-book.pdf";

/** The icons and the web manifest, made from the owner's name or Site icon. */
export const ICON_PATHS = [
  "/favicon.svg",
  "/favicon.ico",
  "/apple-touch-icon.png",
  "/icon-192.png",
  "/icon-512.png",
  "/site.webmanifest",
] as const;
export type IconPath = (typeof ICON_PATHS)[number];

/** The files React Router renders from the content (src/web/routes.ts). */
const FEED_PATHS = ["/sitemap.xml", "/robots.txt", "/feed.xml"] as const;

/** Where the API answers; only its image cache (IMAGE_CACHE_PATH) serves pictures. */
const API_PATH = "/api";
const HEALTH_PATH = "/healthz";
/**
 * Answers for other machines and for readers' links: WebFinger and the Bluesky DID
 * (`/.well-known/`), the fediverse actor (`/ap/`), following by e-mail's confirmation and
 * unsubscribe pages.
 */
const SERVICE_PREFIXES = ["/.well-known/", "/ap/", "/follow/", "/unsubscribe/"];

/**
 * Every answer the server makes up on request rather than reads from a file: the share cards, the
 * clip book, the icons, the manifest, the feeds, the health check, the API and the answers for
 * other machines and readers' links (SERVICE_PREFIXES). A share card or an icon never
 * loads one of these as its picture: a card whose photo is the card would wait on its own render.
 * tests/integration/generated-paths.test.ts checks that every route the app declares is here.
 */
const GENERATED_FILES: ReadonlySet<string> = new Set([
  SITE_CARD_PATH,
  CLIP_BOOK_PATH,
  ...ICON_PATHS,
  ...FEED_PATHS,
  HEALTH_PATH,
]);
const GENERATED_PREFIXES = [`${ARTICLE_CARD_PATH}/`, `${API_PATH}/`, ...SERVICE_PREFIXES];

export function isGeneratedPath(pathname: string): boolean {
  return (
    GENERATED_FILES.has(pathname) ||
    pathname === API_PATH ||
    GENERATED_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}

/** Addresses wrapped in the image cache's `?url=` more deeply than this are refused outright. */
const MAX_WRAPPING = 3;
/** Relative addresses are read against this; it is never fetched. */
const BASE = "http://site.invalid";

/**
 * The path an address leads to, spelled the way the router could read it at the most: percent
 * escapes undone (repeatedly), dot segments resolved, repeated and trailing slashes dropped, in
 * lower case. Generous on purpose: it only decides what is refused.
 */
function widestPath(url: URL): { path: string; url: URL } {
  let current = url;
  for (let round = 0; round < 4; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current.pathname);
    } catch {
      break;
    }
    if (decoded === current.pathname) break;
    current = new URL(decoded.replace(/^\/*/, "/"), BASE);
  }
  const path = current.pathname
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/(.)\/+$/, "$1");
  return { path, url: current };
}

/**
 * Whether a picture's address names one of the generated answers above, however it is spelled: a
 * path or an absolute URL to this site (`isOwnHost`), with any query, in any case, with percent
 * escapes, or wrapped in the image cache's `?url=` (whose own address is then the one that counts).
 */
export function namesGeneratedPath(
  address: string,
  isOwnHost: (hostname: string) => boolean,
  wrapping = 0,
): boolean {
  const value = address.trim();
  let url: URL;
  if (isSitePath(value)) url = new URL(value, BASE);
  else if (isHttpUrl(value)) url = new URL(value);
  else return false;
  if (url.origin !== BASE && !isOwnHost(url.hostname)) return false;
  const { path, url: read } = widestPath(url);
  if (path === IMAGE_CACHE_PATH) {
    // The image cache is itself a generated answer; only the picture it wraps may be let through.
    const inner = (read.searchParams.get("url") ?? url.searchParams.get("url") ?? "").trim();
    if (wrapping >= MAX_WRAPPING || !(isSitePath(inner) || isHttpUrl(inner))) return true;
    return namesGeneratedPath(inner, isOwnHost, wrapping + 1);
  }
  return isGeneratedPath(path);
}
