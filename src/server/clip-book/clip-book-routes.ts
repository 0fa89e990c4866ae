import { Hono } from "hono";
import type { Article } from "../../domain/content";
import { unlistedTokenSchema } from "../../domain/collections";
import { CLIP_BOOK_PATH } from "../../domain/generated-paths";
import { z } from "../../domain/zod";
import type { AppContext, AppEnv } from "../kernel/http/app-env";
import { apiError } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import { createRateLimiter, overLimit } from "../kernel/http/rate-limiter";
import { ClipBookError, type ClipBookRequest, type ClipBooks } from "./clip-books";

const clipBookQuery = z.object({
  size: z.enum(["a4", "letter"]).default("a4"),
  text: z.enum(["full", "excerpt"]).default("full"),
});

/** `Content-Disposition` for a name in any script: an ASCII stand-in and the UTF-8 name beside it. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** What a collection's book is made of; undefined when there is no such collection. */
export type CollectionBook = Pick<ClipBookRequest, "title" | "introduction"> & {
  id: string;
  articles: Article[];
};

export type ClipBookRouteDeps = {
  /** Any collection of the owner's, by id. */
  collectionById(id: string): CollectionBook | undefined;
  /** A public collection by id (none for an unlisted or private one). */
  publicCollectionById(id: string): CollectionBook | undefined;
  /** An unlisted collection by its link's token (none for a public, private or retired one). */
  collectionByToken(token: string): CollectionBook | undefined;
  clientIp(c: AppContext): string;
  /** A visitor's download, for the collection's read counts. */
  countDownload(c: AppContext, collectionId: string): void;
  /** Books one address may download through collections' links in PDF_WINDOW_MS (CLIP_BOOK_DOWNLOADS_PER_ADDRESS). */
  downloadsPerAddress: number;
};

const PDF_WINDOW_MS = 10 * 60 * 1000;

/**
 * The PDF clip books: `GET /clip-book.pdf`, the whole portfolio, for the owner;
 * `GET /api/collections/:id/clip-book.pdf`, any collection for the owner and a public one for
 * anyone; `GET /api/collections/by-token/:token/clip-book.pdf` for whoever has an unlisted
 * collection's link. A visitor's downloads are limited per address, because a book not made yet
 * costs seconds of work. Each takes `?size=a4|letter&text=full|excerpt`. A book that cannot be
 * made now is a 503 with Retry-After.
 */
export function clipBookRoutes(books: ClipBooks, deps: ClipBookRouteDeps) {
  const perAddress = createRateLimiter({ limit: deps.downloadsPerAddress, windowMs: PDF_WINDOW_MS });

  /** The book; a visitor's (`counted`) is counted once it is known to be sent. */
  const send = async (c: AppContext, collection?: CollectionBook, counted = false) => {
    const query = clipBookQuery.safeParse(c.req.query());
    if (!query.success) {
      return apiError(c, 400, "invalid_query", "Use size=a4 or size=letter, and text=full or text=excerpt.");
    }
    let book;
    try {
      book = await books.book({ ...query.data, ...collection });
    } catch (error) {
      if (!(error instanceof ClipBookError)) throw error;
      c.header("Retry-After", String(Math.max(1, Math.ceil((error.retryAt - Date.now()) / 1000))));
      return apiError(c, error.status, error.code, error.message);
    }
    if (collection && counted) deps.countDownload(c, collection.id);
    return c.body(new Uint8Array(book.pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": attachment(book.filename),
      "Cache-Control": "private, no-store",
    });
  };
  const notFound = (c: AppContext) => apiError(c, 404, "not_found", "That collection no longer exists.");
  const forVisitor = (c: AppContext, collection: CollectionBook | undefined) => {
    if (!collection) return notFound(c);
    const message = "Too many downloads from your address. Please try again later.";
    return overLimit(c, perAddress, deps.clientIp(c), message) ?? send(c, collection, true);
  };

  const site = new Hono<AppEnv>().get(CLIP_BOOK_PATH, requireOwner, (c) => send(c));
  const api = new Hono<AppEnv>()
    .get("/collections/:id/clip-book.pdf", (c) => {
      const id = c.req.param("id");
      if (!c.get("session")) return forVisitor(c, deps.publicCollectionById(id));
      const collection = deps.collectionById(id);
      return collection ? send(c, collection) : notFound(c);
    })
    .get("/collections/by-token/:token/clip-book.pdf", (c) => {
      const token = unlistedTokenSchema.safeParse(c.req.param("token"));
      return forVisitor(c, token.success ? deps.collectionByToken(token.data) : undefined);
    });
  return { site, api };
}
