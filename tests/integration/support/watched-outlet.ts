import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/**
 * A news outlet on a loopback address for the clip watch: a feed (or sitemap) that answers
 * conditional requests with 304 while it is unchanged, article pages, a robots.txt, and a record
 * of every request it answered. Stories are published while the test runs.
 */

export type Story = {
  path: string;
  title: string;
  author: string;
  /** Where the page names its author: JSON-LD, the author meta tag, only a visible byline, or nowhere. */
  authorIn?: "json-ld" | "meta" | "byline" | "none";
  /** `<html lang>`; default en. */
  lang?: string;
  /** YYYY-MM-DD. */
  date?: string;
  /** An absolute `<link rel="canonical">` (a syndicated copy points at the original). */
  canonical?: string;
  /** `<link rel="alternate">` feeds and `rel="author"` pages the page links. */
  feeds?: string[];
  authorPage?: string;
};

export type OutletRequest = { path: string; status: number; headers: http.IncomingHttpHeaders };

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function storyPage(story: Story): string {
  const place = story.authorIn ?? "json-ld";
  const date = story.date ?? "2026-03-02";
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: story.title,
    datePublished: `${date}T08:00:00Z`,
    ...(place === "json-ld" && { author: { "@type": "Person", name: story.author } }),
  };
  const paragraphs = [
    `${story.title}: the council met on Tuesday evening to hear from residents who had waited months for an answer.`,
    "Officials said the figures would be published in full next week, after a review by the auditors of the port authority.",
    "Residents who spoke at the meeting said they had heard the same promise twice before and would believe it when they saw it.",
  ];
  return `<!doctype html>
<html lang="${story.lang ?? "en"}">
<head>
  <meta charset="utf-8">
  <title>${escape(story.title)} | The Estuary Courier</title>
  <meta property="og:title" content="${escape(story.title)}">
  <meta property="og:site_name" content="The Estuary Courier">
  <meta property="article:published_time" content="${date}T08:00:00Z">
  ${place === "meta" ? `<meta name="author" content="${escape(story.author)}">` : ""}
  ${story.canonical ? `<link rel="canonical" href="${escape(story.canonical)}">` : ""}
  ${(story.feeds ?? []).map((feed) => `<link rel="alternate" type="application/rss+xml" href="${escape(feed)}">`).join("\n  ")}
  <script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
</head>
<body>
  <header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
  <main><article>
    <h1>${escape(story.title)}</h1>
    ${
      place === "none"
        ? ""
        : story.authorPage
          ? `<p class="byline">By <a rel="author" href="${escape(story.authorPage)}">${escape(story.author)}</a></p>`
          : `<p class="byline">By ${escape(story.author)}</p>`
    }
    ${paragraphs.map((text) => `<p>${escape(text)}</p>`).join("\n    ")}
  </article></main>
</body>
</html>`;
}

export function rssFeed(links: string[]): string {
  const items = links.map((link, i) => `<item><title>Story ${i}</title><link>${escape(link)}</link></item>`);
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>The Estuary Courier</title>${items.join("")}</channel></rss>`;
}

/** A sitemap, or a news sitemap (Google's namespace and a `<news:news>` entry per address). */
export function sitemap(links: string[], news = false): string {
  const entry = (link: string) =>
    news
      ? `<news:news><news:publication><news:name>The Estuary Courier</news:name><news:language>en</news:language></news:publication><news:title>${escape(link)}</news:title></news:news>`
      : "";
  const urls = links.map((link) => `<url><loc>${escape(link)}</loc>${entry(link)}</url>`).join("");
  const namespace = news ? ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"' : "";
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${namespace}>${urls}</urlset>`;
}

type Route = { status?: number; body: string | Buffer; type?: string };

/** `delayMs`: each answer waits this long, so that requests would overlap if they were sent together. */
export async function startWatchedOutlet(host = "127.0.0.1", options: { delayMs?: number } = {}) {
  const routes = new Map<string, Route>();
  const versions = new Map<string, number>();
  const requests: OutletRequest[] = [];
  let inFlight = 0;
  let peakInFlight = 0;
  const server = http.createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://outlet.invalid").pathname;
    peakInFlight = Math.max(peakInFlight, ++inFlight);
    response.once("close", () => inFlight--);
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const route = routes.get(path);
    const answer = (status: number, headers: Record<string, string> = {}, body: string | Buffer = "") => {
      requests.push({ path, status, headers: request.headers });
      response.writeHead(status, { "Content-Length": String(Buffer.byteLength(body)), ...headers });
      response.end(body);
    };
    if (!route)
      return answer(404, { "Content-Type": "text/html" }, "<!doctype html><title>Not found</title>");
    const etag = `"v${versions.get(path) ?? 0}"`;
    const status = route.status ?? 200;
    if (status === 200 && request.headers["if-none-match"] === etag) return answer(304, { ETag: etag });
    answer(status, { "Content-Type": route.type ?? "text/html; charset=utf-8", ETag: etag }, route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  const url = (path: string) => `${origin}${path}`;
  const set = (path: string, route: Route) => {
    routes.set(path, route);
    versions.set(path, (versions.get(path) ?? 0) + 1);
  };
  return {
    origin,
    url,
    requests,
    /** Requests that reached `path`, with the status each got. */
    hits: (path: string) => requests.filter((request) => request.path === path),
    /** The most requests it was answering at the same time. */
    peakInFlight: () => peakInFlight,
    publish: (story: Story) => set(story.path, { body: storyPage(story) }),
    /** An RSS feed of `paths` at `path` (a new version, and ETag, each time it is set). */
    feed: (path: string, paths: string[], type = "application/rss+xml") =>
      set(path, { body: rssFeed(paths.map(url)), type }),
    sitemap: (path: string, paths: string[], options: { gzip?: boolean; news?: boolean } = {}) => {
      const text = sitemap(paths.map(url), options.news);
      set(
        path,
        options.gzip
          ? { body: gzipSync(text), type: "application/x-gzip" }
          : { body: text, type: "application/xml" },
      );
    },
    /** A sitemap index naming the sitemaps at `paths`. */
    sitemapIndex: (path: string, paths: string[]) =>
      set(path, {
        body: `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((each) => `<sitemap><loc>${escape(url(each))}</loc></sitemap>`).join("")}</sitemapindex>`,
        type: "application/xml",
      }),
    robots: (text: string) => set("/robots.txt", { body: text, type: "text/plain" }),
    fail: (path: string, status: number) =>
      set(path, { status, body: "<!doctype html><title>Error</title>" }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WatchedOutlet = Awaited<ReturnType<typeof startWatchedOutlet>>;
