import { randomUUID } from "node:crypto";
import { articleUrlKey } from "../../domain/article-url";
import {
  UNDO_ADD_MINUTES,
  type OfferedClip,
  type SourceSuggestion,
  type WatchedSource,
} from "../../domain/clip-watch";
import type { Article } from "../../domain/content";
import { foundArticleInput } from "../../domain/found-article";
import { SafeFetchError } from "../kernel/fetch/safe-fetch";
import { UnreadablePageError } from "../kernel/parse/unreadable-page";
import { readNewSource } from "./source-documents";
import { WatchStoppedError, type WatchContext } from "./watch-context";
import { errorReason } from "../../domain/error-reason";
import { WatchError } from "./watch-error";
import { toClip, toSource, type ClipRow, type SourceRow } from "./watch-repository";

const SUGGESTIONS_SHOWN = 20;

/** Why an address the owner wants watched could not be read, in the owner's words. */
function readFailure(url: string, error: unknown): WatchError {
  if (error instanceof SafeFetchError && error.code === "robots_disallowed")
    return new WatchError("robots_disallowed", error.message);
  if (error instanceof SafeFetchError && error.code.startsWith("blocked_")) {
    return new WatchError("fetch_refused", `This address cannot be watched: ${error.message}`);
  }
  if (error instanceof WatchStoppedError) return new WatchError("stopping", "The server is stopping.");
  if (error instanceof UnreadablePageError) return new WatchError("unreadable", error.message);
  return new WatchError("source_unreadable", `Could not read ${url}: ${errorReason(error)}`);
}

