import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/**
 * The hostile documents of issue 26, as an outlet gone bad would serve them. Each stays under the
 * safe fetcher's 5 MB, so that it reaches the parser. Served as text/html (a hostile site names
 * any type it likes, and the reader takes only HTML), except the sitemap, which is XML as sitemaps
 * are.
 */
export type HostilePage = {
  /** As the tables print it. */
  name: string;
  path: string;
  contentType: string;
  /** Headers sent besides Content-Type and Content-Length. */
  headers?: Record<string, string>;
  body(origin: string): Buffer;
};

const UNDER_FETCH_LIMIT = 4_900_000;
const HTML = "text/html; charset=utf-8";

/** `unit` repeated to about `bytes` bytes, between `head` and `tail`. */
function filled(head: string, unit: (i: number) => string, tail: string, bytes = UNDER_FETCH_LIMIT): string {
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; size < bytes; i++) {
    const part = unit(i);
    parts.push(part);
    size += part.length;
  }
  parts.push(tail);
  return parts.join("");
}

// Overlong "/", an encoded surrogate, a 5-byte form, bytes UTF-8 never uses and stray continuations.
const INVALID_UTF8 = Buffer.from([
  0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf8, 0x88, 0x80, 0x80, 0x80, 0xff, 0xfe, 0x80, 0xbf, 0x20,
]);

export const HOSTILE_PAGES: HostilePage[] = [
  {
    name: "HTML nested 200,000 deep",
    path: "/2025/03/01/nested-divs",
    contentType: HTML,
    body: () =>
      Buffer.from(
        `<!doctype html><html><body>${"<div>".repeat(200_000)}x${"</div>".repeat(200_000)}</body></html>`,
      ),
  },
  {
    name: "RSS item nested 100,000 deep",
    path: "/feed/nested-item",
    contentType: HTML,
    body: (origin) =>
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Gazette</title><item>` +
          `${"<x>".repeat(100_000)}${"</x>".repeat(100_000)}<link>${origin}/2025/03/01/a-story-here</link>` +
          `</item></channel></rss>`,
      ),
  },
  {
    name: "5 MB of <a> tags",
    path: "/2025/03/01/all-links",
    contentType: HTML,
    body: () =>
      Buffer.from(
        filled(
          "<!doctype html><html><body>",
          (i) => `<a href="/2025/03/01/story-number-${i}">Story ${i}</a>`,
          "</body></html>",
        ),
      ),
  },
  {
    name: "one 5 MB text node",
    path: "/2025/03/01/one-long-paragraph",
    contentType: HTML,
    body: () =>
      Buffer.from(
        filled("<!doctype html><html><body><p>", () => "lorem ipsum dolor sit amet ", "</p></body></html>"),
      ),
  },
  {
    name: "invalid UTF-8",
    path: "/2025/03/01/broken-bytes",
    contentType: HTML,
    body: () => {
      const head = Buffer.from('<!doctype html><html><head><meta charset="utf-8"></head><body><p>');
      const tail = Buffer.from("</p></body></html>");
      const count = Math.floor((UNDER_FETCH_LIMIT - head.length - tail.length) / INVALID_UTF8.length);
      return Buffer.concat([head, ...Array.from({ length: count }, () => INVALID_UTF8), tail]);
    },
  },
  {
    name: "sitemap index listing itself",
    path: "/sitemap-index.xml",
    contentType: "application/xml",
    body: (origin) =>
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          `<sitemap><loc>${origin}/sitemap-index.xml</loc></sitemap></sitemapindex>`,
      ),
  },
];

/**
 * A page inside every markup limit that is still slow to read: 45,000 links take the extraction
 * well past the parse deadline (bench:hostile only; the suite would wait out the deadline).
 */
export const SLOW_PAGE: HostilePage = {
  name: "45,000 links (slow, in limits)",
  path: "/2025/03/01/footnotes",
  contentType: HTML,
  body: () =>
    Buffer.from(
      `<!doctype html><html><body>${Array.from({ length: 45_000 }, (_, i) => `<a href="#note-${i}">Note ${i}</a>`).join("")}</body></html>`,
    ),
};

// ---- Issue 36: the bounds on stacked encodings and on the clip watch's seen list ----------------

/** How many codings the stacked page names, as a hostile server listed them. */
export const STACKED_CODINGS = 2500;

/**
 * A 2.2 MB page that names `gzip` STACKED_CODINGS times. `layers` of them are real (stored gzip,
 * cheap to make, a full pass each to undo): bench:hostile makes them all, the suite a few, as
 * the fetcher refuses the list before undoing any.
 */
export function stackedEncodingPage(layers: number): HostilePage {
  return {
    name: `gzip listed ${STACKED_CODINGS.toLocaleString("en")} times`,
    path: "/2025/03/01/stacked-encodings",
    contentType: HTML,
    headers: { "Content-Encoding": Array<string>(STACKED_CODINGS).fill("gzip").join(", ") },
    body: () => {
      let body = Buffer.from(
        filled(
          "<!doctype html><html><body><p>",
          () => "lorem ipsum dolor sit amet ",
          "</p></body></html>",
          2_200_000,
        ),
      );
      for (let i = 0; i < layers; i++) body = gzipSync(body, { level: 0 });
      return body;
    },
  };
}

export const SEEN_SITEMAPS = 5;
export const SEEN_LINKS_PER_SITEMAP = 50_000;
export const SEEN_INDEX_PATH = "/seen/sitemap-index.xml";

/**
 * A sitemap index of SEEN_SITEMAPS sitemaps of SEEN_LINKS_PER_SITEMAP story links each, for the
 * clip watch (the stories themselves are 404s). Round 0 is the first listing; each later round
 * drops a sitemap's `dropped` oldest links and adds `added` new ones at its top.
 */
export function seenLinksPages(round: number, dropped = 1000, added = 10): HostilePage[] {
  const xml = "application/xml";
  const index: HostilePage = {
    name: "sitemap index of 5 × 50,000 links",
    path: SEEN_INDEX_PATH,
    contentType: xml,
    body: (origin) =>
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          Array.from(
            { length: SEEN_SITEMAPS },
            (_, i) => `<sitemap><loc>${origin}/seen/sitemap-${i}.xml</loc></sitemap>`,
          ).join("") +
          `</sitemapindex>`,
      ),
  };
  const sitemaps = Array.from(
    { length: SEEN_SITEMAPS },
    (_, i): HostilePage => ({
      name: `sitemap ${i} of the index`,
      path: `/seen/sitemap-${i}.xml`,
      contentType: xml,
      body: (origin) => {
        // Newest first: story numbers count down from the round's newest.
        const newest = SEEN_LINKS_PER_SITEMAP + round * added;
        const urls: string[] = [];
        for (let n = newest; urls.length < SEEN_LINKS_PER_SITEMAP - round * (dropped - added); n--) {
          urls.push(`<url><loc>${origin}/s${i}/${n}</loc></url>`);
        }
        return Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join("")}</urlset>`,
        );
      },
    }),
  );
  return [index, ...sitemaps];
}

