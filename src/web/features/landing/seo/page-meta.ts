import type { MetaDescriptor } from "react-router";
import type { Article, Site } from "../../../../domain/content";
import { ARTICLE_PARAM } from "../../../../domain/landing-query";
import { articleViewUrl } from "./urls";

type MetaInput = {
  site: Pick<Site, "name" | "strapline" | "heroImage" | "hero">;
  articles: readonly Pick<Article, "id" | "title" | "outlet" | "description" | "image">[];
  publicUrl: string;
  /** The versions the server rendered with; an article opened later in the browser has none. */
  shareCardVersions?: { site: string; article: string | null };
};

/** The share card (src/server/social-card): 1200x630, the size link previews show uncropped. */
const CARD = { width: "1200", height: "630" };

function cardUrl(publicUrl: string, path: string, version: string | null | undefined): string {
  return `${publicUrl}${path}${version ? `?v=${version}` : ""}`;
}

const DESCRIPTION_MAX = 200;

function clip(text: string, max = DESCRIPTION_MAX): string {
  const value = text.replace(/\s+/g, " ").trim();
  return value.length <= max ? value : `${value.slice(0, max - 1).trimEnd()}…`;
}

/**
 * <title>, description, canonical URL, Open Graph and Twitter card tags for the landing page.
 * When the page URL opens an article (`?article=<id>`), the share tags describe that article,
 * so a shared link previews the story; the canonical URL stays the front page.
 */
export function landingMeta(data: MetaInput | undefined, search: string): MetaDescriptor[] {
  if (!data) return [{ title: "Byline" }];
  const { site, articles, publicUrl } = data;
  const professions = site.hero.professions.map((p) => p.trim()).filter(Boolean);
  const pageTitle = professions.length > 0 ? `${site.name} · ${professions.join(" & ")}` : site.name;
  const pageDescription = clip(
    site.hero.tagline || site.strapline || `${site.name}: articles, experience and contact.`,
  );
  const canonical = `${publicUrl}/`;

  const articleId = new URLSearchParams(search).get(ARTICLE_PARAM);
  const article = articleId ? articles.find((a) => a.id === articleId) : undefined;

  const shareTitle = article ? `${article.title} (${article.outlet || site.name})` : pageTitle;
  const shareDescription = article ? clip(article.description || pageDescription) : pageDescription;
  const shareUrl = article ? articleViewUrl(publicUrl, article.id) : canonical;
  const versions = data.shareCardVersions;
  const image = article
    ? cardUrl(publicUrl, `/social-card/article/${encodeURIComponent(article.id)}.png`, versions?.article)
    : cardUrl(publicUrl, "/social-card.png", versions?.site);
  const imageAlt = article
    ? `${article.title}${article.outlet ? `, in ${article.outlet}` : ""}`
    : [site.name, ...professions].join(", ");

  return [
    { title: article ? `${article.title} · ${site.name}` : pageTitle },
    { name: "description", content: shareDescription },
    { tagName: "link", rel: "canonical", href: canonical },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: `${site.name}: articles`,
      href: `${publicUrl}/feed.xml`,
    },
    { property: "og:type", content: article ? "article" : "profile" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: shareTitle },
    { property: "og:description", content: shareDescription },
    { property: "og:url", content: shareUrl },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: CARD.width },
    { property: "og:image:height", content: CARD.height },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: shareTitle },
    { name: "twitter:description", content: shareDescription },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}
