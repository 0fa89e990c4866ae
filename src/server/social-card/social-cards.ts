import type { Article, Site } from "../../domain/content";
import { formatArticleDate } from "../../domain/dates";
import { usableImage } from "../../domain/placeholder-images";
import { cardVersion, renderCard, type CardInput } from "./social-card";

export type SocialCard = { png: Buffer; version: string; etag: string };

export type SocialCardsDeps = {
  site(): Site;
  articles(): readonly Article[];
  /** The bytes of an image the site uses (its stored address), or null when it cannot be had. */
  loadImage(url: string): Promise<Buffer | null>;
  /** The host the card names (PUBLIC_URL's). */
  host: string;
};

/**
 * The share cards, rendered on first request and kept while what they show is unchanged. A card's
 * version is a hash of its input; the page links `?v=<version>`, so a link preview service that
 * keeps images by address sees a new address after an edit.
 */
export function createSocialCards(deps: SocialCardsDeps) {
  const cards = new Map<string, Promise<SocialCard>>();

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

  function card(key: string, input: CardInput): Promise<SocialCard> {
    const version = cardVersion(input);
    const kept = cards.get(key);
    if (kept) return kept.then((card) => (card.version === version ? card : render()));
    return render();

    function render(): Promise<SocialCard> {
      const made = (async () => {
        const photo = input.photo ? await deps.loadImage(input.photo) : null;
        return { png: await renderCard(input, photo), version, etag: `"card-${version}"` };
      })();
      cards.set(key, made);
      made.catch(() => cards.delete(key));
      return made;
    }
  }

  return {
    /** The `?v=` of each card, for the page's share tags. */
    siteVersion: () => cardVersion(siteInput()),
    articleVersion: (id: string) => {
      const input = articleInput(id);
      return input ? cardVersion(input) : null;
    },
    site: () => card("site", siteInput()),
    article(id: string): Promise<SocialCard> | null {
      const input = articleInput(id);
      return input ? card(`article:${id}`, input) : null;
    },
    /** The change feed calls this: the next request renders afresh. */
    forget: () => cards.clear(),
  };
}
export type SocialCards = ReturnType<typeof createSocialCards>;
