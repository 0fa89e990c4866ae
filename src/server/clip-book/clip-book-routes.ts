import { Hono } from "hono";
import { CLIP_BOOK_PATH } from "../../domain/generated-paths";
import { z } from "../../domain/zod";
import type { AppEnv } from "../kernel/http/app-env";
import { apiError } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import type { ClipBooks } from "./clip-books";

const clipBookQuery = z.object({
  size: z.enum(["a4", "letter"]).default("a4"),
  text: z.enum(["full", "excerpt"]).default("full"),
});

/** `Content-Disposition` for a name in any script: an ASCII stand-in and the UTF-8 name beside it. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** `GET /clip-book.pdf?size=a4|letter&text=full|excerpt`: the whole portfolio, for the owner. */
export function clipBookRoutes(books: ClipBooks) {
  return new Hono<AppEnv>().get(CLIP_BOOK_PATH, requireOwner, async (c) => {
    const query = clipBookQuery.safeParse(c.req.query());
    if (!query.success) {
      return apiError(c, 400, "invalid_query", "Use size=a4 or size=letter, and text=full or text=excerpt.");
    }
    const book = await books.book(query.data);
    return c.body(new Uint8Array(book.pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": attachment(book.filename),
      "Cache-Control": "private, no-store",
    });
  });
}
