import { parseHTML } from "linkedom";
import { articleUrlKey } from "../../../domain/article-url";
import { absoluteLink, headlineText, listedDate, type ListedLink } from "./listed-link";
import { outletOf } from "./read-limiter";

/** Path segments of pages that list articles rather than being one. */
const LISTING_SEGMENTS = new Set([
  "about",
  "account",
  "archive",
  "archives",
  "author",
  "authors",
  "categories",
  "category",
  "contact",
  "contributor",
  "contributors",
  "feed",
  "feeds",
  "login",
  "newsletter",
  "newsletters",
  "page",
  "people",
  "privacy",
  "profile",
  "profiles",
  "rss",
  "search",
  "section",
  "sections",
  "signin",
  "staff",
  "subscribe",
  "tag",
  "tags",
  "terms",
  "topic",
  "topics",
]);
const FILE_EXTENSION = /\.(?!s?html?$|php$|aspx?$)[a-z0-9]{2,5}$/i;
const DATE_IN_PATH = /(?:^|\/)(?:19|20)\d{2}[/-](?:0?[1-9]|1[0-2])(?:[/-]|$)/;
const LONG_ID = /\d{5,}/;
const NEXT_TEXT = /^(?:next|older|more)(?:\s+(?:page|posts|articles|stories|entries))?\s*[›»→>]*$|^[›»→]$/i;
const PAGE_QUERY = /^(?:page|p|pg)$/i;
/** Link texts that are about a story, not its headline. */
const NOT_A_HEADLINE =
  /^(?:read more|continue reading|read the full (?:story|article)|full story|(?:view|see|show|load) (?:all|more)|(?:\d+ )?comments?|share(?: this)?(?: story| article)?)[\s.…:»›→>]*$/i;

/** A repeated item (a card) is looked for this many levels above a link at most. */
const CARD_LEVELS = 8;
/** A list of stories has at least this many cards with a headline. */
const MIN_STORIES = 3;
/** Words of a headline with no date beside it; dated, 2 words are enough ("Pier closes"). */
const UNDATED_HEADLINE_WORDS = 4;

const FURNITURE_ELEMENTS = new Set(["nav", "aside", "menu"]);
const FURNITURE_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "menu", "menubar"]);
/** A class or id that names site furniture: `nav`, `subnav`, `main-menu`, `site-footer`, `pager`… */
const FURNITURE_NAME = /(?:^|[-_]|sub)(?:nav|navbar|navigation|menu|footer|breadcrumbs?|pagination|pager)$/i;
/** A section or tag link names its own address, in a few words: 'Crime and courts' at `/news/crime-and-courts`. */
const MAX_SECTION_WORDS = 3;
const SECTIONING = new Set(["article", "section", "main"]);
const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
/** A full date written out beside a headline: 2024-12-03, 3 December 2024, Dec. 3, 2024. */
const DATE_TEXT = new RegExp(
  `\\b(?:(?:19|20)\\d{2}-\\d{1,2}-\\d{1,2}|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH},?\\s+(?:19|20)\\d{2}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+(?:19|20)\\d{2})\\b`,
  "i",
);
/** Scripts written without spaces between words: two characters count as a word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu;

function sameSite(a: string, b: string): boolean {
  return outletOf(a) !== "" && outletOf(a) === outletOf(b);
}

/**
 * Whether a link may lead to an article, whatever its address looks like: same site, not the
 * page itself or another page of a listing, not a file, no segment that names a listing (tag,
 * section, author, pagination...).
 */
function mayBeArticle(link: string, pageUrl: string): boolean {
  if (!sameSite(link, pageUrl)) return false;
  const url = new URL(link);
  const page = new URL(pageUrl);
  if (url.pathname.replace(/\/+$/, "") === page.pathname.replace(/\/+$/, "")) return false;
  if ([...url.searchParams.keys()].some((key) => PAGE_QUERY.test(key))) return false;
  const segments = url.pathname.split("/").filter(Boolean);
  const last = segments.at(-1);
  if (!last || FILE_EXTENSION.test(last)) return false;
  return !segments.some((segment) => LISTING_SEGMENTS.has(segment.toLowerCase()));
}

/** A date, a long id or a slug of three words or more in the path. */
function articleShaped(link: string): boolean {
  const { pathname } = new URL(link);
  const slug = (pathname.split("/").filter(Boolean).at(-1) ?? "").replace(/\.[a-z]+$/i, "");
  return DATE_IN_PATH.test(pathname) || LONG_ID.test(slug) || slug.split(/[-_]/).length >= 3;
}

/** Whether a same-site link looks like an article by its address alone. */
export function looksLikeArticle(link: string, pageUrl: string): boolean {
  return mayBeArticle(link, pageUrl) && articleShaped(link);
}

