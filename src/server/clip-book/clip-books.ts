import { createHash } from "node:crypto";
import sharp from "sharp";
import { clipEvidenceLine, PROOF_PATH, type ClipEvidence } from "../../domain/byline-evidence";
import type { Article, Site } from "../../domain/content";
import { formatArticleDate } from "../../domain/dates";
import { usableImage } from "../../domain/placeholder-images";
import { cutExcerpt } from "../../domain/reader-paragraphs";
import { isHttpUrl } from "../../domain/safe-url";
import { ApiProblem } from "../kernel/http/api-error";
import { createParsePool } from "../kernel/parse/parse-pool";
import { UnreadablePageError } from "../kernel/parse/unreadable-page";
import { createInFlight } from "../kernel/ttl-cache";
import type { ClipBookDraft, ClipBookSize, ClipBookText, ClipDraft, Picture } from "./clip-book-pdf";

/** What a book is made of: the whole portfolio by default; a collection passes its own. */
export type ClipBookRequest = {
  size: ClipBookSize;
  text: ClipBookText;
  /** The collection's id: one book of a collection (or of the portfolio, without one) is made at a time. */
  id?: string;
  title?: string;
  introduction?: string;
  /** In the order the book shows them; all articles, newest first, when absent. */
  articles?: readonly Article[];
};

export type ClipBook = { pdf: Buffer; version: string; filename: string };

/** The text Byline keeps of an article whose own content is empty: its archived copy. */
export type KeptText = { author: string; content: string; fetchedAt: string };

/** How far the worker thread that draws books may go. */
export type ClipBookLimits = {
  /** A book still being drawn after this long is given up and its worker stopped. */
  deadlineMs: number;
  /** The worker's heap; a book that needs more is given up. */
  maxHeapMb: number;
  /** Books drawn at once, whatever their collection; the others wait in line. */
  atOnce: number;
  /** A book still waiting for its turn after this long is given up (`busy`). */
  maxWaitMs: number;
};

/**
 * The largest book a collection can ask for (50 articles of 200,000 characters, about 2,750 A4
 * pages) takes about 5 s of CPU and needs more than 192 MB of heap (256 is enough). The worker
 * gives way to the main thread, so on a loaded machine the same book took 39 s: the deadline
 * leaves room for that, and one book at a time leaves a core to the visitors.
 */
export const CLIP_BOOK_LIMITS: ClipBookLimits = {
  deadlineMs: 120_000,
  maxHeapMb: 512,
  atOnce: 1,
  maxWaitMs: 120_000,
};

export type ClipBooksDeps = {
  site(): Site;
  articles(): readonly Article[];
  /** The archived copy of the article's current address, or null. */
  keptText(article: Article): KeptText | null;
  /** By article id, each clip's byline evidence and capture (issue 39). */
  evidence(articles: readonly Article[]): ReadonlyMap<string, ClipEvidence>;
  /** A picture's bytes; null when there is none to load, rejects when it cannot be had now. */
  loadPicture(url: string): Promise<Buffer | null>;
  /** PUBLIC_URL: the site's address and that of each kept copy (`/?article=ID`). */
  publicUrl: string;
  limits?: Partial<ClipBookLimits>;
  /** Draws the PDF; by default in a worker thread within `limits` (tests observe it). */
  draw?(draft: ClipBookDraft): Promise<Uint8Array>;
};

/** A book that cannot be had now: answered 503, with when to ask again (`retryAt`, epoch ms). */
export class ClipBookError extends ApiProblem {
  constructor(
    code: "busy" | "too_slow" | "too_large",
    message: string,
    readonly retryAt: number,
  ) {
    super(503, code, message);
  }
}