// ---- End of issue 36's bounds ---------------------------------------------------------------

export type HostileOutlet = {
  origin: string;
  url(path: string): string;
  /** Resolves when the outlet is done with its next answer for `path` (sent whole, or cut off). */
  served(path: string): Promise<void>;
  /** Requests that reached `path`. */
  hits(path: string): number;
  /** Serves `pages` too, in place of any at their paths. */
  serve(pages: readonly HostilePage[]): void;
  close(): Promise<void>;
};

/** Serves HOSTILE_PAGES and SLOW_PAGE on 127.0.0.1 (a port of its own) until closed. */
export async function startHostileOutlet(): Promise<HostileOutlet> {
  const bodies = new Map<string, { page: HostilePage; body: Buffer }>();
  const waiting = new Map<string, (() => void)[]>();
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://outlet.invalid").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const entry = bodies.get(path);
    if (!entry) {
      response.writeHead(404, { "Content-Type": HTML }).end("<!doctype html><title>Not Found</title>");
      return;
    }
    response.once("close", () => {
      for (const resolve of waiting.get(path) ?? []) resolve();
      waiting.delete(path);
    });
    response.writeHead(200, {
      ...entry.page.headers,
      "Content-Type": entry.page.contentType,
      "Content-Length": entry.body.length,
    });
    response.end(entry.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Made before any request, so that no answer waits on making a 5 MB page.
  for (const page of [...HOSTILE_PAGES, SLOW_PAGE]) bodies.set(page.path, { page, body: page.body(origin) });
  return {
    origin,
    url: (path) => `${origin}${path}`,
    served: (path) => new Promise((resolve) => waiting.set(path, [...(waiting.get(path) ?? []), resolve])),
    hits: (path) => hits.get(path) ?? 0,
    serve: (pages) => {
      for (const page of pages) bodies.set(page.path, { page, body: page.body(origin) });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- Issue 36: a robots.txt rule that costs rule length × path length to match ----------------

/**
 * An outlet whose robots.txt holds one rule of 15,000 characters (`/*`, 15,000 `a`, `b`) and
 * whose feed lists one link of 30,000: matched by backtracking, that one link held the server
 * 3.9 s. The link is never fetched (robots.txt disallows what is too long to check).
 */
export const ROBOTS_TRAP = {
  name: "robots.txt rule × 30,000-char link",
  feed: "/feed.xml",
  link: `/${"a".repeat(30_000)}`,
  robots: `User-agent: *\nDisallow: /*${"a".repeat(15_000)}b\n`,
};

/** Serves ROBOTS_TRAP on 127.0.0.1 (a port of its own) until closed. */
export async function startRobotsTrap(): Promise<Omit<HostileOutlet, "serve">> {
  const waiting = new Map<string, (() => void)[]>();
  const hits = new Map<string, number>();
  let origin = "";
  // Node refuses a request line this long by default; the link must be able to reach the handler.
  const server = http.createServer({ maxHeaderSize: 64 * 1024 }, (request, response) => {
    const path = new URL(request.url ?? "/", "http://outlet.invalid").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    response.once("close", () => {
      for (const resolve of waiting.get(path) ?? []) resolve();
      waiting.delete(path);
    });
    if (path === "/robots.txt") {
      response.writeHead(200, { "Content-Type": "text/plain" }).end(ROBOTS_TRAP.robots);
    } else if (path === ROBOTS_TRAP.feed) {
      const item = `<item><title>A story</title><link>${origin}${ROBOTS_TRAP.link}</link></item>`;
      response
        .writeHead(200, { "Content-Type": "application/rss+xml" })
        .end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Trap</title>${item}</channel></rss>`);
    } else {
      response.writeHead(404, { "Content-Type": HTML }).end("<!doctype html><title>Not Found</title>");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    served: (path) => new Promise((resolve) => waiting.set(path, [...(waiting.get(path) ?? []), resolve])),
    hits: (path) => hits.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
