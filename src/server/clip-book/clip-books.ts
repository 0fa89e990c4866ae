import { createHash } from "node:crypto";
import sharp from "sharp";
import type { Article, Site } from "../../domain/content";
import { formatArticleDate } from "../../domain/dates";
import { usableImage } from "../../domain/placeholder-images";
import { cutExcerpt, toReaderParagraphs, type ReaderParagraph } from "../../domain/reader-paragraphs";
import { isHttpUrl } from "../../domain/safe-url";
import { PICTURE_RETRY_MS } from "../kernel/picture-loader";
import { createTaskSlots } from "../kernel/task-slots";
import { createInFlight } from "../kernel/ttl-cache";
import {
  renderClipBook,
  type ClipBookContent,
  type ClipBookSize,
  type ClipPage,
  type Picture,
} from "./clip-book-pdf";

export type ClipBookText = "full" | "excerpt";

/** What a book is made of: the whole portfolio by default; a collection passes its own. */
export type ClipBookRequest = {
  size: ClipBookSize;
  text: ClipBookText;
  title?: string;
  introduction?: string;
  /** In the order the book shows them; all articles, newest first, when absent. */
  articles?: readonly Article[];
};

export type ClipBook = { pdf: Buffer; version: string; filename: string };

/** The text Byline keeps of an article whose own content is empty: its archived copy. */
export type KeptText = { author: string; content: string; fetchedAt: string };

export type ClipBooksDeps = {
  site(): Site;
  articles(): readonly Article[];
  /** The archived copy of the article's current address, or null. */
  keptText(article: Article): KeptText | null;
  /** A picture's bytes; null when there is none to load, rejects when it cannot be had now. */
  loadPicture(url: string): Promise<Buffer | null>;
  /** PUBLIC_URL: the site's address and that of each kept copy (`/?article=ID`). */
  publicUrl: string;
  /** Makes the PDF (tests observe it). */
  render?: typeof renderClipBook;
};

/** An excerpt: the opening paragraphs, about this many characters. */
const EXCERPT_CHARS = 1200;
/** Every paragraph of the longest text an article may hold. */
const ALL_PARAGRAPHS = 100_000;
/** About a page of the cover. */
const ABOUT_CHARS = 1100;
/** Books kept in memory, the oldest let go first past this. */
const KEPT_BYTES = 128 * 1024 * 1024;
const PICTURE_WIDTH = 900;

type Kept = { book: ClipBook; complete: boolean; madeAt: number };

function excerptOf(paragraphs: ReaderParagraph[]): ReaderParagraph[] {
  const out: ReaderParagraph[] = [];
  let length = 0;
  for (const paragraph of paragraphs) {
    if (length >= EXCERPT_CHARS) break;
    const room = EXCERPT_CHARS - length;
    const text =
      paragraph.text.length > room * 1.3 ? cutExcerpt(paragraph.text, Math.max(room, 200)) : paragraph.text;
    out.push({ ...paragraph, text });
    length += text.length;
  }
  while (out.at(-1)?.heading) out.pop();
  return out;
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
 * date, the size and the text switch). One book is made at a time; two requests for the same
 * version share one making.
 */
export function createClipBooks(deps: ClipBooksDeps) {
  const render = deps.render ?? renderClipBook;
  const slots = createTaskSlots(1);
  const making = createInFlight<Kept>();
  const kept = new Map<string, Kept>();

  function gather(request: ClipBookRequest) {
    const site = deps.site();
    const articles = request.articles ?? deps.articles();
    const clips = articles.map((article) => ({
      article,
      kept: article.content.trim() ? null : deps.keptText(article),
    }));
    const version = createHash("sha256")
      .update(
        JSON.stringify({
          site: [site.name, site.hero.professions, site.about, site.heroImage, site.social, deps.publicUrl],
          request: [request.size, request.text, request.title ?? "", request.introduction ?? ""],
          clips: clips.map(({ article, kept: copy }) => [
            article.id,
            article.updatedAt,
            article.gone,
            copy?.fetchedAt,
          ]),
        }),
      )
      .digest("base64url")
      .slice(0, 22);
    return { site, clips, version };
  }

  /** A picture as JPEG or PNG (what a PDF holds), at most PICTURE_WIDTH wide; undefined: not had now. */
  async function picture(url: string): Promise<Picture | null | undefined> {
    if (!url) return null;
    const bytes = await deps.loadPicture(url).catch(() => undefined);
    if (!bytes) return bytes;
    return sharp(bytes)
      .rotate()
      .resize({ width: PICTURE_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data, width: info.width, height: info.height }))
      .catch(() => null);
  }

  async function make(request: ClipBookRequest, gathered: ReturnType<typeof gather>): Promise<Kept> {
    const { site, clips, version } = gathered;
    let complete = true;
    const had = async (url: string) => {
      const bytes = await picture(url);
      if (bytes === undefined) complete = false;
      return bytes ?? null;
    };
    const portrait = await had(site.heroImage);
    const pages: ClipPage[] = [];
    for (const { article, kept: copy } of clips) {
      const paragraphs = toReaderParagraphs(
        article.content.trim() ? article.content : (copy?.content ?? ""),
        ALL_PARAGRAPHS,
      );
      pages.push({
        id: article.id,
        title: article.title,
        outlet: article.outlet,
        date: formatArticleDate(article.date),
        byline: copy?.author.trim() || site.name,
        description: article.description,
        picture: await had(usableImage(article) ?? ""),
        paragraphs: request.text === "excerpt" ? excerptOf(paragraphs) : paragraphs,
        liveUrl: isHttpUrl(article.url) ? article.url : "",
        gone: article.gone !== undefined,
        archiveUrl: `${deps.publicUrl}/?article=${encodeURIComponent(article.id)}`,
      });
    }
    const content: ClipBookContent = {
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
      },
      clips: pages,
    };
    const pdf = await slots.run(() => render(content, request.size));
    return {
      book: { pdf, version, filename: clipBookFilename(site.name, request.title) },
      complete,
      madeAt: Date.now(),
    };
  }

  function keep(entry: Kept): void {
    kept.delete(entry.book.version);
    kept.set(entry.book.version, entry);
    let bytes = 0;
    for (const { book } of kept.values()) bytes += book.pdf.length;
    for (const [version, { book }] of kept) {
      if (bytes <= KEPT_BYTES || kept.size === 1) break;
      kept.delete(version);
      bytes -= book.pdf.length;
    }
  }

  return {
    async book(request: ClipBookRequest): Promise<ClipBook> {
      const gathered = gather(request);
      const { version } = gathered;
      const found = kept.get(version);
      // A book made without a picture it names is made again a while later.
      if (found && (found.complete || Date.now() - found.madeAt < PICTURE_RETRY_MS)) return found.book;
      const made = await making(version, () => make(request, gathered));
      keep(made);
      return made.book;
    },
  };
}
export type ClipBooks = ReturnType<typeof createClipBooks>;
