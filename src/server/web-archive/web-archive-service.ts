import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { WARCParser } from "warcio";
import type { Article } from "../../domain/content";
import { isPlaceholderImage } from "../../domain/placeholder-images";
import { isHttpUrl } from "../../domain/safe-url";
import { articleWaczPath, type CaptureProof } from "../../domain/web-archive";
import type { Store } from "../kernel/db/open-database";
import {
  copyFileAtomic,
  isTemporaryName,
  writeFileAtomic,
  writeFileAtomicSync,
} from "../kernel/disk/atomic-write";
import { decodeBody } from "../kernel/fetch/decode-body";
import { DEFAULT_MAX_BYTES, type SafeResponse } from "../kernel/fetch/safe-fetch";
import { createInFlight } from "../kernel/ttl-cache";
import { createCaptureRepository, type Capture } from "./capture-repository";
import { exchangeRecords, sha256Hex } from "./warc-records";
import { writeWacz, type WaczPage } from "./wacz-writer";

export type WebArchiveOptions = {
  store: Store;
  /** DATA_DIR/archive/warc: one `.warc.gz` per capture. */
  dir: string;
  /** DATA_DIR/archive/wacz: each clip's WACZ, made once per set of captures. */
  waczDir: string;
  articles: { list(): readonly Article[]; get(id: string): Article | undefined };
  /** A publisher's image through the kernel's fetcher (the outlet gate): the lead image is kept with the page. */
  fetchImage: (url: string) => Promise<SafeResponse>;
  logger: { warn(details: object, message: string): void };
  software: string;
  /** The portfolio WACZ's title (the site's name). */
  portfolioTitle: () => string;
  now?: () => Date;
  /** CAPTURES_MB: the most the captures' files may take; undefined, no cap. */
  maxBytes?: number;
};

/**
 * Web archives of the owner's articles (docs/decisions/036, 039): each capture is its own
 * gzip-per-record WARC file, never replaced, and belongs to one article (it goes when the article
 * goes); a WACZ packs an article's captures (made once per set, kept on disk) or the whole
 * portfolio's.
 */
