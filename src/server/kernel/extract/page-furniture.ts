/**
 * Class / id words that mark page furniture around an article: share bars, related links,
 * newsletter promos, ads, captions and credits, bylines and datelines, comments, tags.
 * Matched as whole words of the class or id ("article__share-bar", "relatedLinks").
 */
const FURNITURE_WORDS = new Set([
  "share",
  "sharing",
  "sharebar",
  "social",
  "socials",
  "related",
  "newsletter",
  "newsletters",
  "subscribe",
  "subscription",
  "signup",
  "promo",
  "promotion",
  "advert",
  "advertisement",
  "advertising",
  "ad",
  "ads",
  "adslot",
  "dfp",
  "sponsor",
  "sponsored",
  "outbrain",
  "taboola",
  "caption",
  "captions",
  "credit",
  "credits",
  "breadcrumb",
  "breadcrumbs",
  "comment",
  "comments",
  "disqus",
  "recommended",
  "recommendations",
  "trending",
  "popular",
  "byline",
  "bylines",
  "author",
  "bio",
  "dateline",
  "date",
  "time",
  "timestamp",
  "pubdate",
  "tags",
  "toolbar",
  "sidebar",
  "paywall",
  "modal",
  "popup",
  "overlay",
  "cookie",
  "cookies",
  "consent",
  "gdpr",
  "nav",
  "navigation",
  "menu",
  "sr",
  "screenreader",
  "hidden",
  // Hover cards and tooltips: shown on demand over the text, never part of it.
  "tooltip",
  "popover",
  "hovercard",
  "rollover",
]);

/** Class / id words of media boxes: their short text is a caption or a credit. */
const MEDIA_WORDS = new Set([
  "image",
  "images",
  "img",
  "photo",
  "photos",
  "picture",
  "media",
  "figure",
  "gallery",
  "slideshow",
  "video",
  "player",
  "thumbnail",
  "lead",
  "hero",
]);
const MEDIA_CAPTION_MAX_CHARS = 400;

/** Elements that are never article prose. */
const FURNITURE_TAGS = new Set([
  "figcaption",
  "nav",
  "aside",
  "footer",
  "button",
  "select",
  "iframe",
  "form",
]);

/** The main text of a page never sits in these landmark roles. */
const FURNITURE_ROLES = new Set(["navigation", "complementary", "contentinfo", "banner", "search", "dialog"]);

/**
 * Class names that hide an element only on a phone or in print ("hidden-xs", "hidden-print",
 * "mobile-hidden"): on a desktop screen it shows, and it is often the standfirst or a sub-heading.
 */
const HIDDEN_ON_SMALL_SCREENS =
  /^((hidden|hide)[-_](xs|sm|print|mobile|phone|tablet|small)|(xs|sm|mobile|phone|tablet)[-_](hidden|hide))$/i;

function classWords(element: Element): string[] {
  const classes = (element.getAttribute("class") ?? "")
    .split(/\s+/)
    .filter((name) => !HIDDEN_ON_SMALL_SCREENS.test(name));
  const names = `${classes.join(" ")} ${element.getAttribute("id") ?? ""}`;
  return names
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
}

function isHidden(element: Element): boolean {
  if (element.hasAttribute("hidden")) return true;
  const style = element.getAttribute("style");
  return style !== null && /(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}

/**
 * A class word can sit on the article container itself ("story-body has-share-tools"); such an
 * element holds several real paragraphs of prose and is kept.
 */
function holdsProse(element: Element): boolean {
  let prose = 0;
  for (const paragraph of element.querySelectorAll("p")) {
    const text = paragraph.textContent ?? "";
    if (text.length < 120) continue;
    let linkText = 0;
    for (const link of paragraph.querySelectorAll("a")) linkText += (link.textContent ?? "").length;
    if (linkText / text.length < 0.3 && ++prose >= 3) return true;
  }
  return false;
}

function textLength(element: Element): number {
  return (element.textContent ?? "").replace(/\s+/g, " ").length;
}

const MOSTLY = 0.8;

function quotedShare(element: Element): number {
  const total = textLength(element);
  if (total === 0) return 0;
  let quoted = 0;
  for (const quote of element.querySelectorAll("blockquote")) {
    if (!quote.parentElement?.closest("blockquote")) quoted += textLength(quote);
  }
  return quoted / total;
}

/** Removes page furniture from the document, before the main text is looked for. */
export function removeFurniture(body: HTMLElement): void {
  for (const tag of ["script", "style", "template"])
    for (const element of [...body.getElementsByTagName(tag)]) element.remove();
  const pageText = textLength(body);
  // An element holding a large share of the page's text is the article's container, whatever its class says.
  const isContainer = (element: Element): boolean =>
    textLength(element) > 0.3 * pageText || holdsProse(element);

  const verdict = (element: Element): "keep" | "remove" | "unwrap" => {
    const tag = element.localName;
    if (tag === "main" || tag === "article") return "keep";
    if (isHidden(element)) return "remove";
    const role = element.getAttribute("role");
    // A header with the page's h1 is the title block: title, standfirst, byline, date.
    if (
      FURNITURE_TAGS.has(tag) ||
      (role !== null && FURNITURE_ROLES.has(role)) ||
      (tag === "header" && element.querySelector("h1") !== null)
    ) {
      return isContainer(element) ? "keep" : "remove";
    }
    const words = classWords(element);
    if (words.some((word) => MEDIA_WORDS.has(word))) {
      const media = element.querySelector("img, picture, video") !== null;
      if (media && textLength(element) < MEDIA_CAPTION_MAX_CHARS) return "remove";
    }
    if (!words.some((word) => FURNITURE_WORDS.has(word))) return "keep";
    // Embedded posts (tweets and the like) come in "social" boxes but are part of the story: the box
    // goes, the post stays (Readability would drop the box for the same word). A comment thread
    // quoting other comments has most of its text outside quotes and still goes.
    if (quotedShare(element) >= MOSTLY) return "unwrap";
    return isContainer(element) ? "keep" : "remove";
  };

  const visit = (element: Element): void => {
    let child = element.firstElementChild;
    while (child) {
      let next = child.nextElementSibling;
      const action = verdict(child);
      if (action === "remove") {
        child.remove();
      } else if (action === "unwrap") {
        next = child.firstElementChild ?? next;
        child.replaceWith(...child.childNodes);
      } else {
        visit(child);
      }
      child = next;
    }
  };
  visit(body);
}