/** What an author page gives: its article links (with headline and date where shown), next pages and author pages. */
export type AuthorPageLinks = { links: ListedLink[]; next: string[]; authorPages: string[] };

type Candidate = {
  anchor: Element;
  href: string;
  /** Its address looks like an article's, and its text does not just name that address. */
  shaped: boolean;
  headline: string | undefined;
};

/**
 * An author page's article links outside the site's navigation, header, footer and side columns,
 * found two ways: by their address (a date, an id or a long slug), and by what the page shows,
 * whatever the address: a list of at least 3 repeated items (same tag and class) whose links read
 * as headlines (4 words, or 2 with a date beside them). Also its next pages and the pages its
 * `rel=author` links name.
 */
export function pageLinks(html: string, pageUrl: string): AuthorPageLinks {
  const { document } = parseHTML(html);
  const base = absoluteLink(document.querySelector("base[href]")?.getAttribute("href"), pageUrl) ?? pageUrl;
  const next: string[] = [];
  const authorPages = new Map<string, string>();
  const addAuthorPage = (href: string) => {
    const key = articleUrlKey(href);
    const { pathname } = new URL(href);
    if (outletOf(href) !== outletOf(pageUrl) || key === articleUrlKey(pageUrl)) return;
    if (FILE_EXTENSION.test(pathname.replace(/\/+$/, ""))) return;
    if (!authorPages.has(key)) authorPages.set(key, href);
  };
  for (const element of document.querySelectorAll("link[href]")) {
    const href = absoluteLink(element.getAttribute("href"), base);
    const rel = relsOf(element);
    if (href && rel.includes("next") && sameSite(href, pageUrl)) next.push(href);
    if (href && rel.includes("author")) addAuthorPage(href);
  }
  const furniture = new Furniture();
  const candidates: Candidate[] = [];
  for (const anchor of document.querySelectorAll("a[href]")) {
    const href = absoluteLink(anchor.getAttribute("href"), base);
    if (!href) continue;
    const rel = relsOf(anchor);
    const label = (anchor.textContent ?? anchor.getAttribute("aria-label") ?? "").trim();
    if (rel.includes("author")) addAuthorPage(href);
    else if (rel.includes("next") || NEXT_TEXT.test(label) || isNextPageNumber(href, pageUrl)) {
      if (sameSite(href, pageUrl)) next.push(href);
    } else if (mayBeArticle(href, pageUrl) && !furniture.holds(anchor)) {
      // A section or tag link may have an article's address; only a list of stories says it is one.
      const shaped = articleShaped(href) && !namesItsAddress(label, href);
      candidates.push({ anchor, href, shaped, headline: linkHeadline(anchor) });
    }
  }
  const cards = new StoryCards(candidates);
  const links: ListedLink[] = [];
  for (const candidate of candidates) {
    const card = cards.cardOf(candidate);
    if (!candidate.shaped && !(card && cards.isStory(card, candidate))) continue;
    const date = cards.dateFor(candidate);
    links.push({
      url: candidate.href,
      ...(candidate.headline !== undefined && { headline: candidate.headline }),
      ...(date !== undefined && { date }),
    });
  }
  return { links, next, authorPages: [...authorPages.values()] };
}

/** Whether a short link text is its address's last segment: a section or tag, not a story. */
function namesItsAddress(text: string, link: string): boolean {
  if (wordCount(text.replace(/\s+/g, " ")) > MAX_SECTION_WORDS) return false;
  const slug = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-|-$/g, "");
  const last = new URL(link).pathname.split("/").filter(Boolean).at(-1) ?? "";
  let segment: string;
  try {
    segment = decodeURIComponent(last);
  } catch {
    segment = last;
  }
  return slug(text) !== "" && slug(text) === slug(segment.replace(/\.[a-z]+$/i, ""));
}

