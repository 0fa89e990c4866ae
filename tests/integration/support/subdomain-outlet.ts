import http from "node:http";
import type { AddressInfo } from "node:net";
import { articlePage } from "../../e2e/support/fake-publisher";

/**
 * A fake network of outlets on one loopback server, told apart by the Host header (issue 26): a
 * sitemap on `www.outlet-a.test` lists one article on each of `subdomains` subdomains of
 * `outlet-a.test`, then one on each of `others` other outlets (`news.site-N.test`). The test
 * resolves every `.test` name to 127.0.0.1. It counts the requests being answered at the same
 * time, in all and per registrable domain (the last two labels of the host, by construction),
 * and can hold every article request until released.
 */
export type SubdomainOutlet = {
  sitemapUrl: string;
  articleUrls: string[];
  /** The most requests answered at the same time, in all and for one outlet. */
  peak(): { total: number; perOutlet: number };
  /** Requests being answered now, per outlet. */
  inFlight(): Map<string, number>;
  /** How many requests reached this article URL. */
  hits(url: string): number;
  /** Article requests wait until `release()` (or until the server closes). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
};

export async function startSubdomainOutlet(options: {
  subdomains: number;
  others: number;
  /** Paragraphs of article text per page (each about 200 characters). */
  paragraphs?: number;
}): Promise<SubdomainOutlet> {
  const inFlight = new Map<string, number>();
  const hits = new Map<string, number>();
  const peak = { total: 0, perOutlet: 0 };
  let gate: { promise: Promise<void>; open: () => void } | undefined;
  const paragraph = (n: number) =>
    `Paragraph ${n} of a story that a fake outlet serves to test how many pages an import reads at once. `.repeat(
      2,
    );

  const server = http.createServer(async (request, response) => {
    const host = (request.headers.host ?? "").replace(/:\d+$/, "");
    const pathname = new URL(request.url ?? "/", "http://outlet.invalid").pathname;
    if (pathname === "/robots.txt") {
      response.writeHead(404).end();
      return;
    }
    if (pathname === "/sitemap.xml") {
      const locs = articleUrls.map((url) => `<url><loc>${url}</loc></url>`).join("");
      response.writeHead(200, { "Content-Type": "text/xml" });
      response.end(`<?xml version="1.0"?><urlset>${locs}</urlset>`);
      return;
    }
    const outlet = host.split(".").slice(-2).join(".");
    const url = `http://${request.headers.host}${pathname}`;
    hits.set(url, (hits.get(url) ?? 0) + 1);
    inFlight.set(outlet, (inFlight.get(outlet) ?? 0) + 1);
    const total = [...inFlight.values()].reduce((sum, n) => sum + n, 0);
    peak.total = Math.max(peak.total, total);
    peak.perOutlet = Math.max(peak.perOutlet, inFlight.get(outlet)!);
    response.once("close", () => inFlight.set(outlet, inFlight.get(outlet)! - 1));
    await gate?.promise;
    const body = articlePage({
      title: `Story from ${host}`,
      author: "Jane Doe",
      published: "2025-02-01T09:00:00Z",
      blocks: Array.from({ length: options.paragraphs ?? 8 }, (_, n) => paragraph(n + 1)),
    });
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const articleUrls = [
    ...Array.from(
      { length: options.subdomains },
      (_, i) => `http://s${i + 1}.outlet-a.test:${port}/story/${i + 1}`,
    ),
    ...Array.from(
      { length: options.others },
      (_, i) => `http://news.site-${i + 1}.test:${port}/story/${i + 1}`,
    ),
  ];

  return {
    sitemapUrl: `http://www.outlet-a.test:${port}/sitemap.xml`,
    articleUrls,
    peak: () => ({ ...peak }),
    inFlight: () => new Map([...inFlight].filter(([, n]) => n > 0)),
    hits: (url) => hits.get(url) ?? 0,
    hold() {
      let open = () => {};
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        gate?.open();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
