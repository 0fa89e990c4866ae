import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ArticleLinkHealth, LinkHealthReport } from "../../src/domain/link-health";
import { exportContent } from "../../src/server/content/content-backup";
import { createLinkCheckRepository } from "../../src/server/link-health/link-check-repository";
import { createLinkHealthService } from "../../src/server/link-health/link-health-service";
import { articlePage, startFakePublisher, type FakePublisher } from "../e2e/support/fake-publisher";
import { createTestApp, ORIGIN, type TestApp } from "./support/test-app";

const STORY = articlePage({
  title: "Harbour pilots warn of night-time risks",
  siteName: "The Coast Gazette",
  blocks: [
    "Harbour pilots have warned that night-time arrivals are being handled by a single crew, leaving no cover if something goes wrong.",
    "The warning came in a letter to the port authority signed by eleven of the fourteen pilots who work the estuary.",
  ],
});
const HOME =
  "<!doctype html><html><head><title>The Coast Gazette</title></head><body><h1>Front page</h1></body></html>";
const NO_TEXT = "<!doctype html><html><head><title>Video</title></head><body><p>Watch.</p></body></html>";

type ErrorBody = { error: { code: string; message: string } };

let t: TestApp;
let owner: Awaited<ReturnType<TestApp["signIn"]>>["owner"];
let publisher: FakePublisher;
let releaseSlow: () => void;

beforeAll(async () => {
  t = await createTestApp({
    FETCH_ALLOW_PRIVATE: "true",
    LINK_CHECK_PAUSE_MS: "0",
    LINK_CHECK_TIMEOUT_MS: "300",
  });
  owner = (await t.signIn()).owner;
  publisher = await startFakePublisher({
    "/": { body: HOME },
    "/live": { body: STORY },
    "/old-path": { status: 301, statusText: "Moved Permanently", headers: { Location: "/new-path" } },
    "/new-path": { body: STORY },
    "/missing": { status: 404, statusText: "Not Found" },
    "/removed": { status: 410, statusText: "Gone" },
    "/to-home": { status: 302, statusText: "Found", headers: { Location: "/" } },
    "/slow": { body: STORY },
    "/busy": { status: 503, statusText: "Service Unavailable" },
    "/forbidden": { status: 403, statusText: "Forbidden" },
    "/no-text": { body: NO_TEXT },
  });
  releaseSlow = publisher.hold("/slow");
});

afterAll(async () => {
  releaseSlow();
  await publisher.close();
  t.close();
});

afterEach(async () => {
  vi.useRealTimers();
  await t.services.linkHealth.idle();
  // Each test starts from its own articles.
  for (const article of t.services.content.articles.list()) t.services.content.articles.remove(article.id);
});

