import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionClipBookPath } from "../../src/domain/collection-paths";
import { articleInputSchema } from "../../src/domain/content";
import type { ClipBookLimits } from "../../src/server/clip-book/clip-books";
import type { Answer } from "../support/loopback";
import { serveOnSocket, type SocketServer } from "./support/socket-server";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Issue 36: the PDF clip book is drawn in a worker thread with a deadline and a heap of its own.
 * A visitor may ask for the largest book a public collection can be (50 articles, each with
 * 200,000 characters of kept text: over 2,700 pages) while another visitor reads the front page;
 * and a book past the worker's limits is a clear 503, never a stalled server.
 */

const VISITOR = "127.0.0.2";
const ATTACKER = "127.0.0.3";
const SECOND = "127.0.0.4";

const PARAGRAPH =
  "The council's own figures, obtained through a freedom of information request, show that the " +
  "repairs were deferred three times in four years, each time with a note that the risk was " +
  "acceptable for one more winter. Engineers who inspected the embankment said otherwise.";
const KEPT_TEXT = Array.from({ length: Math.floor(200_000 / (PARAGRAPH.length + 2)) }, () => PARAGRAPH).join(
  "\n\n",
);

type Site = { t: TestApp; server: SocketServer; collectionIds: string[] };

/**
 * A site whose front page stands in for React Router's (kept by the public cache, as the real one
 * is) and `collections` public collections of `articles` articles, each article's text its kept
 * copy's (the archived text, as for an original gone offline).
 */
async function siteWith(
  limits: Partial<ClipBookLimits>,
  collections: number,
  articles: number,
): Promise<Site> {
  const t = await createTestApp(
    {},
    {
      pages: {
        render: async () =>
          new Response("<!doctype html><title>Front page</title><h1>Jane Doe</h1>", {
            headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }),
          }),
      },
      clipBooks: limits,
    },
  );
  const keep = t.services.store.sqlite.prepare(
    "insert into article_archives (article_id, url, title, author, publish_date, image, excerpt, content, fetched_at) values (?, ?, ?, 'Jane Doe', '', '', '', ?, ?)",
  );
  const collectionIds = [];
  for (let c = 0; c < collections; c++) {
    const ids = [];
    for (let n = 0; n < articles; n++) {
      const title = `Collection ${c}, story ${n}: what the inspections found`;
      const url = `https://gone.example/${c}/${n}`;
      const article = t.services.content.articles.create(
        articleInputSchema.parse({ title, outlet: "The Ledger", url, content: "" }),
      );
      keep.run(article.id, url, title, KEPT_TEXT, new Date().toISOString());
      ids.push(article.id);
    }
    const collection = t.services.collections.create({
      title: `Collection ${c}`,
      introduction: "Every story the desk ran on the embankment.",
      articleIds: ids,
      visibility: "public",
    });
    collectionIds.push(collection.id);
  }
  return { t, server: await serveOnSocket(t.app), collectionIds };
}

async function close(site: Site | undefined) {
  await site?.server.close();
  site?.t.close();
}

const errorOf = (answer: Answer) => (JSON.parse(answer.body) as { error: unknown }).error;

describe("a 50-article public collection of long kept texts", () => {
  let site: Site;
  // A deadline far off: the book must be made, however busy the machine running the tests is.
  beforeAll(async () => (site = await siteWith({ deadlineMs: 600_000, maxWaitMs: 600_000 }, 1, 50)));
  afterAll(() => close(site));

  it(
    "reaches two visitors asking together, while the front page answers a third",
    { timeout: 600_000 },
    async () => {
      const { t, server, collectionIds } = site;
      const bookPath = collectionClipBookPath(collectionIds[0]!);
      const books = Promise.all([server.request(ATTACKER, bookPath), server.request(SECOND, bookPath)]);
      let made = false;
      void books.finally(() => (made = true));
      const home: number[] = [];
      // The front page, a request every so often, for as long as the book is being made (asked
      // for without a pause, it would leave the book's worker, which gives way, little time).
      while (!made) {
        const answer = await server.request(VISITOR, "/");
        expect(answer.body).toContain("Jane Doe");
        home.push(answer.status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const answers = await books;
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(answers[0]!.headers["content-type"]).toBe("application/pdf");
      expect(home.length).toBeGreaterThan(1);
      expect(home.every((status) => status === 200)).toBe(true);

      // The book is kept: the owner's copy is the same bytes, and it has every page.
      const { owner } = await t.signIn();
      const kept = Buffer.from(await (await owner(bookPath)).arrayBuffer());
      const file = path.join(t.dataDir, "large.pdf");
      fs.writeFileSync(file, kept);
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
      expect(pages).toBeGreaterThan(2700);
    },
  );
});

describe("a clip book past the worker's limits", () => {
  let site: Site | undefined;
  afterAll(() => close(site));

  it("past its deadline is a 503 with Retry-After, the same at once when asked again, and the site answers", async () => {
    site = await siteWith({ deadlineMs: 1 }, 1, 2);
    const { server, collectionIds } = site;
    const bookPath = collectionClipBookPath(collectionIds[0]!);
    const first = await server.request(ATTACKER, bookPath);
    expect(first.status).toBe(503);
    expect(errorOf(first)).toEqual({
      code: "too_slow",
      message: "This clip book took too long to make. Try the excerpts, or try again later.",
    });
    expect(Number(first.headers["retry-after"])).toBeGreaterThan(0);
    // Given up, and remembered: the same answer at once, not another try.
    const again = await server.request(SECOND, bookPath);
    expect(again.status).toBe(503);
    expect(errorOf(again)).toEqual(errorOf(first));
    expect((await server.request(VISITOR, "/")).status).toBe(200);
    await close(site);
    site = undefined;
  });

  it("past its heap is a 503 that says it is too large", async () => {
    site = await siteWith({ maxHeapMb: 8 }, 1, 2);
    const answer = await site.server.request(ATTACKER, collectionClipBookPath(site.collectionIds[0]!));
    expect(answer.status).toBe(503);
    expect(errorOf(answer)).toEqual({
      code: "too_large",
      message: "This clip book is too large to make. Try the excerpts, or fewer articles.",
    });
    expect(answer.headers["retry-after"]).toMatch(/^\d+$/);
    await close(site);
    site = undefined;
  });

  it("waits its turn behind another collection's, and is a 503 busy once it has waited too long", async () => {
    site = await siteWith({ atOnce: 1, maxWaitMs: 1 }, 2, 2);
    const paths = site.collectionIds.map(collectionClipBookPath);
    const answers = await Promise.all([
      site.server.request(ATTACKER, paths[0]!),
      site.server.request(SECOND, paths[1]!),
    ]);
    // Whichever came second waited for the one worker, longer than it may.
    const busy = answers.findIndex((answer) => answer.status === 503);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 503]);
    expect(errorOf(answers[busy]!)).toEqual({
      code: "busy",
      message: "Other clip books are being made. Please try again in a minute.",
    });
    expect(answers[busy]!.headers["retry-after"]).toMatch(/^\d+$/);
    // Not remembered: its turn has come.
    expect((await site.server.request(SECOND, paths[busy]!)).status).toBe(200);
  });
});
