import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { WARCParser } from "warcio";
import type { Article } from "../../domain/content";
import { isPlaceholderImage } from "../../domain/placeholder-images";
import { isHttpUrl } from "../../domain/safe-url";
import { articleWaczPath, type CaptureProof } from "../../domain/web-archive";
import type { Store } from "../kernel/db/open-database";
import { decodeBody } from "../kernel/fetch/decode-body";
import { DEFAULT_MAX_BYTES, type SafeResponse } from "../kernel/fetch/safe-fetch";
import { createCaptureRepository, type Capture } from "./capture-repository";
import { exchangeRecords, sha256Hex } from "./warc-records";
import { writeWacz, type WaczPage } from "./wacz-writer";

export type WebArchiveOptions = {
  store: Store;
  /** DATA_DIR/archive/warc: one `.warc.gz` per capture. */
  dir: string;
  articles: { list(): readonly Article[]; get(id: string): Article | undefined };
  /** The safe fetcher for images (the lead image is captured with the page). */
  fetchImage: (url: string) => Promise<SafeResponse>;
  /** The capture an article's archived text came from, when the reader recorded one. */
  archivedCaptureId: (articleId: string) => string | undefined;
  /** Re-extracts an article's text from a stored page and keeps it as the archived copy. */
  keepTextFrom: (
    articleId: string,
    page: SafeResponse,
    capture: { id: string; capturedAt: string },
  ) => Promise<void>;
  logger: { warn(details: object, message: string): void };
  software: string;
  /** The portfolio WACZ's title (the site's name). */
  portfolioTitle: () => string;
  now?: () => Date;
};

export type ReextractSummary = {
  articles: number;
  reextracted: number;
  failed: { articleId: string; error: string }[];
};

/**
 * Web archives of the pages Byline reads for the owner (docs/decisions/036): each capture is its
 * own gzip-per-record WARC file, never replaced; a WACZ packs an article's or the whole
 * portfolio's, and the archived text can be extracted again from the stored bytes.
 */
export function createWebArchive(options: WebArchiveOptions) {
  const { dir, articles, logger } = options;
  const now = options.now ?? (() => new Date());
  const captures = createCaptureRepository(options.store);
  const fileOf = (capture: Capture) => path.join(dir, capture.file);

  /** Keeps the page and, when it has one, its lead image; resolves to the new capture's id. */
  async function capture(page: SafeResponse, requestedUrl: string, leadImage: string): Promise<string> {
    const capturedAt = now().toISOString();
    const id = randomUUID();
    const pageRecords = await exchangeRecords(page, capturedAt);
    const image = await captureImage(leadImage, capturedAt);
    const parts = [pageRecords.response, pageRecords.request, ...(image?.records ?? [])];
    const file = `${capturedAt.replace(/[-:.TZ]/g, "").slice(0, 14)}-${id}.warc.gz`;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const partial = path.join(dir, `${file}.partial`);
    // Written whole, then renamed: a file under its final name is always complete.
    fs.writeFileSync(partial, Buffer.concat(parts), { mode: 0o600 });
    fs.renameSync(partial, path.join(dir, file));
    captures.add({
      id,
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
    return id;
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

  /** The capture the article's archived text came from, else its newest. */
  function captureOf(article: Article): Capture | undefined {
    const linked = options.archivedCaptureId(article.id);
    const found = linked === undefined ? undefined : captures.get(linked);
    return found ?? captures.latest(article.url);
  }

  function proof(articleId: string): CaptureProof | undefined {
    const article = articles.get(articleId);
    const found = article && isHttpUrl(article.url) ? captureOf(article) : undefined;
    if (!found) return undefined;
    return {
      capturedAt: found.capturedAt,
      url: found.targetUrl,
      sha256: found.payloadSha256,
      wacz: articleWaczPath(articleId),
    };
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

  /** Extraction again, from each article's newest capture: no network. */
  async function reextract(): Promise<ReextractSummary> {
    const summary: ReextractSummary = { articles: 0, reextracted: 0, failed: [] };
    for (const article of articles.list()) {
      const found = isHttpUrl(article.url) ? captures.latest(article.url) : undefined;
      if (!found) continue;
      summary.articles += 1;
      try {
        await options.keepTextFrom(article.id, await storedPage(found), found);
        summary.reextracted += 1;
      } catch (error) {
        summary.failed.push({
          articleId: article.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return summary;
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

  /**
   * Copies every capture's file into `target` (a backup's archive/warc) that is not there yet:
   * a capture never changes, so one already copied is left alone. Resolves to how many it copied.
   */
  async function copyCapturesTo(target: string): Promise<number> {
    fs.mkdirSync(target, { recursive: true, mode: 0o700 });
    let copied = 0;
    for (const found of captures.all()) {
      try {
        await fs.promises.copyFile(fileOf(found), path.join(target, found.file), fs.constants.COPYFILE_EXCL);
        copied += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
    return copied;
  }

  return {
    capture,
    proof,
    /** By article id, the proof of each article with a capture (the Articles tab's cards). */
    proofs(): Record<string, CaptureProof> {
      return Object.fromEntries(
        articles.list().flatMap((article) => {
          const found = proof(article.id);
          return found ? [[article.id, found]] : [];
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
    reextract,
    /** One article's captures as a WACZ, or undefined when it has none. */
    async articleWacz(articleId: string): Promise<{ stream: Readable; filename: string } | undefined> {
      const article = articles.get(articleId);
      const list = article && isHttpUrl(article.url) ? captures.ofUrl(article.url) : [];
      const newest = list.at(-1);
      if (!article || !newest) return undefined;
      return {
        stream: await waczOf(list, [pageOf(article, newest)], article.title),
        filename: `${articleId}.wacz`,
      };
    },
    /** Every capture, and a page for each article that has one. */
    portfolioWacz(): Promise<Readable> {
      const pages: WaczPage[] = [];
      for (const article of articles.list()) {
        const newest = isHttpUrl(article.url) ? captures.latest(article.url) : undefined;
        if (newest) pages.push(pageOf(article, newest));
      }
      return waczOf(captures.all(), pages, options.portfolioTitle());
    },
  };
}

export type WebArchive = ReturnType<typeof createWebArchive>;
