import { ARTICLE_PARAM } from "../../../../domain/landing-query";
import { isHttpUrl, isSitePath } from "../../../../domain/safe-url";

/** An http(s) URL as it is, a site path ('/demo/x.jpg') on `origin`; undefined for anything else. */
export function absoluteUrl(value: string, origin: string): string | undefined {
  if (isHttpUrl(value)) return value;
  if (isSitePath(value)) return `${origin}${value}`;
  return undefined;
}

/** The landing page with the article viewer open on one article: shareable. */
export function articleViewUrl(origin: string, articleId: string): string {
  return `${origin}/?${ARTICLE_PARAM}=${encodeURIComponent(articleId)}`;
}