async function createArticle(path: string, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await owner("/api/articles", {
    method: "POST",
    json: { title: `Clip ${path}`, outlet: "The Coast Gazette", url: publisher.url(path), ...fields },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function checkLinks(): Promise<LinkHealthReport> {
  const response = await owner("/api/link-checks", { method: "POST" });
  expect(response.status).toBe(202);
  await t.services.linkHealth.idle();
  const report = await owner("/api/link-checks");
  expect(report.status).toBe(200);
  return (await report.json()) as LinkHealthReport;
}

const publicArticles = async () =>
  (await (await t.request("/api/articles")).json()) as { id: string; url: string; gone?: string }[];

describe("the link check", () => {
  it("finds each status against the fake publisher", async () => {
    const ids = {
      live: await createArticle("/live"),
      moved: await createArticle("/old-path"),
      missing: await createArticle("/missing"),
      removed: await createArticle("/removed"),
      home: await createArticle("/to-home"),
      slow: await createArticle("/slow"),
      busy: await createArticle("/busy"),
      forbidden: await createArticle("/forbidden"),
    };
    const before = Date.now();
    const report = await checkLinks();
    expect(report.running).toBe(false);
    expect(report.run).toMatchObject({ checked: 8, total: 8 });
    const health = (id: string) => report.articles[id] as ArticleLinkHealth;

    expect(health(ids.live)).toEqual({
      status: "ok",
      checkedAt: expect.any(String),
      movedTo: null,
      failures: 0,
      note: null,
      archived: false,
    });
    expect(Date.parse(health(ids.live).checkedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(health(ids.moved)).toMatchObject({ status: "moved", movedTo: publisher.url("/new-path") });
    expect(health(ids.missing)).toMatchObject({ status: "gone", note: "404 Not Found" });
    expect(health(ids.removed)).toMatchObject({ status: "gone", note: "410 Gone" });
    expect(health(ids.home)).toMatchObject({ status: "gone", note: `Redirected to ${publisher.url("/")}` });
    // No answer yet counts as one failed day, not as unreachable.
    expect(health(ids.slow)).toMatchObject({
      status: null,
      failures: 1,
      note: "No complete answer within 0.3 seconds",
    });
    expect(health(ids.busy)).toMatchObject({ status: null, failures: 1, note: "503 Service Unavailable" });
    expect(health(ids.forbidden)).toMatchObject({
      status: null,
      failures: 0,
      note: "Turned away: 403 Forbidden",
    });
  });

  it("counts a DNS failure as a failed check", async () => {
    const response = await owner("/api/articles", {
      method: "POST",
      json: { title: "Lost host", outlet: "Nowhere", url: "http://no-such-host.invalid/story" },
    });
    const { id } = (await response.json()) as { id: string };
    const report = await checkLinks();
    expect(report.articles[id]).toMatchObject({ status: null, failures: 1 });
    expect(report.articles[id]?.note).toMatch(/no-such-host\.invalid/);
  });

  it("calls a failing original unreachable only after failed checks on 3 days, keeping the status till then", async () => {
    publisher.route("/flaky", { body: STORY });
    const id = await createArticle("/flaky");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-06-01T09:00:00Z"));
    expect((await checkLinks()).articles[id]).toMatchObject({ status: "ok", failures: 0 });

    publisher.route("/flaky", { status: 503, statusText: "Service Unavailable" });
    expect((await checkLinks()).articles[id]).toMatchObject({ status: "ok", failures: 1 });
    vi.setSystemTime(new Date("2026-06-01T18:00:00Z"));
    expect((await checkLinks()).articles[id]).toMatchObject({ status: "ok", failures: 1 });
    vi.setSystemTime(new Date("2026-06-02T09:00:00Z"));
    expect((await checkLinks()).articles[id]).toMatchObject({ status: "ok", failures: 2 });
    vi.setSystemTime(new Date("2026-06-03T09:00:00Z"));
    const third = (await checkLinks()).articles[id];
    expect(third).toMatchObject({ status: "unreachable", failures: 3, note: "503 Service Unavailable" });
    expect(third?.checkedAt).toBe("2026-06-03T09:00:00.000Z");

    // One answer ends the failures.
    publisher.route("/flaky", { body: STORY });
    vi.setSystemTime(new Date("2026-06-04T09:00:00Z"));
    expect((await checkLinks()).articles[id]).toMatchObject({ status: "ok", failures: 0, note: null });
  });

  it("asks one host one request at a time, with the pause between, naming Byline and PUBLIC_URL", async () => {
    const seen: { path: string; at: number; agent: string; open: number }[] = [];
    let open = 0;
    const server = http.createServer((request, response) => {
      open += 1;
      seen.push({
        path: request.url ?? "",
        at: Date.now(),
        agent: request.headers["user-agent"] ?? "",
        open,
      });
      setTimeout(() => {
        open -= 1;
        response.writeHead(200, { "Content-Type": "text/html" }).end(STORY);
      }, 50);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const polite = await createTestApp({
      FETCH_ALLOW_PRIVATE: "true",
      LINK_CHECK_PAUSE_MS: "200",
      PUBLIC_URL: "https://sam.example",
    });
    try {
      for (const path of ["/a", "/b", "/c"]) {
        polite.services.content.articles.create({
          title: path,
          outlet: "Polite",
          url: `${origin}${path}`,
          date: "",
          description: "",
          image: "",
          featured: false,
          content: "",
          tags: [],
        });
      }
      polite.services.linkHealth.runNow();
      await polite.services.linkHealth.idle();
      // robots.txt first, through the same turns.
      expect(seen[0]?.path).toBe("/robots.txt");
      expect(seen.map((s) => s.path).sort()).toEqual(["/a", "/b", "/c", "/robots.txt"]);
      expect(Math.max(...seen.map((s) => s.open))).toBe(1);
      for (let i = 1; i < seen.length; i++) {
        // 50 ms to answer, then the 200 ms pause.
        expect(seen[i]!.at - seen[i - 1]!.at).toBeGreaterThanOrEqual(240);
      }
      for (const { agent } of seen) expect(agent).toBe("Byline/1.0 (link check; +https://sam.example)");
    } finally {
      polite.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("is the owner's: reading and running need a session, and running needs the CSRF token", async () => {
    expect((await t.request("/api/link-checks")).status).toBe(401);
    const anonymous = await t.request("/api/link-checks", { method: "POST", headers: { Origin: ORIGIN } });
    expect(anonymous.status).toBe(401);
    const noToken = await owner("/api/link-checks", { method: "POST", headers: { "X-CSRF-Token": "wrong" } });
    expect(noToken.status).toBe(403);
    expect(((await noToken.json()) as ErrorBody).error.code).toBe("csrf");
    const elsewhere = await owner("/api/link-checks", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(elsewhere.status).toBe(403);
    for (const path of ["/api/articles/x/use-new-address", "/api/articles/x/archive"]) {
      expect((await t.request(path, { method: "POST", headers: { Origin: ORIGIN } })).status).toBe(401);
    }
  });

  it("does not start a second run while one is under way", async () => {
    const release = publisher.hold("/live");
    try {
      await createArticle("/live");
      const first = (await (await owner("/api/link-checks", { method: "POST" })).json()) as LinkHealthReport;
      expect(first.running).toBe(true);
      const second = (await (await owner("/api/link-checks", { method: "POST" })).json()) as LinkHealthReport;
      expect(second.running).toBe(true);
      expect(second.run?.startedAt).toBe(first.run?.startedAt);
    } finally {
      release();
    }
    await t.services.linkHealth.idle();
    expect(publisher.hits("/live")).toBeGreaterThan(0);
  });
});

describe("what visitors see", () => {
  it("marks an article whose original is gone, and nothing else of the checks", async () => {
    const live = await createArticle("/live");
    const gone = await createArticle("/missing");
    await checkLinks();
    const articles = await publicArticles();
    expect(articles.find((a) => a.id === gone)?.gone).toBe("unarchived");
    const liveArticle = articles.find((a) => a.id === live) as Record<string, unknown>;
    expect(Object.keys(liveArticle)).not.toContain("gone");
    for (const key of ["status", "checkedAt", "movedTo", "failures", "note"]) {
      expect(JSON.stringify(articles)).not.toContain(`"${key}"`);
    }

    // With the owner's own text it reads as archived.
    const put = await owner(`/api/articles/${gone}`, {
      method: "PUT",
      json: {
        title: "Clip",
        outlet: "The Coast Gazette",
        url: publisher.url("/missing"),
        content: "Kept text.",
      },
    });
    expect(((await put.json()) as { gone?: string }).gone).toBe("archived");
    expect((await publicArticles()).find((a) => a.id === gone)?.gone).toBe("archived");

    // A new address is not the one found gone.
    await owner(`/api/articles/${gone}`, {
      method: "PUT",
      json: { title: "Clip", outlet: "The Coast Gazette", url: publisher.url("/live") },
    });
    expect((await publicArticles()).find((a) => a.id === gone)?.gone).toBeUndefined();
    const report = (await (await owner("/api/link-checks")).json()) as LinkHealthReport;
    expect(report.articles[gone]).toMatchObject({ status: null, checkedAt: null });
  });

  it("tells visitors' pages only when an article becomes gone or comes back", async () => {
    const seen: string[] = [];
    const unsubscribe = t.services.store.onChange((event) => seen.push(event.topic));
    try {
      publisher.route("/comes-and-goes", { body: STORY });
      await createArticle("/comes-and-goes");
      seen.length = 0;
      await checkLinks();
      expect(seen).not.toContain("articles");
      expect(seen).toContain("links");

      publisher.route("/comes-and-goes", { status: 404, statusText: "Not Found" });
      seen.length = 0;
      await checkLinks();
      expect(seen).toContain("articles");

      seen.length = 0;
      await checkLinks();
      expect(seen).not.toContain("articles");

      publisher.route("/comes-and-goes", { body: STORY });
      seen.length = 0;
      await checkLinks();
      expect(seen).toContain("articles");
    } finally {
      unsubscribe();
    }
  });

  it("reads a gone article from its archived copy, and never asks the dead original", async () => {
    publisher.route("/archived-then-gone", { body: STORY });
    const id = await createArticle("/archived-then-gone");
    expect((await owner(`/api/articles/${id}/archive`, { method: "POST" })).status).toBe(200);
    publisher.route("/archived-then-gone", { status: 410, statusText: "Gone" });
    await checkLinks();
    expect((await publicArticles()).find((a) => a.id === id)?.gone).toBe("archived");
    const hits = publisher.hits("/archived-then-gone");
    const read = await t.request(`/api/articles/${id}/reader`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { source: string }).source).toBe("archive");
    expect(await (await t.request(`/api/articles/${id}/framing`)).json()).toEqual({ frameable: false });
    expect(publisher.hits("/archived-then-gone")).toBe(hits);
  });

  it("answers 'gone' for a gone article with no archived text, without fetching it", async () => {
    const id = await createArticle("/removed", { outlet: "Vanished Weekly" });
    await checkLinks();
    const hits = publisher.hits("/removed");
    const read = await t.request(`/api/articles/${id}/reader`);
    expect(read.status).toBe(404);
    expect(await read.json()).toEqual({
      error: { code: "gone", message: "The original at Vanished Weekly is no longer available." },
    });
    expect(publisher.hits("/removed")).toBe(hits);
  });

  it("leaves the finding out of the export", async () => {
    const id = await createArticle("/missing");
    await checkLinks();
    expect(t.services.content.articles.get(id)?.gone).toBe("unarchived");
    const exported = exportContent(t.services.content);
    expect(exported.articles.find((a) => a.id === id)).not.toHaveProperty("gone");
  });
});

describe("the owner's actions", () => {
  it("'Use new address' moves a moved article to where it redirects, checked fine", async () => {
    const id = await createArticle("/old-path");
    await checkLinks();
    const response = await owner(`/api/articles/${id}/use-new-address`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { url: string }).url).toBe(publisher.url("/new-path"));
    expect(t.services.content.articles.get(id)?.url).toBe(publisher.url("/new-path"));
    const report = (await (await owner("/api/link-checks")).json()) as LinkHealthReport;
    expect(report.articles[id]).toMatchObject({ status: "ok", movedTo: null });

    const again = await owner(`/api/articles/${id}/use-new-address`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.code).toBe("not_moved");
    expect((await owner("/api/articles/nope/use-new-address", { method: "POST" })).status).toBe(404);
  });

  it("'Archive now' stores the text of a live original, which reader mode then serves", async () => {
    const id = await createArticle("/live");
    const before = (await (await owner("/api/link-checks")).json()) as LinkHealthReport;
    expect(before.articles[id]?.archived).toBe(false);
    const response = await owner(`/api/articles/${id}/archive`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ fetchedAt: expect.any(String) });
    const row = t.services.store.sqlite
      .prepare("select url, content from article_archives where article_id = ?")
      .get(id) as { url: string; content: string };
    expect(row.url).toBe(publisher.url("/live"));
    expect(row.content).toContain("eleven of the fourteen pilots");
    const after = (await (await owner("/api/link-checks")).json()) as LinkHealthReport;
    expect(after.articles[id]?.archived).toBe(true);
    const read = await t.request(`/api/articles/${id}/reader`);
    expect(((await read.json()) as { source: string }).source).toBe("archive");
  });

  it("'Archive now' reports a page with no text, a gone original and an unknown article", async () => {
    const noText = await createArticle("/no-text");
    const empty = await owner(`/api/articles/${noText}/archive`, { method: "POST" });
    expect(empty.status).toBe(502);
    expect(await empty.json()).toEqual({
      error: { code: "no_text", message: "No article text found on the page" },
    });

    const gone = await createArticle("/missing");
    await checkLinks();
    const refused = await owner(`/api/articles/${gone}/archive`, { method: "POST" });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as ErrorBody).error.code).toBe("gone");

    expect((await owner("/api/articles/nope/archive", { method: "POST" })).status).toBe(404);
  });

  it("deleting an article deletes its check", async () => {
    const id = await createArticle("/live");
    await checkLinks();
    const count = () =>
      (
        t.services.store.sqlite
          .prepare("select count(*) as n from link_checks where article_id = ?")
          .get(id) as {
          n: number;
        }
      ).n;
    expect(count()).toBe(1);
    expect((await owner(`/api/articles/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(count()).toBe(0);
  });
});

describe("the daily background check", () => {
  it("checks the articles not checked for a day, and stops when told", async () => {
    const fresh = await createArticle("/live");
    const stale = await createArticle("/removed");
    const never = await createArticle("/missing");
    const checks = createLinkCheckRepository(t.services.store);
    const day = 24 * 60 * 60 * 1000;
    checks.record(
      fresh,
      { ...emptyState(publisher.url("/live")), status: "ok", checkedAt: new Date().toISOString() },
      false,
    );
    checks.record(
      stale,
      {
        ...emptyState(publisher.url("/removed")),
        status: "ok",
        checkedAt: new Date(Date.now() - day).toISOString(),
      },
      false,
    );
    const visited: string[] = [];
    const service = createLinkHealthService({
      store: t.services.store,
      articles: t.services.content.articles,
      checks,
      holdingText: (articles) => t.services.keptTexts.holdingText(articles),
      archiveNow: () => Promise.reject(new Error("unused")),
      visit: async (url) => {
        visited.push(url);
        return { url, status: 404, statusText: "Not Found" };
      },
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      firstTickMs: 10,
      tickMs: 50,
    });
    service.start();
    await vi.waitFor(() => expect(visited).toHaveLength(2));
    expect(visited.sort()).toEqual([publisher.url("/missing"), publisher.url("/removed")].sort());
    await new Promise((r) => setTimeout(r, 150));
    // Checked now: not due again for a day.
    expect(visited).toHaveLength(2);
    expect(checks.get(never)?.status).toBe("gone");
    await service.stop();
    checks.record(fresh, { ...emptyState(publisher.url("/live")), checkedAt: "2000-01-01T00:00:00Z" }, false);
    await new Promise((r) => setTimeout(r, 150));
    expect(visited).toHaveLength(2);
  });
});

function emptyState(url: string) {
  return {
    url,
    status: null,
    movedTo: null,
    checkedAt: new Date().toISOString(),
    failures: 0,
    lastFailedAt: null,
    note: null,
  };
}
