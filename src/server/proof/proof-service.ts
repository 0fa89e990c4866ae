import { articleUrlKey } from "../../domain/article-url";
import {
  bylineEvidence,
  ownerBylines,
  type BylineEvidence,
  type ClipEvidence,
  type PageAuthor,
  type ProofAccount,
  type ProofClip,
  type ProofPage,
} from "../../domain/byline-evidence";
import type { Article, Site } from "../../domain/content";
import { isHttpUrl } from "../../domain/safe-url";
import type { CaptureProof } from "../../domain/web-archive";

export type ProofDeps = {
  site: () => Site;
  articles: () => readonly Article[];
  /** What the article's kept copy recorded of the page's authors (null: kept before it was recorded). */
  pageAuthors: (article: Article) => readonly PageAuthor[] | null | undefined;
  /** By article id, the newest capture of each captured article. */
  captures: () => Record<string, CaptureProof>;
  /** By article address key, the watched author pages that list it. */
  listings: () => Map<string, { source: string; lastSeenAt: string }[]>;
  /** The owner's accounts elsewhere. */
  accounts: () => ProofAccount[];
};

/**
 * The evidence that the owner wrote their clips (issue 39): where each captured page names them,
 * the capture's digest, the Wayback Machine's copy and the outlet author pages that list it. Read
 * from what the page reading, the web archive, the Wayback worker and the clip watch kept: no
 * network.
 */
export function createProof(deps: ProofDeps) {
  /** Each clip's evidence, by article id (the proof page and the clip book). */
  function evidenceOf(article: Article, captures: Record<string, CaptureProof>): ClipEvidence {
    const capture = captures[article.id];
    const authors = deps.pageAuthors(article);
    const bylines = ownerBylines(deps.site());
    return {
      byline: authors ? (bylineEvidence(authors, bylines) ?? null) : undefined,
      capture: capture && { capturedAt: capture.capturedAt, sha256: capture.sha256, wacz: capture.wacz },
      note: article.bylineNote ?? "",
    };
  }

  return {
    /** Where the article's kept page names the owner, if it does. */
    bylineOf(articleId: string): BylineEvidence | undefined {
      const article = deps.articles().find(({ id }) => id === articleId);
      const authors = article && deps.pageAuthors(article);
      return authors ? bylineEvidence(authors, ownerBylines(deps.site())) : undefined;
    },
    evidence(articles: readonly Article[]): Map<string, ClipEvidence> {
      const captures = deps.captures();
      return new Map(articles.map((article) => [article.id, evidenceOf(article, captures)]));
    },
    page(): ProofPage {
      const site = deps.site();
      const captures = deps.captures();
      const listings = deps.listings();
      const clips: ProofClip[] = deps
        .articles()
        .filter((article) => isHttpUrl(article.url))
        .map((article) => ({
          id: article.id,
          title: article.title,
          outlet: article.outlet,
          url: article.url,
          date: article.date,
          evidence: evidenceOf(article, captures),
          capturedFrom: captures[article.id]?.url ?? "",
          wayback: article.wayback,
          listedOn: listings.get(articleUrlKey(article.url)) ?? [],
        }));
      const listed = clips.filter((clip) => clip.listedOn.length > 0);
      return {
        owner: { name: site.name, photo: site.heroImage, accounts: deps.accounts() },
        summary: {
          clips: clips.length,
          named: clips.filter((clip) => clip.evidence.byline).length,
          wayback: clips.filter((clip) => clip.wayback).length,
          listed: listed.length,
          authorPages: new Set(listed.flatMap((clip) => clip.listedOn.map(({ source }) => source))).size,
        },
        clips,
      };
    },
  };
}

export type Proof = ReturnType<typeof createProof>;