/** The owner's actions: the sources watched, and each clip's Add, Dismiss and their Undo. Throws WatchError. */
export function createOwnerActions(ctx: WatchContext) {
  const { deps, repo, logger, iso } = ctx;
  const { store, articles } = deps;
  /** Articles the owner's Add made, by clip, until their Undo is too late (in this process only). */
  const undoableAdds = new Map<string, { articleId: string; until: number }>();

  function sourceRow(id: string): SourceRow {
    const row = repo.source(id);
    if (!row) throw new WatchError("not_found", "That source is not watched.");
    return row;
  }

  function clipRow(id: string): ClipRow {
    const row = repo.clip(id);
    if (!row) throw new WatchError("not_found", "That clip no longer exists.");
    return row;
  }

  /**
   * Adds a clip to the portfolio (the owner's Add, or a source that adds without asking); an
   * article already at its address (added by hand meanwhile) is taken as it is.
   */
  function addToPortfolio(clip: ClipRow, autoAdded: boolean): { article: Article; created: boolean } {
    const existing = articles.list().find((article) => articleUrlKey(article.url) === clip.urlKey);
    let article = existing;
    if (!article) {
      const input = foundArticleInput(clip);
      if (!input) throw new WatchError("invalid_clip", "This clip's details cannot make an article.");
      article = articles.create(input);
    }
    const articleId = article.id;
    store.write("watch", (tx) =>
      repo.updateClip(tx, clip.id, {
        status: "added",
        articleId,
        autoAdded,
        content: "",
      }),
    );
    if (!existing && !autoAdded) {
      undoableAdds.set(clip.id, { articleId, until: ctx.now().getTime() + UNDO_ADD_MINUTES * 60_000 });
    }
    return { article, created: existing === undefined };
  }

  return {
    addToPortfolio,

    suggestions(): SourceSuggestion[] {
      const inPortfolio = new Map(articles.list().map((article) => [articleUrlKey(article.url), article]));
      const watched = new Set(repo.sources().map((source) => source.urlKey));
      const shown: SourceSuggestion[] = [];
      for (const row of repo.suggestions()) {
        const article = inPortfolio.get(articleUrlKey(row.pageUrl));
        if (!article || watched.has(row.urlKey)) continue;
        shown.push({ url: row.url, kind: row.kind, seenOn: article.title });
        if (shown.length === SUGGESTIONS_SHOWN) break;
      }
      return shown;
    },

    /**
     * Watches `url` after reading it once (its kind is what that read found); the same address
     * again is the source already watched. Throws WatchError when it cannot be read.
     */
    async addSource(url: string): Promise<{ source: WatchedSource; created: boolean }> {
      const urlKey = articleUrlKey(url);
      const existing = repo.sourceByKey(urlKey);
      if (existing) return { source: toSource(existing), created: false };
      let read: Awaited<ReturnType<typeof readNewSource>>;
      try {
        read = await readNewSource(ctx, url);
      } catch (error) {
        throw readFailure(url, error);
      }
      const { document, kind } = read;
      const addedAt = iso();
      const row: SourceRow = {
        id: randomUUID(),
        url,
        urlKey,
        kind,
        gzipped: document.gzipped,
        addedAt,
        lastCheckedAt: null,
        lastNewClipAt: null,
        state: "ok",
        failures: 0,
        failingSince: null,
        lastError: "",
        autoAdd: false,
        // Its first check is the next look of the schedule.
        nextCheckAt: addedAt,
      };
      const created = store.write("watch", (tx) => repo.insertSource(tx, row));
      const stored = repo.sourceByKey(urlKey) ?? row;
      logger.info(
        { sourceId: stored.id, url, kind },
        created ? "Watching a new source" : "The source was already watched",
      );
      return { source: toSource(stored), created };
    },

    removeSource(id: string): void {
      sourceRow(id);
      store.write("watch", (tx) => repo.removeSource(tx, id));
    },

    /** Add without asking on or off; resume a paused source (checked at the next look). */
    updateSource(id: string, patch: { autoAdd?: boolean; resume?: true }): WatchedSource {
      const current = sourceRow(id);
      store.write("watch", (tx) =>
        repo.updateSource(tx, id, {
          ...(patch.autoAdd !== undefined && { autoAdd: patch.autoAdd }),
          ...(patch.resume &&
            current.state !== "ok" && {
              state: "ok" as const,
              failures: 0,
              failingSince: null,
              lastError: "",
              nextCheckAt: iso(),
            }),
        }),
      );
      return toSource(sourceRow(id));
    },

    /** The owner's Add: the clip joins the portfolio with its details, text and a guessed tag. */
    addClip(id: string): { article: Article; created: boolean } {
      const clip = clipRow(id);
      if (clip.status === "added" && clip.articleId) {
        const article = articles.get(clip.articleId);
        if (article) return { article, created: false };
      }
      if (clip.status === "dismissed") throw new WatchError("dismissed", "This clip was dismissed.");
      const added = addToPortfolio(clip, false);
      if (added.created) deps.keepLater([added.article.id]);
      return added;
    },

    /** The owner's Dismiss: never offered again, from any source. */
    dismissClip(id: string): OfferedClip {
      const clip = clipRow(id);
      if (clip.status === "added")
        throw new WatchError("added", "This clip is in the portfolio: remove the article instead.");
      store.write("watch", (tx) => repo.updateClip(tx, id, { status: "dismissed", content: "" }));
      return toClip(clipRow(id));
    },

    /** Undoes an add without asking: the article goes, and the clip is dismissed. */
    undoClip(id: string): OfferedClip {
      const clip = clipRow(id);
      if (clip.status !== "added" || !clip.autoAdded) {
        throw new WatchError("not_auto_added", "Only a clip added without asking can be undone here.");
      }
      if (clip.articleId) articles.remove(clip.articleId);
      store.write("watch", (tx) => repo.updateClip(tx, id, { status: "dismissed", articleId: null }));
      return toClip(clipRow(id));
    },

    /**
     * Takes back the owner's Dismiss, or an Add within UNDO_ADD_MINUTES: the clip waits again, and
     * the article that Add made goes. An Add that found the article in the portfolio made nothing
     * to take back.
     */
    restoreClip(id: string): OfferedClip {
      const clip = clipRow(id);
      if (clip.status === "added") {
        const made = undoableAdds.get(id);
        if (
          clip.autoAdded ||
          !made ||
          made.articleId !== clip.articleId ||
          made.until < ctx.now().getTime()
        ) {
          throw new WatchError("too_late", "This clip can no longer be taken out of the portfolio here.");
        }
        // The clip's text went into the article: it comes back for the next Add.
        const content = articles.get(made.articleId)?.content ?? "";
        articles.remove(made.articleId);
        undoableAdds.delete(id);
        store.write("watch", (tx) =>
          repo.updateClip(tx, id, { status: "waiting", articleId: null, content }),
        );
      } else if (clip.status === "dismissed") {
        store.write("watch", (tx) => repo.updateClip(tx, id, { status: "waiting" }));
      }
      return toClip(clipRow(id));
    },
  };
}
