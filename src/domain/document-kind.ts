/**
 * What a fetched address is (docs/product.md, Words): the one word for it, used by the import of
 * a back catalogue, the clip watch and the kernel's link discovery alike.
 */
export const DOCUMENT_KINDS = ["page", "feed", "sitemap"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A feed's syntax. */
export type FeedFormat = "rss" | "rdf" | "atom" | "json-feed";
/** A sitemap's flavour. */
export type SitemapFormat = "sitemap" | "sitemap-index" | "news-sitemap";
/** The format within a kind: a feed's syntax or a sitemap's flavour (a page has none). */
export type DocumentFormat = FeedFormat | SitemapFormat;
