import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake news site on 127.0.0.1 (or another loopback address) for reader, framing and image
 * tests. Routes answer with fixed status, headers and body; every request is counted per path.
 * Servers started here must be closed by the test that started them.
 */

export type FakeResponse = {
  status?: number;
  statusText?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Answers this much later, so that requests overlap. */
  delayMs?: number;
};

export type FakePublisher = {
  origin: string;
  url(pathname: string): string;
  /** How many requests reached this path. */
  hits(pathname: string): number;
  route(pathname: string, response: FakeResponse): void;
  /** The most requests that were being answered at the same time. */
  peakInFlight(): number;
  /** Requests to this path wait until the returned function is called (to see loading states). */
  hold(pathname: string): () => void;
  close(): Promise<void>;
};

/** `host`: another loopback address (127.0.0.2 …) is another outlet to the server. */
export async function startFakePublisher(
  routes: Record<string, FakeResponse> = {},
  host = "127.0.0.1",
): Promise<FakePublisher> {
  const table = new Map(Object.entries(routes));
  const counts = new Map<string, number>();
  const held = new Map<string, Promise<void>>();
  let inFlight = 0;
  let peak = 0;
  const server = http.createServer(async (request, response) => {
    const pathname = new URL(request.url ?? "/", "http://publisher.invalid").pathname;
    counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
    peak = Math.max(peak, ++inFlight);
    response.once("close", () => inFlight--);
    await held.get(pathname);
    const found = table.get(pathname) ?? {
      status: 404,
      body: "<!doctype html><title>Not Found</title><h1>Not Found</h1>",
    };
    if (found.delayMs) await new Promise((resolve) => setTimeout(resolve, found.delayMs));
    const body = found.body ?? "";
    response.writeHead(found.status ?? 200, found.statusText, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body)),
      ...found.headers,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (pathname) => `${origin}${pathname}`,
    hits: (pathname) => counts.get(pathname) ?? 0,
    route: (pathname, response) => void table.set(pathname, response),
    peakInFlight: () => peak,
    hold(pathname) {
      let release = () => {};
      held.set(pathname, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        held.delete(pathname);
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export type ArticlePageOptions = {
  title: string;
  author?: string;
  /** ISO date for `article:published_time`. */
  published?: string;
  image?: string;
  description?: string;
  siteName?: string;
  /** Body blocks: strings are paragraphs, `{ heading }` are `<h2>` sub-headings. */
  blocks: (string | { heading: string })[];
};

/** A typical publisher article page: meta tags, site furniture around an `<article>`. */
export function articlePage(options: ArticlePageOptions): string {
  const meta = [
    `<meta property="og:title" content="${escape(options.title)}">`,
    options.siteName ? `<meta property="og:site_name" content="${escape(options.siteName)}">` : "",
    options.author ? `<meta name="author" content="${escape(options.author)}">` : "",
    options.published
      ? `<meta property="article:published_time" content="${escape(options.published)}">`
      : "",
    options.image ? `<meta property="og:image" content="${escape(options.image)}">` : "",
    options.description ? `<meta name="description" content="${escape(options.description)}">` : "",
  ].join("\n    ");
  const body = options.blocks
    .map((block) =>
      typeof block === "string" ? `<p>${escape(block)}</p>` : `<h2>${escape(block.heading)}</h2>`,
    )
    .join("\n        ");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>${escape(options.title)} | ${escape(options.siteName ?? "Publisher")}</title>
    ${meta}
  </head>
  <body>
    <header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/subscribe">Subscribe</a></nav></header>
    <main>
      <article>
        <h1>${escape(options.title)}</h1>
        ${options.author ? `<p class="byline">By ${escape(options.author)}</p>` : ""}
        ${body}
      </article>
      <aside><h3>Most read</h3><ul><li><a href="/a">Another story</a></li><li><a href="/b">Yet another</a></li></ul></aside>
    </main>
    <footer><p>© Publisher. All rights reserved.</p></footer>
  </body>
</html>`;
}

/** Marker that hostile payloads try to set; if it is ever set, something ran. */
export const PWNED = "__bylinePwned";

/**
 * An article page full of script, event-handler and `javascript:` payloads, inside and around
 * the article text. Nothing of it may run or be rendered as markup on our page.
 */
export function hostilePage(imageUrl: string): string {
  const run = `window.${PWNED}=1;alert('xss')`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Council hides the harbour report</title>
    <meta property="og:title" content="Council hides the harbour report&quot;&gt;&lt;img src=x onerror=${run}&gt;">
    <meta name="author" content="&lt;script&gt;${run}&lt;/script&gt;Eve Mallory">
    <meta property="og:image" content="javascript:${run}">
    <meta name="description" content="&lt;img src=x onerror=&quot;${run}&quot;&gt;A report the council kept quiet.">
    <script>${run}</script>
  </head>
  <body onload="${run}">
    <article>
      <h1>Council hides the harbour report</h1>
      <p>The council kept its harbour report quiet for months. <script>${run}</script> Residents were never told what it found.</p>
      <p><img src="x" onerror="${run}">Inspectors described the sea wall as failing in three places, according to the report.</p>
      <p>Readers who <a href="javascript:${run}">click here</a> would have found nothing, which is the point of this paragraph.</p>
      <p>&lt;script&gt;${run}&lt;/script&gt; is written in this paragraph as visible text, which must stay text.</p>
      <p><svg onload="${run}"><circle r="4"></circle></svg>The harbour master said repairs would begin in the spring of next year.</p>
      <iframe src="javascript:${run}"></iframe>
      <p>An <b onmouseover="${run}">emphasised</b> sentence closes the report with a quote from the council leader.</p>
      <img src="${escape(imageUrl)}" onerror="${run}" alt="">
    </article>
  </body>
</html>`;
}
