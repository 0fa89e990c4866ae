import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchesByline, type ImportJob } from "../../src/domain/back-catalogue";
import { startFakePublisher, type FakePublisher } from "../e2e/support/fake-publisher";
import {
  ATOM_FEED,
  AUTHOR,
  AUTHOR_PAGE,
  DUPLICATE,
  OUTLET_NAME,
  RSS_FEED,
  SITEMAP_INDEX,
  serveFakeOutlet,
} from "../e2e/support/fake-outlet";
import { loadConfig } from "../../src/server/kernel/config";
import { createLogger } from "../../src/server/kernel/logger";
import { createServices } from "../../src/server/services";
import { createTestApp, type TestApp } from "./support/test-app";

let app: TestApp;
let owner: Awaited<ReturnType<TestApp["signIn"]>>["owner"];
let publisher: FakePublisher;
let outlet: ReturnType<typeof serveFakeOutlet>;

beforeAll(async () => {
  app = await createTestApp({ FETCH_ALLOW_PRIVATE: "true" });
  owner = (await app.signIn()).owner;
  publisher = await startFakePublisher();
  outlet = serveFakeOutlet(publisher, { articleDelayMs: 20 });
  const created = await owner("/api/articles", {
    method: "POST",
    json: { title: DUPLICATE.title, outlet: OUTLET_NAME, url: outlet.duplicateInPortfolio },
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await app.services.imports.stop();
  await publisher.close();
  app.close();
});

async function importFrom(pathname: string): Promise<ImportJob> {
  const started = await owner("/api/imports", { method: "POST", json: { url: publisher.url(pathname) } });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as ImportJob;
  await app.services.imports.finished(id);
  const response = await owner(`/api/imports/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ImportJob;
}

const urls = (job: ImportJob) => job.candidates.map((c) => c.url).sort();

describe("discovery", () => {
  it("finds Jane's articles on her author page through its next-page links, and the dead link", async () => {
    const job = await importFrom(AUTHOR_PAGE);
    expect(job).toMatchObject({ status: "done", kind: "page", pagesRead: 3, error: "" });
    expect(urls(job)).toEqual([...outlet.expected.authorPage].sort());
    expect(job.candidates.filter((c) => c.status === "ready")).toHaveLength(30);
    const dead = job.candidates.find((c) => c.status === "failed");
    expect(dead?.error).toContain("404");
  });

  it.each([
    ["RSS", RSS_FEED],
    ["Atom", ATOM_FEED],
  ])("takes the %s feed's entries as they are, without the one already in the portfolio", async (_, path) => {
    const job = await importFrom(path);
    expect(job).toMatchObject({ status: "done", kind: "feed" });
    expect(urls(job)).toEqual([...outlet.expected.feed].sort());
    expect(job.candidates.every((c) => c.status === "ready")).toBe(true);
  });

  it("reads every sitemap of a sitemap index, and records why two pages could not be read", async () => {
    const job = await importFrom(SITEMAP_INDEX);
    expect(job).toMatchObject({ status: "done", kind: "sitemap", pagesRead: 3 });
    expect(urls(job)).toEqual([...outlet.expected.sitemap].sort());
    const failed = Object.fromEntries(
      job.candidates.filter((c) => c.status === "failed").map((c) => [c.url, c.error]),
    );
    expect(Object.keys(failed).sort()).toEqual(Object.keys(outlet.unreadable).sort());
    for (const [url, reason] of Object.entries(outlet.unreadable)) expect(failed[url]).toContain(reason);
  });

  it("takes a feed served as stock web servers type .rss files (application/x-rss+xml)", async () => {
    const items = outlet.expected.feed.map((url) => `<item><link>${url}</link></item>`).join("");
    publisher.route("/coast.rss", {
      headers: { "Content-Type": "application/x-rss+xml" },
      body: `<?xml version="1.0"?><rss version="2.0"><channel>${items}</channel></rss>`,
    });
    const job = await importFrom("/coast.rss");
    expect(job).toMatchObject({ status: "done", kind: "feed", error: "" });
    expect(urls(job)).toEqual([...outlet.expected.feed].sort());
  });

  it("finds the stories of an author page whose addresses are short slugs, by their headlines", async () => {
    const fixture = new URL(
      "../../src/server/kernel/discover/fixtures/short-slug-author-page.html",
      import.meta.url,
    );
    publisher.route("/profile/jane-doe", { body: readFileSync(fixture) });
    const job = await importFrom("/profile/jane-doe");
    expect(job).toMatchObject({ status: "done", kind: "page", error: "" });
    const stories = ["/news/sea-wall", "/news/pier-closes", "/2024/ferry-fares", "/news/dredging"];
    const more = ["/news/lifeboat-rescue", "/news/council-tax", "/2024/beach-huts", "/news/quotas"];
    expect(urls(job)).toEqual([...stories, ...more].map((path) => publisher.url(path)).sort());
  });

  it("reads each article's details, and the byline filter leaves out John Smith's two", async () => {
    const job = await importFrom(RSS_FEED);
    const first = job.candidates.find((c) => c.url === outlet.jane[0]);
    expect(first).toMatchObject({
      title: "Harbour report, part 30",
      outlet: OUTLET_NAME,
      date: "2025-02-28",
      author: AUTHOR,
      description: "What Jane Doe found out: harbour report, part 30.",
      image: publisher.url("/images/story-30.jpg"),
    });
    const mine = job.candidates.filter((c) => matchesByline(c.author, AUTHOR)).map((c) => c.url);
    expect(mine.sort()).toEqual([...outlet.jane].sort());
  });

  it("reads at most two pages of one outlet at a time", () => {
    expect(publisher.peakInFlight()).toBe(2);
  });
});

describe("limits", () => {
  it("follows an author page through 10 pages at most", async () => {
    for (let n = 1; n <= 12; n++) {
      const next = `<a href="/people/chain/page/${n + 1}">Next</a>`;
      const article = `<a href="/2025/03/${String(n).padStart(2, "0")}/story-on-page-${n}">Story</a>`;
      publisher.route(n === 1 ? "/people/chain" : `/people/chain/page/${n}`, {
        body: `<!doctype html><html><body>${article} ${next}</body></html>`,
      });
    }
    const job = await importFrom("/people/chain");
    expect(job).toMatchObject({ kind: "page", pagesRead: 10 });
    expect(job.candidates.map((c) => new URL(c.url).pathname)).toEqual(
      Array.from(
        { length: 10 },
        (_, i) => `/2025/03/${String(i + 1).padStart(2, "0")}/story-on-page-${i + 1}`,
      ),
    );
    expect(publisher.hits("/people/chain/page/11")).toBe(0);
  });

  it("keeps 500 candidates of a longer sitemap", async () => {
    const locs = Array.from({ length: 600 }, (_, i) => `<url><loc>${publisher.url(`/big/${i}`)}</loc></url>`);
    publisher.route("/big-sitemap.xml", {
      headers: { "Content-Type": "text/xml" },
      body: `<?xml version="1.0"?><urlset>${locs.join("")}</urlset>`,
    });
    const started = await owner("/api/imports", {
      method: "POST",
      json: { url: publisher.url("/big-sitemap.xml") },
    });
    const { id } = (await started.json()) as ImportJob;
    let job: ImportJob;
    do {
      // In-process requests settle without I/O: let the import's own fetches run between polls.
      await new Promise((resolve) => setTimeout(resolve, 10));
      job = (await (await owner(`/api/imports/${id}`)).json()) as ImportJob;
    } while (job.status === "discovering");
    await owner(`/api/imports/${id}/cancel`, { method: "POST" });
    await app.services.imports.finished(id);
    expect(job.candidates).toHaveLength(500);
    expect(job.candidates.at(-1)!.url).toBe(publisher.url("/big/499"));
  });
});

describe("adding", () => {
  it("adds the selected articles with the page's text as their content, live, and never twice", async () => {
    const job = await importFrom(AUTHOR_PAGE);
    const changes: string[] = [];
    const stopListening = app.services.store.onChange((event) => changes.push(event.topic));
    const picked = job.candidates.filter((c) => c.status === "ready").slice(0, 3);
    const response = await owner(`/api/imports/${job.id}/add`, {
      method: "POST",
      json: {
        candidates: [...picked.map((c) => c.id), job.candidates.find((c) => c.status === "failed")!.id],
      },
    });
    stopListening();
    expect(response.status).toBe(200);
    const body = (await response.json()) as { added: number; skipped: number; job: ImportJob };
    expect(body).toMatchObject({ added: 3, skipped: 1 });
    expect(changes).toEqual(["articles", "articles", "articles"]);

    const articles = (await (await app.request("/api/articles")).json()) as {
      id: string;
      url: string;
      title: string;
      date: string;
      content: string;
    }[];
    const added = articles.find((a) => a.url === picked[0]!.url);
    expect(added).toMatchObject({ title: picked[0]!.title, date: picked[0]!.date });
    expect(added!.content).toContain("The harbour board met on a wet morning");
    const reader = await app.request(`/api/articles/${added!.id}/reader`);
    expect(((await reader.json()) as { source: string }).source).toBe("stored");

    const again = await owner(`/api/imports/${job.id}/add`, {
      method: "POST",
      json: { candidates: [picked[0]!.id] },
    });
    expect(await again.json()).toMatchObject({ added: 0, skipped: 1 });

    const next = await importFrom(AUTHOR_PAGE);
    expect(next.candidates.map((c) => c.url)).not.toContain(picked[0]!.url);
  });
});

describe("the job", () => {
  it("can be cancelled, and a new one started after", async () => {
    const release = publisher.hold("/sitemap-articles.xml");
    const started = await owner("/api/imports", {
      method: "POST",
      json: { url: publisher.url(SITEMAP_INDEX) },
    });
    const { id } = (await started.json()) as ImportJob;
    const busy = await owner("/api/imports", { method: "POST", json: { url: publisher.url(RSS_FEED) } });
    expect(busy.status).toBe(409);
    const cancelled = await owner(`/api/imports/${id}/cancel`, { method: "POST" });
    expect(((await cancelled.json()) as ImportJob).status).toBe("cancelled");
    release();
    await app.services.imports.finished(id);
    const job = (await (await owner(`/api/imports/${id}`)).json()) as ImportJob;
    expect(job).toMatchObject({ status: "cancelled", candidates: [] });
    const latest = (await (await owner("/api/imports/latest")).json()) as { job: ImportJob };
    expect(latest.job.id).toBe(id);
  });

  it("is resumed after a restart, reading only the pages it had not read", async () => {
    const job = await importFrom(RSS_FEED);
    // As if the server had stopped halfway: five pages still to read.
    const unread = job.candidates.slice(0, 5).map((c) => c.url);
    app.services.store.sqlite.prepare("update import_jobs set status = 'reading' where id = ?").run(job.id);
    app.services.store.sqlite
      .prepare(
        `update import_candidates set status = 'pending', title = '' where job_id = ? and position < 5`,
      )
      .run(job.id);
    const before = unread.map((url) => publisher.hits(new URL(url).pathname));
    const hitsElsewhere = publisher.hits(new URL(job.candidates[10]!.url).pathname);
    // A second process on the same database: the restarted server.
    const restarted = createServices(
      loadConfig({
        DATA_DIR: app.dataDir,
        SEED_DEMO: "false",
        FETCH_ALLOW_PRIVATE: "true",
        LINK_CHECK_PAUSE_MS: "0",
      }),
      createLogger("silent"),
    );
    restarted.imports.resume();
    await restarted.imports.finished(job.id);
    restarted.store.close();
    const resumed = (await (await owner(`/api/imports/${job.id}`)).json()) as ImportJob;
    expect(resumed.status).toBe("done");
    expect(resumed.candidates.slice(0, 5).every((c) => c.status === "ready" && c.title !== "")).toBe(true);
    expect(unread.map((url) => publisher.hits(new URL(url).pathname))).toEqual(before.map((n) => n + 1));
    expect(publisher.hits(new URL(job.candidates[10]!.url).pathname)).toBe(hitsElsewhere);
  });

  it("keeps the newest five imports, with their candidates", () => {
    const count = (table: string) =>
      (
        app.services.store.sqlite
          .prepare(`select count(distinct ${table === "import_jobs" ? "id" : "job_id"}) as n from ${table}`)
          .get() as { n: number }
      ).n;
    expect(count("import_jobs")).toBe(5);
    expect(count("import_candidates")).toBeLessThanOrEqual(5);
  });

  it("is the owner's alone, and writes need the CSRF token", async () => {
    expect((await app.request("/api/imports/latest")).status).toBe(401);
    const noToken = await owner("/api/imports", {
      method: "POST",
      json: { url: publisher.url(RSS_FEED) },
      headers: { "X-CSRF-Token": "wrong" },
    });
    expect(noToken.status).toBe(403);
    const bad = await owner("/api/imports", { method: "POST", json: { url: "file:///etc/passwd" } });
    expect(bad.status).toBe(400);
  });
});