export function createWebArchive(options: WebArchiveOptions) {
  const { dir, waczDir, articles, logger, store } = options;
  const now = options.now ?? (() => new Date());
  const captures = createCaptureRepository(store);
  const fileOf = (capture: Capture) => path.join(dir, capture.file);
  const waczOnce = createInFlight<string>();

  /** Keeps the page and, when it has one, its lead image, as a capture of the article. */
  async function capture(
    articleId: string,
    page: SafeResponse,
    requestedUrl: string,
    leadImage: string,
  ): Promise<{ id: string; capturedAt: string }> {
    const capturedAt = now().toISOString();
    const id = randomUUID();
    const pageRecords = await exchangeRecords(page, capturedAt);
    const image = await captureImage(leadImage, capturedAt);
    const parts = [pageRecords.response, pageRecords.request, ...(image?.records ?? [])];
    const file = `${capturedAt.replace(/[-:.TZ]/g, "").slice(0, 14)}-${id}.warc.gz`;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Written whole, then renamed: a file under its final name is always complete. The row follows
    // in the same turn of the event loop, so no sweep sees the file without it.
    writeFileAtomicSync(path.join(dir, file), Buffer.concat(parts));
    try {
      captures.add({
        id,
        articleId,
        url: requestedUrl,
        targetUrl: page.url,
        capturedAt,
        status: page.status,
        payloadSha256: sha256Hex(page.exchange.payload),
        file,
        fileBytes: parts.reduce((sum, part) => sum + part.length, 0),
        responseOffset: 0,
        responseLength: pageRecords.response.length,
        imageUrl: image?.url ?? "",
        imageSha256: image?.sha256 ?? "",
      });
    } catch (error) {
      // The article was deleted while its page was read, or the database is full.
      fs.rmSync(path.join(dir, file), { force: true });
      throw error;
    }
    keepWithinCap();
    return { id, capturedAt };
  }

  async function captureImage(url: string, capturedAt: string) {
    if (!isHttpUrl(url) || isPlaceholderImage(url)) return undefined;
    try {
      const answer = await options.fetchImage(url);
      if (answer.status < 200 || answer.status >= 300) return undefined;
      const { request, response } = await exchangeRecords(answer, capturedAt);
      return { url: answer.url, sha256: sha256Hex(answer.exchange.payload), records: [response, request] };
    } catch (error) {
      // The page is the proof; a picture that will not load leaves it without one.
      logger.warn({ url, err: error }, "Could not capture the article's lead image");
      return undefined;
    }
  }

  function proofOf(latest: Capture): CaptureProof {
    return {
      capturedAt: latest.capturedAt,
      url: latest.targetUrl,
      sha256: latest.payloadSha256,
      wacz: articleWaczPath(latest.articleId),
    };
  }

  function proof(articleId: string): CaptureProof | undefined {
    const found = captures.latestOf(articleId);
    return found && proofOf(found);
  }

  /** The page as it was received, from its response record: what extraction reads. */
  async function storedPage(found: Capture): Promise<SafeResponse> {
    const stream = fs.createReadStream(fileOf(found), {
      start: found.responseOffset,
      end: found.responseOffset + found.responseLength - 1,
    });
    const record = await new WARCParser(stream).parse();
    const http = record?.httpHeaders;
    if (!record || !http) throw new Error(`No response record in ${found.file}`);
    const payload = Buffer.from(await record.readFully(false));
    const headers: Record<string, string> = {};
    for (const [name, value] of http.headers as unknown as Iterable<[string, string]>) headers[name] = value;
    const [version = "HTTP/1.1", , ...reason] = http.statusline.split(" ");
    const body = await decodeBody(payload, headers["content-encoding"], DEFAULT_MAX_BYTES);
    return {
      url: found.targetUrl,
      status: found.status,
      statusText: reason.join(" "),
      headers,
      contentType: headers["content-type"] ?? "",
      body,
      exchange: {
        method: "GET",
        requestHeaders: [],
        httpVersion: version.replace("HTTP/", ""),
        responseHeaders: Object.entries(headers),
        payload,
      },
    };
  }

  function waczOf(list: Capture[], pages: WaczPage[], title: string): Promise<Readable> {
    return writeWacz({
      title,
      software: options.software,
      created: now(),
      warcs: list.map((found) => ({ path: fileOf(found), name: found.file, capturedAt: found.capturedAt })),
      pages,
    });
  }

  function pageOf(article: Article, found: Capture): WaczPage {
    return { id: article.id, url: found.targetUrl, ts: found.capturedAt, title: article.title };
  }

  /** The article's WACZ file for this set of captures, made the first time it is asked for. */
  function articleWaczFile(article: Article, list: Capture[]): Promise<string> {
    const set = createHash("sha256")
      .update(list.map((found) => found.id).join(","))
      .digest("hex")
      .slice(0, 16);
    const file = path.join(waczDir, `${article.id}-${set}.wacz`);
    if (fs.existsSync(file)) return Promise.resolve(file);
    return waczOnce(file, async () => {
      fs.mkdirSync(waczDir, { recursive: true, mode: 0o700 });
      const newest = list.at(-1) as Capture;
      await writeFileAtomic(file, await waczOf(list, [pageOf(article, newest)], article.title));
      // The article's WACZ of an earlier set of captures is out of date.
      for (const name of fs.readdirSync(waczDir))
        if (name.startsWith(`${article.id}-`) && name.endsWith(".wacz") && path.join(waczDir, name) !== file)
          fs.rmSync(path.join(waczDir, name), { force: true });
      return file;
    });
  }

  /**
   * Deletes the files no capture names any more (the captures of a deleted article, those a
   * migration dropped) and the WACZ of articles that are gone.
   */
  function sweep(): void {
    // Files listed before rows are read: a capture another process (the command line) writes now
    // is then missed only if this falls between its file's rename and its row, one synchronous step.
    const files = listDir(dir);
    const kept = new Set(captures.files());
    for (const name of files)
      if (name.endsWith(".warc.gz") && !kept.has(name)) fs.rmSync(path.join(dir, name), { force: true });
    const ids = new Set(articles.list().map((article) => article.id));
    for (const name of listDir(waczDir)) {
      if (isTemporaryName(name)) continue; // a WACZ being written now
      const articleId = name.replace(/-[0-9a-f]{16}\.wacz(\.partial)?$/, "");
      if (!ids.has(articleId)) fs.rmSync(path.join(waczDir, name), { force: true });
    }
  }

  /**
   * Over `maxBytes`, deletes the oldest captures of articles that have a newer one, until the
   * captures fit: an article's only (newest) capture, its proof, is never deleted.
   */
  function keepWithinCap(): void {
    const max = options.maxBytes;
    if (max === undefined) return;
    const all = captures.all();
    let total = all.reduce((sum, found) => sum + found.fileBytes, 0);
    if (total <= max) return;
    const newest = new Map(all.map((found) => [found.articleId, found.id]));
    for (const found of all) {
      if (total <= max) break;
      if (newest.get(found.articleId) === found.id) continue;
      captures.remove(found.id);
      fs.rmSync(fileOf(found), { force: true });
      total -= found.fileBytes;
    }
    if (total > max)
      logger.warn(
        { bytes: total, maxBytes: max },
        "The captures exceed CAPTURES_MB: each is an article's only proof",
      );
  }

  function sweepSafely(): void {
    try {
      sweep();
    } catch (error) {
      logger.warn({ err: error }, "Could not delete the web-archive files of deleted articles");
    }
  }

  /**
   * Copies every capture's file into `target` (a backup's archive/warc) that is not there yet:
   * a capture never changes, so one already copied is left alone. Resolves to how many it copied.
   */
  async function copyCapturesTo(target: string): Promise<number> {
    fs.mkdirSync(target, { recursive: true, mode: 0o700 });
    let copied = 0;
    for (const found of captures.all()) {
      const copy = path.join(target, found.file);
      if (fs.existsSync(copy)) continue;
      await copyFileAtomic(fileOf(found), copy);
      copied += 1;
    }
    return copied;
  }

  sweepSafely();
  let sweepDue = false;

  return {
    capture,
    proof,
    holdsArticle: (articleId: string) => articles.get(articleId) !== undefined,
    /** By article id, the proof of each article with a capture (the Articles tab's cards). */
    proofs(): Record<string, CaptureProof> {
      // One read of every capture (oldest first, so each article's newest is the one kept), not a
      // query per article on every render of the Articles tab.
      const latest = new Map(captures.all().map((found) => [found.articleId, found]));
      return Object.fromEntries(
        articles.list().flatMap((article) => {
          const found = latest.get(article.id);
          return found ? [[article.id, proofOf(found)]] : [];
        }),
      );
    },
    /** How many captures the archive holds, and when the newest was made (the dashboard's Home). */
    summary(): { count: number; lastCapturedAt: string | null } {
      const all = captures.all();
      return { count: all.length, lastCapturedAt: all.at(-1)?.capturedAt ?? null };
    },
    copyCapturesTo,
    captures,
    storedPage,
    /** Deletes the files of deleted articles' captures now. */
    sweep,
    /** Deletes them once the writes under way are done (after each change of the articles). */
    sweepSoon(): void {
      if (sweepDue) return;
      sweepDue = true;
      setImmediate(() => {
        sweepDue = false;
        sweepSafely();
      });
    },
    /** One article's captures as a WACZ, or undefined when it has none. */
    async articleWacz(articleId: string): Promise<{ stream: Readable; filename: string } | undefined> {
      const article = articles.get(articleId);
      const list = article ? captures.ofArticle(article.id) : [];
      if (!article || list.length === 0) return undefined;
      const file = await articleWaczFile(article, list);
      return { stream: fs.createReadStream(file), filename: `${articleId}.wacz` };
    },
    /** Every capture, and a page for each article that has one. */
    portfolioWacz(): Promise<Readable> {
      const pages: WaczPage[] = [];
      for (const article of articles.list()) {
        const newest = captures.latestOf(article.id);
        if (newest) pages.push(pageOf(article, newest));
      }
      return waczOf(captures.all(), pages, options.portfolioTitle());
    },
  };
}

function listDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export type WebArchive = ReturnType<typeof createWebArchive>;