function relsOf(element: Element): string[] {
  return (element.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
}

function wordCount(text: string): number {
  const spaced = text.split(" ").filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return spaced + Math.floor((text.match(UNSPACED)?.length ?? 0) / 2);
}

/** A link's text (or the heading inside it) when it reads as a headline: 2 words or more. */
function linkHeadline(anchor: Element): string | undefined {
  const heading = descendantNamed(anchor, HEADINGS);
  const text =
    headlineText((heading ?? anchor).textContent) ??
    headlineText(anchor.getAttribute("aria-label")) ??
    headlineText(anchor.getAttribute("title"));
  if (!text || NOT_A_HEADLINE.test(text) || NEXT_TEXT.test(text)) return undefined;
  return wordCount(text) >= 2 ? text : undefined;
}

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const TIME = new Set(["time"]);

/**
 * The first element inside `root` (in document order) with one of `names`. Walked by hand: a CSS
 * selector is compiled on every call, which costs more than the walk on a page of many links.
 */
function descendantNamed(root: Element, names: ReadonlySet<string>): Element | undefined {
  const pending = [...root.children].reverse();
  for (let element = pending.pop(); element; element = pending.pop()) {
    if (names.has(element.localName)) return element;
    for (let index = element.children.length - 1; index >= 0; index--) pending.push(element.children[index]!);
  }
  return undefined;
}

/** The nearest ancestor of `element` with one of `names`, inside `limit` (an ancestor, or itself). */
function ancestorNamed(element: Element, names: ReadonlySet<string>, limit: Element): Element | undefined {
  for (let current = element; current !== limit; ) {
    const parent = current.parentElement;
    if (!parent || parent === limit) return undefined;
    if (names.has(parent.localName)) return parent;
    current = parent;
  }
  return undefined;
}

/** Tag and first class: `card card--lead` and `card` are items of one list. */
function signature(element: Element): string {
  const first = (element.getAttribute("class") ?? "").trim().split(/\s+/)[0];
  return `${element.localName}.${first}`;
}

/** The link and its ancestors up to CARD_LEVELS, below `body`. */
function cardChain(anchor: Element): Element[] {
  const chain: Element[] = [];
  for (
    let element: Element | null = anchor;
    element && element.localName !== "body" && chain.length <= CARD_LEVELS;
    element = element.parentElement
  ) {
    chain.push(element);
  }
  return chain;
}

/**
 * Site furniture: inside `nav`, `aside`, a menu or anything whose role, class or id says
 * navigation, breadcrumbs, pagination or footer, or inside the page's own `header` or `footer`
 * (one that no article, section or `main` holds: an article's header holds its headline). Each
 * element is judged once, so a page of many links deep down costs one walk up, not one per link.
 */
class Furniture {
  private readonly furniture = new Map<Element, boolean>();
  private readonly sectioned = new Map<Element, boolean>();

  /** Whether the link is inside site furniture. */
  holds(anchor: Element): boolean {
    return anchor.parentElement !== null && this.isFurniture(anchor.parentElement);
  }

  private isFurniture(element: Element): boolean {
    if (element.localName === "body" || element.localName === "html") return false;
    const known = this.furniture.get(element);
    if (known !== undefined) return known;
    const parent = element.parentElement;
    const furniture = this.isOwnFurniture(element) || (parent !== null && this.isFurniture(parent));
    this.furniture.set(element, furniture);
    return furniture;
  }

  private isOwnFurniture(element: Element): boolean {
    const name = element.localName;
    if (FURNITURE_ELEMENTS.has(name) || FURNITURE_ROLES.has(element.getAttribute("role") ?? "")) return true;
    const names = `${element.getAttribute("class") ?? ""} ${element.getAttribute("id") ?? ""}`;
    if (names.split(/\s+/).some((token) => FURNITURE_NAME.test(token))) return true;
    return (name === "header" || name === "footer") && !this.isSectioned(element);
  }

  /** Whether an article, a section or `main` holds the element. */
  private isSectioned(element: Element): boolean {
    const parent = element.parentElement;
    if (!parent) return false;
    const known = this.sectioned.get(element);
    if (known !== undefined) return known;
    const sectioned = SECTIONING.has(parent.localName) || this.isSectioned(parent);
    this.sectioned.set(element, sectioned);
    return sectioned;
  }
}

/**
 * The repeated items (cards) of a page that hold its links: for each link, its nearest ancestor
 * (or itself) that has at least MIN_STORIES - 1 siblings of the same tag and first class that
 * hold links too. A list is a list of stories when at least MIN_STORIES of its cards, and at
 * least half, show a headline link.
 */
class StoryCards {
  /** Per parent, how many of its children of each signature hold a candidate link. */
  private readonly holders = new Map<Element, Map<string, number>>();
  private readonly cards = new Map<Candidate, Element | undefined>();
  private readonly members = new Map<Element, Candidate[]>();
  private readonly stories = new Map<Element, Candidate | undefined>();
  private readonly dates = new Map<Element, string | undefined>();
  private readonly oneStory = new Map<Element, boolean>();
  /** Per parent, whether its cards of each signature are a list of stories. */
  private readonly lists = new Map<Element, Map<string, boolean>>();

  constructor(candidates: Candidate[]) {
    const counted = new Set<Element>();
    const chains = candidates.map((candidate) => cardChain(candidate.anchor));
    for (const chain of chains) {
      for (const element of chain) {
        const parent = element.parentElement;
        if (!parent || counted.has(element)) continue;
        counted.add(element);
        const counts = this.holders.get(parent) ?? new Map<string, number>();
        counts.set(signature(element), (counts.get(signature(element)) ?? 0) + 1);
        this.holders.set(parent, counts);
      }
    }
    candidates.forEach((candidate, index) => {
      const card = chains[index]!.find((element) => this.holding(element) >= MIN_STORIES);
      this.cards.set(candidate, card);
      if (!card) return;
      const members = this.members.get(card) ?? [];
      members.push(candidate);
      this.members.set(card, members);
    });
  }

  cardOf(candidate: Candidate): Element | undefined {
    return this.cards.get(candidate);
  }

  /** Whether `candidate` is the headline link of a card in a list of stories. */
  isStory(card: Element, candidate: Candidate): boolean {
    return this.storyOf(card) === candidate && this.isStoryList(card);
  }

  /** The date shown beside a link: its card's, when the card is about that link's story. */
  dateFor(candidate: Candidate): string | undefined {
    const card = this.cards.get(candidate);
    if (!card) return undefined;
    const about = this.storyOf(card)?.href === candidate.href || this.linksOneStory(card);
    return about ? this.dateOf(card) : undefined;
  }

  /** Whether every link in the card leads to one address (a headline, its picture, its comments). */
  private linksOneStory(card: Element): boolean {
    const known = this.oneStory.get(card);
    if (known !== undefined) return known;
    const members = this.members.get(card) ?? [];
    const one = members.every((member) => member.href === members[0]!.href);
    this.oneStory.set(card, one);
    return one;
  }

  /** The date shown in a card: its first `<time>`, or a date written out beside the headline. */
  private dateOf(card: Element): string | undefined {
    if (this.dates.has(card)) return this.dates.get(card);
    const time = descendantNamed(card, TIME);
    let date = time ? (listedDate(time.getAttribute("datetime")) ?? listedDate(time.textContent)) : undefined;
    if (date === undefined) {
      const headline = this.storyOf(card)?.headline ?? "";
      const text = (card.textContent ?? "").replace(/\s+/g, " ").replace(headline, " ");
      date = listedDate(DATE_TEXT.exec(text)?.[0]);
    }
    this.dates.set(card, date);
    return date;
  }

  private holding(element: Element): number {
    const parent = element.parentElement;
    return parent ? (this.holders.get(parent)?.get(signature(element)) ?? 0) : 0;
  }

  /** The card's headline link: one in or around a heading first, else the one with the most words. */
  private storyOf(card: Element): Candidate | undefined {
    if (this.stories.has(card)) return this.stories.get(card);
    const shown = (this.members.get(card) ?? []).filter((candidate) => candidate.headline !== undefined);
    const inHeading = ({ anchor }: Candidate) =>
      descendantNamed(anchor, HEADINGS) !== undefined || ancestorNamed(anchor, HEADINGS, card) !== undefined;
    const story =
      shown.find(inHeading) ??
      shown.reduce<Candidate | undefined>(
        (best, candidate) =>
          !best || wordCount(candidate.headline!) > wordCount(best.headline!) ? candidate : best,
        undefined,
      );
    this.stories.set(card, story);
    return story;
  }

  /** Whether the card has a headline: 4 words, or 2 with a date beside them. */
  private hasHeadline(card: Element): boolean {
    const headline = this.storyOf(card)?.headline;
    if (headline === undefined) return false;
    return wordCount(headline) >= UNDATED_HEADLINE_WORDS || this.dateOf(card) !== undefined;
  }

  private isStoryList(card: Element): boolean {
    const parent = card.parentElement!;
    const lists = this.lists.get(parent) ?? new Map<string, boolean>();
    this.lists.set(parent, lists);
    const known = lists.get(signature(card));
    if (known !== undefined) return known;
    const siblings = [...parent.children].filter(
      (sibling) => signature(sibling) === signature(card) && this.members.has(sibling),
    );
    const withHeadline = siblings.filter((sibling) => this.hasHeadline(sibling)).length;
    const isList = withHeadline >= MIN_STORIES && withHeadline * 2 >= this.holding(card);
    lists.set(signature(card), isList);
    return isList;
  }
}

/** `?page=N+1` or `/page/N+1` on the page we are reading (page 1 when it names none). */
function isNextPageNumber(link: string, pageUrl: string): boolean {
  const pageNumber = (url: string) => {
    const parsed = new URL(url);
    for (const [key, value] of parsed.searchParams) if (PAGE_QUERY.test(key)) return Number(value);
    const match = /\/page\/(\d+)\/?$/.exec(parsed.pathname);
    return match ? Number(match[1]) : undefined;
  };
  const listing = (url: string) => new URL(url).pathname.replace(/\/page\/\d+\/?$/, "").replace(/\/+$/, "");
  const target = pageNumber(link);
  if (target === undefined || !sameSite(link, pageUrl) || listing(link) !== listing(pageUrl)) return false;
  return target === (pageNumber(pageUrl) ?? 1) + 1;
}
