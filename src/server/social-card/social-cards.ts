import type { Article, Site } from "../../domain/content";
import { formatArticleDate } from "../../domain/dates";
import { usableImage } from "../../domain/placeholder-images";
import { createTaskSlots } from "../kernel/task-slots";
import { PICTURE_RETRY_MS } from "../kernel/picture-loader";
import { cardVersion, renderCard, type CardInput } from "./social-card";

export type SocialCard = {
  png: Buffer;
  version: string;
  etag: string;
  /** False when the photo it names could not be had: drawn without it, and again later. */
  complete: boolean;
  madeAt: number;
};
/** A card to send, and whether it shows what the site shows now (else it is the previous one). */
export type ServedCard = { card: SocialCard; current: boolean };
export type RenderCard = (input: CardInput, photo: Buffer | null) => Promise<Buffer>;

/** Cards drawn at once: each takes 120 to 450 ms of CPU, and a crawler may ask for all of them. */
const RENDERS_AT_ONCE = 2;

export type SocialCardsDeps = {
  site(): Site;
  articles(): readonly Article[];
  /** A photo's bytes; null when there is none to load, rejects when it cannot be had now. */
  loadImage(url: string): Promise<Buffer | null>;
  /** The host the card names (PUBLIC_URL's). */
  host: string;
  /** Draws one card (tests observe it). */
  render?: RenderCard;
};

type Kept = {
  /** The card last drawn, sent while a newer one is drawn. */
  shown?: SocialCard;
  shownOrder: number;
  drawing?: { version: string; card: Promise<SocialCard> };
};

/**
 * The share cards, drawn on first request and kept while what they show is unchanged. A card's
 * version is a hash of its input; the page links `?v=<version>`, so a link preview service that
 * keeps images by address sees a new address after an edit. After an edit the previous card is
 * sent while the new one is drawn, except to a request for the new version by name, which waits
 * for it; at most RENDERS_AT_ONCE are drawn at once, the rest wait their turn.
 */
export function createSocialCards(deps: SocialCardsDeps) {
  const render = deps.render ?? renderCard;
  const slots = createTaskSlots(RENDERS_AT_ONCE);
  const kept = new Map<string, Kept>();
  let drawn = 0;

  function siteInput(): CardInput {
    const site = deps.site();
    return {
      kind: "site",
      name: site.name,
      tagline: site.hero.tagline || site.strapline,
      professions: site.hero.professions,
      host: deps.host,
      photo: site.heroImage,
    };
  }

  function articleInput(id: string): CardInput | null {
    const article = deps.articles().find((a) => a.id === id);
    if (!article) return null;
    return {
      kind: "article",
      siteName: deps.site().name,
      title: article.title,
      outlet: article.outlet,
      date: formatArticleDate(article.date),
      host: deps.host,
      photo: usableImage(article) ?? "",
    };
  }

  function draw(entry: Kept, input: CardInput, version: string): Promise<SocialCard> {
    const order = ++drawn;
    // The picture is had before a drawing slot is taken: a slow source (up to the time limit)
    // must not hold one of the 2 slots while other cards wait to be drawn.
    const card = (async () => {
      // undefined: the photo exists but could not be had now (failed or too slow).
      const photo = input.photo ? await deps.loadImage(input.photo).catch(() => undefined) : null;
      const complete = photo !== undefined;
      return slots.run(async () => ({
        png: await render(input, photo ?? null),
        version,
        etag: complete ? `"card-${version}"` : `"card-${version}-without-photo"`,
        complete,
        madeAt: Date.now(),
      }));
    })();
    entry.drawing = { version, card };
    card.then(
      (made) => {
        if (entry.drawing?.card === card) entry.drawing = undefined;
        // Two drawings may end out of order; the later edit's card stays.
        if (order > entry.shownOrder) {
          entry.shown = made;
          entry.shownOrder = order;
        }
      },
      () => {
        if (entry.drawing?.card === card) entry.drawing = undefined;
      },
    );
    return card;
  }

  function serve(key: string, input: CardInput, wanted: string | undefined): Promise<ServedCard> {
    const version = cardVersion(input);
    let entry = kept.get(key);
    if (!entry) kept.set(key, (entry = { shownOrder: 0 }));
    const { shown } = entry;
    const retry = shown !== undefined && !shown.complete && Date.now() - shown.madeAt >= PICTURE_RETRY_MS;
    if (shown?.version === version && !retry) return Promise.resolve({ card: shown, current: true });
    const next = entry.drawing?.version === version ? entry.drawing.card : draw(entry, input, version);
    // Only a request naming the new version by its `?v=` waits for it: a link preview service
    // keeps what it gets under that address.
    if (shown && (shown.version === version || wanted !== version)) {
      return Promise.resolve({ card: shown, current: shown.version === version });
    }
    return next.then((card) => ({ card, current: true }));
  }

  return {
    /** The `?v=` of each card, for the page's share tags. */
    siteVersion: () => cardVersion(siteInput()),
    articleVersion: (id: string) => {
      const input = articleInput(id);
      return input ? cardVersion(input) : null;
    },
    /** `wanted`: the version the request names (`?v=`), if any. */
    site: (wanted?: string) => serve("site", siteInput(), wanted),
    article(id: string, wanted?: string): Promise<ServedCard> | null {
      const input = articleInput(id);
      return input ? serve(`article:${id}`, input, wanted) : null;
    },
    /** The change feed calls this: the cards of deleted articles are let go. */
    prune() {
      const ids = new Set(deps.articles().map((article) => `article:${article.id}`));
      for (const key of kept.keys()) if (key !== "site" && !ids.has(key)) kept.delete(key);
    },
  };
}
export type SocialCards = ReturnType<typeof createSocialCards>;