/** About a page of the cover. */
const ABOUT_CHARS = 1100;
/** Books kept in memory, the oldest let go first past this. */
const KEPT_BYTES = 128 * 1024 * 1024;
const PICTURE_WIDTH = 900;
/** A book given up is not tried again for this long, unless what it shows changes. */
const GIVEN_UP_MS = 10 * 60 * 1000;
/** An idle worker is stopped after this long, its heap with it. */
const IDLE_MS = 30_000;
const PDF_MODULE = new URL("./clip-book-pdf.ts", import.meta.url);

/** The worker pool's refusal as the visitor's answer: a busy pool, or a book over the limits. */
function unavailable(error: unknown): never {
  if (!(error instanceof UnreadablePageError)) throw error;
  const now = Date.now();
  if (error.reason === "busy") {
    throw new ClipBookError(
      "busy",
      "Other clip books are being made. Please try again in a minute.",
      now + 60_000,
    );
  }
  const later = now + GIVEN_UP_MS;
  if (error.reason === "too_much_memory") {
    throw new ClipBookError(
      "too_large",
      "This clip book is too large to make. Try the excerpts, or fewer articles.",
      later,
    );
  }
  throw new ClipBookError(
    "too_slow",
    "This clip book took too long to make. Try the excerpts, or try again later.",
    later,
  );
}

/**
 * Runs the tasks of one key one after another, in order: a collection's variants are made one at
 * a time, so one visitor asking for all four holds one worker, not all of them.
 */
function createLines() {
  const lines = new Map<string, Promise<void>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const ahead = lines.get(key);
    const mine = ahead ? ahead.then(task) : task();
    const done = mine.then(
      () => undefined,
      () => undefined,
    );
    lines.set(key, done);
    void done.then(() => {
      if (lines.get(key) === done) lines.delete(key);
    });
    return mine;
  };
}

