import { randomUUID } from "node:crypto";
import { articleUrlKey } from "../../domain/article-url";
import type { OfferedClip } from "../../domain/clip-watch";
import type { Article } from "../../domain/content";
import { siteHost } from "../../domain/site-host";
import { imageUrl } from "../../domain/url-schemas";
import { outletOf } from "../kernel/discover/read-limiter";
import type { PageSignals } from "../kernel/extract/page-signals";
import { SafeFetchError, type SafeFetchErrorCode, type SafeResponse } from "../kernel/fetch/safe-fetch";
import type { FoundPage, PageDetails } from "../page-reading/page-reading";
import { bylineMatch } from "../../domain/byline-evidence";
import { errorReason } from "../../domain/error-reason";
import { judgePage } from "./clip-match";
import { isOk } from "./source-documents";
import { isBusy, WatchStoppedError, type WatchContext } from "./watch-context";
import { toClip, type ClipRow, type SourceRow } from "./watch-repository";

export type Run = {
  /** Pages being read in this run, by key: a link two sources list is read once. */
  reading: Map<string, Promise<boolean>>;
  found: OfferedClip[];
};

const PAGE_TYPES = ["text/html", "application/xhtml+xml"];

/** A link whose fetch failed so is read again at the next check; any other refusal is final. */
const TRY_AGAIN = new Set<SafeFetchErrorCode>(["network", "timeout", "dns", "robots_unreadable"]);

/**
 * Taking in the links a source newly lists: each page is read once a run and judged against the
 * owner's bylines and the portfolio; a match waits as a clip (or is added at once), a copy of an
 * article becomes its 'Also published at'.
 */
export function createLinkIntake(
  ctx: WatchContext,
  /** The owner's Add, which a source that adds without asking uses too. */
  addToPortfolio: (clip: ClipRow, autoAdded: boolean) => { article: Article; created: boolean },
) {
  const { deps, repo, logger, iso } = ctx;
  const { store } = deps;

  /** Notes the author pages and feeds a page links, as suggested sources (shown once it is in the portfolio). */
  function noteSuggestions(page: { url: string; title: string }, signals: PageSignals): void {
    const rules = ctx.matchRules();
    const notedAt = iso();
    const authorPages = signals.authorPages.filter(
      ({ name }) => name === "" || bylineMatch([{ name, place: "rel-author" }], rules.bylines),
    );
    repo.noteSuggestions(
      [
        ...authorPages.map(({ url }) => ({ kind: "author-page" as const, url })),
        ...signals.feeds.map((url) => ({ kind: "feed" as const, url })),
      ].map(({ kind, url }) => ({
        urlKey: articleUrlKey(url),
        url,
        kind,
        pageUrl: page.url,
        pageTitle: page.title,
        notedAt,
      })),
    );
  }

  /**
   * Reads one newly listed page and records what it is: a clip (waiting, or added at once), a
   * copy of an article ('Also published at'), or nothing for the owner. True once handled; false
   * when it should be tried again at the next check (no answer, a 5xx, busy workers).
   */
  async function readLink(source: SourceRow, link: string, run: Run): Promise<boolean> {
    const linkKey = articleUrlKey(link);
    const done = (keys: string[]) => {
      store.write("watch", (tx) => repo.markSeen(tx, source.id, [linkKey, ...keys], iso()));
      return true;
    };
    let answer: SafeResponse;
    try {
      answer = await ctx.get(link, { accept: PAGE_TYPES });
    } catch (error) {
      if (error instanceof WatchStoppedError) throw error;
      if (error instanceof SafeFetchError && !TRY_AGAIN.has(error.code)) return done([]);
      return false;
    }
    if (answer.status >= 500 || answer.status === 429) return false;
    const pageKey = articleUrlKey(answer.url);
    if (!isOk(answer.status)) return done([pageKey]);
    let found: FoundPage;
    try {
      found = await deps.readFetched(answer);
    } catch (error) {
      if (isBusy(error)) return false;
      return done([pageKey]);
    }
    const details: PageDetails = found.details;
    const { signals } = details;
    const verdict = judgePage(
      { url: answer.url, title: details.title, date: details.date, signals },
      ctx.portfolio(),
      ctx.matchRules(),
    );
    const at = iso();
    if (verdict.kind === "copy") {
      store.write(["watch", "articles"], (tx) => {
        repo.addAlsoPublished(tx, {
          articleId: verdict.articleId,
          url: answer.url,
          urlKey: pageKey,
          foundAt: at,
        });
        repo.markSeen(tx, source.id, [linkKey, pageKey], at);
      });
      logger.info(
        { url: answer.url, articleId: verdict.articleId, how: verdict.how },
        "Found a copy of an article",
      );
      return true;
    }
    if (verdict.kind === "other-language") {
      logger.info({ url: answer.url, language: verdict.language }, "Passed over a page in another language");
    }
    if (verdict.kind !== "match" || details.title.trim() === "") return done([pageKey]);
    // Outlets tag feed links for their statistics: the page's own address, when it names one on its site.
    const url =
      signals.canonical && outletOf(signals.canonical) === outletOf(answer.url)
        ? signals.canonical
        : answer.url;
    const clip: ClipRow = {
      id: randomUUID(),
      url,
      urlKey: articleUrlKey(url),
      sourceId: source.id,
      title: details.title,
      outlet: details.outlet || siteHost(url),
      date: details.date,
      image: imageUrl.safeParse(details.image).success ? details.image : "",
      description: details.description,
      content: details.content,
      reason: verdict.reason,
      foundAt: at,
      status: "waiting",
      articleId: null,
      autoAdded: false,
    };
    const isNew = store.write("watch", (tx) => {
      const inserted = repo.insertClip(tx, clip);
      repo.markSeen(tx, source.id, [linkKey, pageKey, clip.urlKey], at);
      if (inserted) repo.updateSource(tx, source.id, { lastNewClipAt: at });
      return inserted;
    });
    noteSuggestions({ url, title: details.title }, signals);
    if (!isNew) return true;
    if (source.autoAdd) {
      try {
        const { article, created } = addToPortfolio(clip, true);
        // The page became one of the owner's articles: the read that found it is its capture.
        if (created) await deps.keepFound(article.id, found);
      } catch (error) {
        logger.warn({ url, reason: errorReason(error) }, "Could not add a clip without asking");
      }
    }
    run.found.push(toClip(repo.clip(clip.id) ?? clip));
    logger.info({ url, sourceId: source.id, autoAdd: source.autoAdd }, "Found a new clip");
    return true;
  }

  return {
    noteSuggestions,
    /** Reads a link once per run, whichever sources list it. */
    async readLinkOnce(source: SourceRow, link: string, run: Run): Promise<boolean> {
      const key = articleUrlKey(link);
      const underway = run.reading.get(key);
      if (underway) {
        // The other source's failure is its own (it may have been removed meanwhile).
        const handled = await underway.catch(() => false);
        if (handled) store.write("watch", (tx) => repo.markSeen(tx, source.id, [key], iso()));
        return handled;
      }
      const reading = readLink(source, link, run);
      run.reading.set(key, reading);
      return reading;
    },
  };
}

export type LinkIntake = ReturnType<typeof createLinkIntake>;
