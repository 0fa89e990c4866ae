import { accountLinks } from "../../../../domain/account-links";
import type { Article } from "../../../../domain/content";
import { parseArticleDate } from "../../../../domain/dates";
import { usableImage } from "../../../../domain/placeholder-images";
import { isHttpUrl } from "../../../../domain/safe-url";
import { absoluteUrl, articleViewUrl } from "./urls";
import type { PublicSite } from "../../../../domain/public-site";

type ArticleSummary = Pick<
  Article,
  "id" | "title" | "outlet" | "url" | "date" | "description" | "image" | "gone"
>;

/** 'YYYY-MM-DD' of an article's free-text date, or undefined when it is not a date. */
function isoDay(text: string): string | undefined {
  return parseArticleDate(text)?.toISOString().slice(0, 10);
}

/**
 * schema.org data for the landing page: a `ProfilePage` about the owner, a `Person` (with their
 * accounts as `sameAs`), and their clips as an `ItemList` of `Article`s, newest first, each
 * credited to that person by its `@id`.
 */
export function landingJsonLd(site: PublicSite, articles: readonly ArticleSummary[], origin: string) {
  const home = `${origin}/`;
  const personId = `${home}#person`;
  const professions = site.hero.professions.map((p) => p.trim()).filter(Boolean);
  const sameAs = accountLinks(site).map((account) => account.url);
  const portrait = site.heroImage ? absoluteUrl(site.heroImage, origin) : undefined;

  const person = {
    "@type": "Person",
    "@id": personId,
    name: site.name,
    url: home,
    ...(professions.length > 0 ? { jobTitle: professions } : {}),
    ...(site.hero.tagline ? { description: site.hero.tagline } : {}),
    ...(portrait ? { image: portrait } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(site.social.email ? { email: `mailto:${site.social.email}` } : {}),
    ...(site.hero.location ? { homeLocation: { "@type": "Place", name: site.hero.location } } : {}),
  };

  const list = {
    "@type": "ItemList",
    "@id": `${home}#articles`,
    name: `Articles by ${site.name}`,
    numberOfItems: articles.length,
    itemListOrder: "https://schema.org/ItemListOrderDescending",
    itemListElement: articles.map((article, index) => {
      const published = isoDay(article.date);
      const image = usableImage(article);
      return {
        "@type": "ListItem",
        position: index + 1,
        item: {
          "@type": "Article",
          headline: article.title,
          url: isHttpUrl(article.url) && !article.gone ? article.url : articleViewUrl(origin, article.id),
          ...(article.description ? { description: article.description } : {}),
          ...(published ? { datePublished: published } : {}),
          ...(image ? { image: absoluteUrl(image, origin) } : {}),
          ...(article.outlet ? { publisher: { "@type": "Organization", name: article.outlet } } : {}),
          author: { "@id": personId },
        },
      };
    }),
  };

  const page = {
    "@type": "ProfilePage",
    "@id": `${home}#page`,
    url: home,
    name: site.name,
    mainEntity: { "@id": personId },
  };

  return { "@context": "https://schema.org", "@graph": [person, list, page] };
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>` and `&` become \u escapes
 * (so '</script>' or '<!--' in any text cannot end the element early), as do U+2028/U+2029.
 * The result parses to the same value.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