const fileSafe = (text: string) =>
  text
    .replace(/[\p{Cc}"\\/:*?<>|]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A file name a browser keeps: the owner's name (and a collection's title) without what would
 * break the header.
 */
export function clipBookFilename(ownerName: string, title?: string): string {
  const name = fileSafe(ownerName) || "Portfolio";
  const titled = title && fileSafe(title);
  return titled ? `${name} - ${titled}.pdf` : `${name} clip book.pdf`;
}

/**
 * Clip books, made on request and kept while what they show is unchanged: a book's version is a
 * hash of every input (the settings it shows, each article's last change, its archived copy's
 * date, the size and the text switch). The PDF is drawn in a worker thread with a deadline and a
 * heap of its own (`limits`); the pictures are read here, through the picture loader, and handed
 * over as bytes. Two requests for the same version share one making; a collection's books are made
 * one at a time; and `limits.atOnce` books at most at once. A picture that cannot be had leaves the
 * book without it, kept like any other; a book given up is not tried again for GIVEN_UP_MS.
 */
export function createClipBooks(deps: ClipBooksDeps) {
  const limits = { ...CLIP_BOOK_LIMITS, ...deps.limits };
  let pool: ReturnType<typeof createParsePool> | undefined;
  const draw =
    deps.draw ??
    ((draft: ClipBookDraft) => {
      pool ??= createParsePool({ ...limits, size: limits.atOnce, idleMs: IDLE_MS });
      return pool.run(PDF_MODULE, "drawClipBook", [draft]) as Promise<Uint8Array>;
    });
  const making = createInFlight<ClipBook>();
  const inLine = createLines();
  const kept = new Map<string, ClipBook>();
  const failed = new Map<string, ClipBookError>();

  function gather(request: ClipBookRequest) {
    const site = deps.site();
    const articles = request.articles ?? deps.articles();
    const evidence = deps.evidence(articles);
    const clips = articles.map((article) => {
      const found = evidence.get(article.id);
      return {
        article,
        kept: article.content.trim() ? null : deps.keptText(article),
        evidence: found ? clipEvidenceLine(found, site.name) : "",
      };
    });
    const version = createHash("sha256")
      .update(
        JSON.stringify({
          site: [site.name, site.hero.professions, site.about, site.heroImage, site.social, deps.publicUrl],
          request: [request.size, request.text, request.title ?? "", request.introduction ?? ""],
          clips: clips.map(({ article, kept: copy, evidence }) => [
            article.id,
            article.updatedAt,
            article.gone,
            copy?.fetchedAt,
            evidence,
          ]),
        }),
      )
      .digest("base64url")
      .slice(0, 22);
    return { site, clips, version };
  }

  /** A picture as JPEG (what a PDF holds), at most PICTURE_WIDTH wide; null when none is had. */
  async function picture(url: string): Promise<Picture | null> {
    if (!url) return null;
    const bytes = await deps.loadPicture(url).catch(() => null);
    if (!bytes) return null;
    return sharp(bytes)
      .rotate()
      .resize({ width: PICTURE_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data, width: info.width, height: info.height }))
      .catch(() => null);
  }

  async function make(request: ClipBookRequest, gathered: ReturnType<typeof gather>): Promise<ClipBook> {
    const { site, clips, version } = gathered;
    const portrait = await picture(site.heroImage);
    const drafts: ClipDraft[] = [];
    for (const { article, kept: copy, evidence } of clips) {
      drafts.push({
        id: article.id,
        title: article.title,
        outlet: article.outlet,
        date: formatArticleDate(article.date),
        byline: copy?.author.trim() || site.name,
        description: article.description,
        picture: await picture(usableImage(article) ?? ""),
        text: article.content.trim() ? article.content : (copy?.content ?? ""),
        liveUrl: isHttpUrl(article.url) ? article.url : "",
        gone: article.gone !== undefined,
        archiveUrl: `${deps.publicUrl}/?article=${encodeURIComponent(article.id)}`,
        evidence,
      });
    }
    const pdf = await draw({
      title: request.title ?? "Clip book",
      introduction: request.introduction ?? "",
      owner: {
        name: site.name,
        professions: site.hero.professions.map((p) => p.trim()).filter(Boolean),
        about: cutExcerpt(site.about, ABOUT_CHARS),
        portrait,
        email: site.social.email,
        linkedin: site.social.linkedin,
        siteUrl: deps.publicUrl,
        proofUrl: `${deps.publicUrl}${PROOF_PATH}`,
      },
      clips: drafts,
      size: request.size,
      text: request.text,
    }).catch(unavailable);
    return {
      // What crossed back from the worker is a Uint8Array: the same bytes, seen as a Buffer.
      pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.length),
      version,
      filename: clipBookFilename(site.name, request.title),
    };
  }

  function keep(book: ClipBook): void {
    kept.delete(book.version);
    kept.set(book.version, book);
    let bytes = 0;
    for (const { pdf } of kept.values()) bytes += pdf.length;
    for (const [version, { pdf }] of kept) {
      if (bytes <= KEPT_BYTES || kept.size === 1) break;
      kept.delete(version);
      bytes -= pdf.length;
    }
  }

  /** A book given up is remembered, so asking again costs nothing until it may succeed. */
  function giveUp(version: string, error: unknown): never {
    for (const [old, { retryAt }] of failed) if (retryAt <= Date.now()) failed.delete(old);
    if (error instanceof ClipBookError && error.code !== "busy") failed.set(version, error);
    throw error;
  }

  return {
    /** The book; rejects with a ClipBookError when it cannot be had now. */
    async book(request: ClipBookRequest): Promise<ClipBook> {
      const gathered = gather(request);
      const { version } = gathered;
      const found = kept.get(version);
      if (found) return found;
      const failure = failed.get(version);
      if (failure && failure.retryAt > Date.now()) throw failure;
      return making(version, () =>
        inLine(request.id ?? "", () => make(request, gathered)).then(
          (book) => {
            keep(book);
            return book;
          },
          (error: unknown) => giveUp(version, error),
        ),
      );
    },
  };
}
export type ClipBooks = ReturnType<typeof createClipBooks>;
