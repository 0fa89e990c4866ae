import { spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ClipOutcome, OfferedClip, WatchedSource, WatchOverview } from "../../src/domain/clip-watch";
import type { Article } from "../../src/domain/content";
import type { ReaderContent } from "../../src/domain/reader-content";
import { startSmtpInbox, type SmtpInbox } from "./support/contact-smtp-inbox";
import { createTestApp, ORIGIN, type TestApp } from "./support/test-app";
import { startWatchedOutlet, type Story, type WatchedOutlet } from "./support/watched-outlet";

const OWNER_NAME = "Zoë Okafor";
/** Past every source's next moment: each step of the fake clock makes every source due once. */
const STEP_MS = 1.5 * 360 * 60_000 + 1000;

let t: TestApp;
let owner: Awaited<ReturnType<TestApp["signIn"]>>["owner"];
let outlet: WatchedOutlet;
let inbox: SmtpInbox | undefined;
const clock = { now: Date.parse("2026-03-02T09:00:00Z") };

async function boot(env: Record<string, string> = {}) {
  t = await createTestApp(
    { FETCH_ALLOW_PRIVATE: "true", LINK_CHECK_PAUSE_MS: "0", MAIL_FROM: "Byline <site@byline.test>", ...env },
    { now: () => new Date(clock.now) },
  );
  t.services.content.site.merge({ name: OWNER_NAME, social: { email: "zoe@byline.test" } });
  owner = (await t.signIn()).owner;
}

beforeEach(async () => {
  clock.now = Date.parse("2026-03-02T09:00:00Z");
  outlet = await startWatchedOutlet();
  outlet.robots("User-agent: *\nDisallow: /private/\n");
});

afterEach(async () => {
  await t.services.watch.stop();
  await t.services.contact.stop();
  await outlet.close();
  await inbox?.stop();
  inbox = undefined;
  t.close();
});

const story = (slug: string, fields: Partial<Story> = {}): Story => ({
  path: `/news/${slug}`,
  title: `The ${slug.replace(/-/g, " ")}`,
  author: OWNER_NAME,
  ...fields,
});

async function watchSource(path: string): Promise<WatchedSource> {
  const response = await owner("/api/watch/sources", { method: "POST", json: { url: outlet.url(path) } });
  expect(response.status).toBe(201);
  return (await response.json()) as WatchedSource;
}

/** Moves the fake clock past every source's next moment and runs the schedule's look. */
async function nextCheck(): Promise<OfferedClip[]> {
  clock.now += STEP_MS;
  return t.services.watch.tick();
}

async function overview(): Promise<WatchOverview> {
  const response = await owner("/api/watch");
  expect(response.status).toBe(200);
  return (await response.json()) as WatchOverview;
}

async function addArticle(fields: Record<string, unknown>): Promise<Article> {
  const response = await owner("/api/articles", {
    method: "POST",
    json: { outlet: "The Courier", ...fields },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Article;
}

describe("the clip watch", () => {
  it("offers the owner's new story and not another writer's, asking an unchanged feed conditionally", async () => {
    await boot();
    const older = story("harbour-report");
    outlet.publish(older);
    outlet.publish(story("colleague-old-story", { author: "Sam Reyes", authorIn: "meta" }));
    outlet.feed("/feed.xml", [older.path, "/news/colleague-old-story"], "application/x-rss+xml");
    await addArticle({ title: older.title, url: outlet.url(older.path) });

    const source = await watchSource("/feed.xml");
    expect(source).toMatchObject({
      kind: "feed",
      gzipped: false,
      state: "ok",
      lastCheckedAt: null,
      autoAdd: false,
    });

    // The first check reads the feed's newest stories, but not the one the portfolio has: a colleague's.
    expect(await t.services.watch.tick()).toEqual([]);
    expect(outlet.hits("/news/colleague-old-story")).toHaveLength(1);
    expect(outlet.hits(older.path)).toHaveLength(0);

    // Nothing changed: the feed is asked conditionally, answers 304, and no story is read again.
    expect(await nextCheck()).toEqual([]);
    const conditional = outlet.hits("/feed.xml").at(-1)!;
    expect(conditional.status).toBe(304);
    expect(conditional.headers["if-none-match"]).toBe('"v1"');
    expect(conditional.headers["user-agent"]).toBe(`Byline/1.0 (clip watch; +${ORIGIN})`);
    expect(outlet.hits("/news/colleague-old-story")).toHaveLength(1);

    // Between two checks the outlet publishes a story by the owner and one by a colleague.
    const fresh = story("pier-closes-for-winter", { author: "Zoe Okafor" });
    outlet.publish(fresh);
    outlet.publish(story("colleague-new-story", { author: "Sam Reyes" }));
    outlet.feed("/feed.xml", [
      fresh.path,
      "/news/colleague-new-story",
      older.path,
      "/news/colleague-old-story",
    ]);
    const found = await nextCheck();
    expect(found.map((clip) => clip.url)).toEqual([outlet.url(fresh.path)]);

    const view = await overview();
    expect(view.waiting).toBe(1);
    expect(view.checking).toBe(false);
    expect(view.clips).toEqual([
      expect.objectContaining({
        url: outlet.url(fresh.path),
        sourceId: source.id,
        title: fresh.title,
        outlet: "The Estuary Courier",
        date: "2026-03-02",
        reason: `byline "${OWNER_NAME}" in the page's JSON-LD`,
        status: "waiting",
        autoAdded: false,
        articleId: null,
      }),
    ]);
    expect(view.sources[0]).toMatchObject({
      state: "ok",
      failures: 0,
      lastNewClipAt: new Date(clock.now).toISOString(),
    });

    // Add: the clip joins the portfolio with its text and a guessed tag.
    const clipId = view.clips[0]!.id;
    const added = await owner(`/api/watch/clips/${clipId}/add`, { method: "POST" });
    expect(added.status).toBe(201);
    const { article } = (await added.json()) as { article: Article };
    expect(article).toMatchObject({ title: fresh.title, url: outlet.url(fresh.path), tags: ["news"] });
    expect(article.content).toContain("the council met on Tuesday evening");
    const list = (await (await t.request("/api/articles")).json()) as Article[];
    expect(list.map((a) => a.id)).toContain(article.id);
    expect((await overview()).waiting).toBe(0);
  });

  it("never offers a dismissed clip again, from any source", async () => {
    await boot();
    outlet.feed("/feed.xml", []);
    outlet.sitemap("/sitemap.xml.gz", [], { gzip: true });
    await watchSource("/feed.xml");
    const sitemapSource = await watchSource("/sitemap.xml.gz");
    expect(sitemapSource).toMatchObject({ kind: "sitemap", gzipped: true });
    await t.services.watch.tick();

    const fresh = story("ferry-fares-rise");
    outlet.publish(fresh);
    outlet.feed("/feed.xml", [fresh.path]);
    const [clip] = await nextCheck();
    expect(clip).toBeDefined();
    const dismissed = await owner(`/api/watch/clips/${clip!.id}/dismiss`, { method: "POST" });
    expect(dismissed.status).toBe(200);
    expect((await overview()).clips).toEqual([]);

    // The sitemap lists it too (another spelling of the address), and the feed lists it again.
    outlet.sitemap("/sitemap.xml.gz", [`${fresh.path}/`], { gzip: true });
    outlet.feed("/feed.xml", [fresh.path, "/news/other"]);
    expect(await nextCheck()).toEqual([]);
    expect(await nextCheck()).toEqual([]);
    expect((await overview()).clips).toEqual([]);
    expect(outlet.hits(fresh.path)).toHaveLength(1);
  });

  it("records a syndicated copy on its article instead of offering it, and passes over a translation", async () => {
    await boot();
    const original = await addArticle({
      title: "Harbour dredging plan splits town",
      url: "https://courier.example/news/harbour-dredging",
      content: "The council voted five to four.",
    });
    const partner = await startWatchedOutlet("127.0.0.2");
    try {
      partner.feed("/feed.xml", []);
      outlet.feed("/feed.xml", []);
      await watchSource("/feed.xml");
      const response = await owner("/api/watch/sources", {
        method: "POST",
        json: { url: partner.url("/feed.xml") },
      });
      expect(response.status).toBe(201);
      await t.services.watch.tick();

      const copy = story("harbour-dredging-plan", {
        title: "Harbour dredging plan splits town",
        canonical: "https://courier.example/news/harbour-dredging",
      });
      partner.publish(copy);
      partner.feed("/feed.xml", [copy.path]);
      const translated = story("hafen-plan", { title: "Hafenplan spaltet die Stadt", lang: "de" });
      outlet.publish(translated);
      outlet.feed("/feed.xml", [translated.path]);

      expect(await nextCheck()).toEqual([]);
      expect(partner.hits(copy.path)).toHaveLength(1);
      expect(outlet.hits(translated.path)).toHaveLength(1);
      expect((await overview()).clips).toEqual([]);
      const reader = (await (await t.request(`/api/articles/${original.id}/reader`)).json()) as ReaderContent;
      expect(reader.alsoPublishedAt).toEqual([partner.url(copy.path)]);
    } finally {
      await partner.close();
    }
  });

  it("pauses a source that failed 5 checks in a row, with the reason, until the owner resumes it", async () => {
    await boot();
    outlet.feed("/feed.xml", []);
    const source = await watchSource("/feed.xml");
    await t.services.watch.tick();
    outlet.fail("/feed.xml", 404);
    const firstFailure = new Date(clock.now + STEP_MS).toISOString();
    for (let check = 1; check <= 4; check++) await nextCheck();
    let [state] = (await overview()).sources;
    expect(state).toMatchObject({
      state: "failing",
      failures: 4,
      failingSince: firstFailure,
      lastError: "404 Not Found",
    });
    await nextCheck();
    [state] = (await overview()).sources;
    expect(state).toMatchObject({
      state: "paused",
      failures: 5,
      failingSince: firstFailure,
      lastError: "404 Not Found",
    });

    // Paused: neither the schedule nor Check now asks for it.
    const asked = outlet.hits("/feed.xml").length;
    await nextCheck();
    expect((await owner("/api/watch/check", { method: "POST" })).status).toBe(202);
    await t.services.watch.idle();
    expect(outlet.hits("/feed.xml")).toHaveLength(asked);

    outlet.feed("/feed.xml", []);
    const resumed = await owner(`/api/watch/sources/${source.id}`, {
      method: "PATCH",
      json: { resume: true },
    });
    expect(await resumed.json()).toMatchObject({
      state: "ok",
      failures: 0,
      failingSince: null,
      lastError: "",
    });
    await t.services.watch.tick();
    expect(outlet.hits("/feed.xml")).toHaveLength(asked + 1);
    expect((await overview()).sources[0]).toMatchObject({ state: "ok", failures: 0 });
  });

  it("adds without asking when the source says so, and undoes it", async () => {
    await boot();
    outlet.feed("/feed.xml", []);
    const source = await watchSource("/feed.xml");
    const patched = await owner(`/api/watch/sources/${source.id}`, {
      method: "PATCH",
      json: { autoAdd: true },
    });
    expect(await patched.json()).toMatchObject({ autoAdd: true });
    await t.services.watch.tick();
    const fresh = story("opinion-piece", { path: "/opinion/the-pier-must-stay" });
    outlet.publish(fresh);
    outlet.feed("/feed.xml", [fresh.path]);
    await nextCheck();

    const view = await overview();
    expect(view.waiting).toBe(0);
    expect(view.clips).toEqual([expect.objectContaining({ status: "added", autoAdded: true })]);
    const article = t.services.content.articles.get(view.clips[0]!.articleId!);
    expect(article).toMatchObject({ url: outlet.url(fresh.path), tags: ["comment"] });

    const undone = await owner(`/api/watch/clips/${view.clips[0]!.id}/undo`, { method: "POST" });
    expect(undone.status).toBe(200);
    expect(t.services.content.articles.get(article!.id)).toBeUndefined();
    expect((await overview()).clips).toEqual([]);
  });

  it("acts on several clips at once, takes a Dismiss or an Add back with Undo, and never offers a clip the portfolio has", async () => {
    await boot();
    outlet.feed("/feed.xml", []);
    await watchSource("/feed.xml");
    await t.services.watch.tick();
    const stories = ["pier-tolls", "tram-plan", "ferry-strike", "lido-reopens"].map((slug) => story(slug));
    for (const each of stories) outlet.publish(each);
    outlet.feed(
      "/feed.xml",
      stories.map((each) => each.path),
    );
    expect(await nextCheck()).toHaveLength(4);
    // The run's summary, for the owner who pressed Check now or Watch.
    const checked = await overview();
    expect(checked.lastCheck).toEqual({ run: 2, sources: 1, newClips: 4, failing: 0 });
    const idOf = (slug: string) => checked.clips.find((clip) => clip.url.endsWith(`/news/${slug}`))!.id;

    // The owner adds one by hand meanwhile: it is offered no more, and Add says it is there already.
    const byHand = await addArticle({ title: stories[3]!.title, url: outlet.url(stories[3]!.path) });
    expect((await overview()).clips.map((clip) => clip.id)).not.toContain(idOf("lido-reopens"));
    expect((await overview()).waiting).toBe(3);

    const act = async (action: string, ids: string[]) => {
      const response = await owner("/api/watch/clips", { method: "POST", json: { action, ids } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { results: ClipOutcome[] }).results;
    };
    const added = await act("add", [idOf("pier-tolls"), idOf("tram-plan"), idOf("lido-reopens")]);
    expect(added).toEqual([
      { id: idOf("pier-tolls"), outcome: "added", articleId: expect.any(String) },
      { id: idOf("tram-plan"), outcome: "added", articleId: expect.any(String) },
      { id: idOf("lido-reopens"), outcome: "already", articleId: byHand.id },
    ]);
    const single = await owner(`/api/watch/clips/${idOf("pier-tolls")}/add`, { method: "POST" });
    expect(single.status).toBe(200);
    expect(await single.json()).toMatchObject({ created: false });
    expect(await act("dismiss", [idOf("ferry-strike")])).toEqual([
      { id: idOf("ferry-strike"), outcome: "dismissed" },
    ]);
    expect((await overview()).waiting).toBe(0);

    // Undo: the dismissed clip and one added clip wait again, the article that Add made goes;
    // the article added by hand stays, and its clip cannot be 'undone' out of the portfolio.
    const undone = await act("restore", [idOf("ferry-strike"), idOf("tram-plan"), idOf("lido-reopens")]);
    expect(undone.map((result) => result.outcome)).toEqual(["restored", "restored", "failed"]);
    expect(undone[2]).toMatchObject({ error: { code: "too_late" } });
    const tramArticle = added[1] as { articleId: string };
    expect(t.services.content.articles.get(tramArticle.articleId)).toBeUndefined();
    expect(t.services.content.articles.get(byHand.id)).toBeDefined();
    const after = await overview();
    expect(after.waiting).toBe(2);
    expect(after.clips.map((clip) => clip.id).sort()).toEqual(
      [idOf("ferry-strike"), idOf("tram-plan")].sort(),
    );

    // Added again, the restored clip makes its article with its text.
    const again = await act("add", [idOf("tram-plan")]);
    expect(again[0]).toMatchObject({ outcome: "added" });
    const article = t.services.content.articles.get((again[0] as { articleId: string }).articleId);
    expect(article?.content).toContain("the council met on Tuesday evening");

    // An Add is taken back only for a while.
    clock.now += 16 * 60_000;
    expect((await act("restore", [idOf("tram-plan")]))[0]).toMatchObject({ outcome: "failed" });

    // Bad input changes nothing.
    for (const json of [{ action: "add", ids: [] }, { action: "burn", ids: ["x"] }, { ids: ["x"] }]) {
      const refused = await owner("/api/watch/clips", { method: "POST", json });
      expect(refused.status).toBe(400);
    }
    expect((await act("add", ["no-such-clip"]))[0]).toMatchObject({
      outcome: "failed",
      error: { code: "not_found" },
    });
    expect((await overview()).waiting).toBe(1);
  });

  it("sends one e-mail when new clips wait, at most one a day", async () => {
    inbox = await startSmtpInbox();
    await boot({ SMTP_URL: inbox.url });
    outlet.feed("/feed.xml", []);
    await watchSource("/feed.xml");
    await t.services.watch.tick();
    const stories = ["first-story", "second-story", "third-story"].map((slug) => story(slug));
    for (const item of stories) outlet.publish(item);
    outlet.feed(
      "/feed.xml",
      stories.map((item) => item.path),
    );
    expect(await nextCheck()).toHaveLength(3);
    await t.services.contact.queue!.runDue();
    const mail = await inbox.waitFor(() => true);
    expect(mail.envelopeTo).toEqual(["zoe@byline.test"]);
    expect(mail.headers["subject"]).toBe("3 new clips are waiting");
    expect(mail.text).toContain(`${ORIGIN}/admin/dashboard/clips`);
    expect(mail.text).toContain(stories[0]!.title);

    // Another clip a few hours later: no second e-mail that day.
    const later = story("fourth-story");
    outlet.publish(later);
    outlet.feed("/feed.xml", [later.path, ...stories.map((item) => item.path)]);
    expect(await nextCheck()).toHaveLength(1);
    await t.services.contact.queue!.runDue();
    expect(inbox.mails).toHaveLength(1);
    // The notice is delivered, never listed among the contact messages.
    expect(t.services.contact.messages.list()).toEqual([]);
  });

  it("sends no e-mail when the owner switched clip e-mails off", async () => {
    inbox = await startSmtpInbox();
    await boot({ SMTP_URL: inbox.url });
    t.services.content.site.merge({ clipEmails: false });
    outlet.feed("/feed.xml", []);
    await watchSource("/feed.xml");
    await t.services.watch.tick();
    outlet.publish(story("quiet-story"));
    outlet.feed("/feed.xml", ["/news/quiet-story"]);
    expect(await nextCheck()).toHaveLength(1);
    await t.services.contact.queue!.runDue();
    expect(inbox.mails).toHaveLength(0);
  });
});

describe("politeness and progress", () => {
  it("asks one outlet two requests at a time at most, and announces the check on the owner's live collection", async () => {
    await boot();
    await outlet.close();
    outlet = await startWatchedOutlet("127.0.0.1", { delayMs: 20 });
    outlet.robots("User-agent: *\nDisallow:\n");
    outlet.feed("/feed.xml", []);
    outlet.sitemap("/news-sitemap.xml", [], { news: true });
    await watchSource("/feed.xml");
    expect(await watchSource("/news-sitemap.xml")).toMatchObject({ kind: "news-sitemap", gzipped: false });
    await t.services.watch.tick();
    const stories = ["one", "two", "three", "four"].map((slug) => story(`story-${slug}`));
    for (const item of stories) outlet.publish(item);
    outlet.feed(
      "/feed.xml",
      stories.slice(0, 2).map((item) => item.path),
    );
    outlet.sitemap(
      "/news-sitemap.xml",
      stories.slice(2).map((item) => item.path),
      { news: true },
    );

    const events: string[] = [];
    const stopListening = t.services.store.onChange((event) => events.push(event.topic));
    clock.now += STEP_MS;
    expect((await owner("/api/watch/check", { method: "POST" })).status).toBe(202);
    // The outlet has not answered yet: the run has only started.
    expect(t.services.watch.overview().checking).toBe(true);
    await t.services.watch.idle();
    stopListening();
    expect((await overview()).waiting).toBe(4);
    expect(outlet.peakInFlight()).toBeLessThanOrEqual(2);
    expect(events.filter((collection) => collection === "watch").length).toBeGreaterThanOrEqual(6);
    expect((await overview()).checking).toBe(false);
  });
});

describe("suggested sources", () => {
  it("suggests the author pages and feeds the portfolio's pages link, until they are watched", async () => {
    await boot();
    const mine = story("harbour-report", {
      authorPage: "/authors/zoe-okafor",
      feeds: [outlet.url("/feed.xml")],
    });
    outlet.publish(mine);
    outlet.feed("/feed.xml", []);
    const article = await addArticle({ title: mine.title, url: outlet.url(mine.path) });
    // A visitor opens the article in reader mode: the reader reads its page.
    expect((await t.request(`/api/articles/${article.id}/reader`)).status).toBe(200);

    const suggested = (await overview()).suggestions;
    expect(suggested).toHaveLength(2);
    expect(suggested).toEqual(
      expect.arrayContaining([
        { url: outlet.url("/authors/zoe-okafor"), kind: "author-page", seenOn: mine.title },
        { url: outlet.url("/feed.xml"), kind: "feed", seenOn: mine.title },
      ]),
    );
    await watchSource("/feed.xml");
    expect((await overview()).suggestions).toEqual([
      { url: outlet.url("/authors/zoe-okafor"), kind: "author-page", seenOn: mine.title },
    ]);
  });
});

describe("the command line", () => {
  /** `byline watch …` in its own process on the test app's data. */
  function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawn(process.execPath, ["bin/byline.js", "watch", ...args], {
      env: {
        ...process.env,
        DATA_DIR: t.dataDir,
        FETCH_ALLOW_PRIVATE: "true",
        SEED_DEMO: "false",
        LINK_CHECK_PAUSE_MS: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
  }

  // Three processes that each start tsx: allowed more than the default 30 s on a busy machine.
  it(
    "adds a source, lists it, and checks it, printing each new clip as a JSON line",
    { timeout: 120_000 },
    async () => {
      await boot();
      const mine = story("council-tax-rises");
      outlet.publish(mine);
      outlet.feed("/feed.xml", [mine.path]);

      const added = await cli("add", outlet.url("/feed.xml"));
      expect(added.code).toBe(0);
      expect(JSON.parse(added.stdout)).toMatchObject({ url: outlet.url("/feed.xml"), kind: "feed" });
      const listed = await cli("list");
      expect(listed.code).toBe(0);
      expect(
        listed.stdout
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as WatchedSource),
      ).toEqual([expect.objectContaining({ url: outlet.url("/feed.xml"), state: "ok" })]);
      const checked = await cli("check");
      expect(checked.code).toBe(0);
      const lines = checked.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as OfferedClip);
      expect(lines).toEqual([expect.objectContaining({ url: outlet.url(mine.path), status: "waiting" })]);
      expect(checked.stderr).toContain("1 sources watched; 1 new clips wait");
      expect((await overview()).waiting).toBe(1);
    },
  );
});

describe("watching a source", () => {
  it("keeps one source for one address however it is spelled", async () => {
    await boot();
    outlet.feed("/feed.xml", []);
    const first = await watchSource("/feed.xml");
    const again = await owner("/api/watch/sources", {
      method: "POST",
      json: { url: `${outlet.origin.replace("http://", "HTTP://")}/feed.xml/` },
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as WatchedSource).id).toBe(first.id);
    expect((await overview()).sources).toHaveLength(1);
    expect(outlet.hits("/feed.xml")).toHaveLength(1);
  });

  it("honours robots.txt for the source and the pages it lists", async () => {
    await boot();
    outlet.feed("/private/feed.xml", []);
    const refused = await owner("/api/watch/sources", {
      method: "POST",
      json: { url: outlet.url("/private/feed.xml") },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: {
        code: "robots_disallowed",
        message: `robots.txt disallows ${outlet.url("/private/feed.xml")}`,
      },
    });
    expect(outlet.hits("/private/feed.xml")).toHaveLength(0);
    expect((await overview()).sources).toEqual([]);

    outlet.feed("/feed.xml", []);
    await watchSource("/feed.xml");
    await t.services.watch.tick();
    outlet.publish(story("hidden", { path: "/private/hidden-story" }));
    outlet.feed("/feed.xml", ["/private/hidden-story"]);
    expect(await nextCheck()).toEqual([]);
    expect(outlet.hits("/private/hidden-story")).toHaveLength(0);
    expect(outlet.hits("/robots.txt")).toHaveLength(1);
  });

  it("forgets the links a source stopped listing, once it has read every document of it in full", async () => {
    await boot();
    /** Story paths `from` to `to`, newest (highest) first, as sitemaps list them. */
    const stories = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `/news/story-${to - i}`);
    const republishIndex = () =>
      outlet.sitemapIndex("/sitemap-index.xml", ["/sitemap-a.xml", "/sitemap-b.xml"]);
    outlet.sitemap("/sitemap-a.xml", stories(1, 12));
    outlet.sitemap("/sitemap-b.xml", stories(101, 103));
    republishIndex();
    const source = await watchSource("/sitemap-index.xml");
    const seen = () =>
      (
        t.services.store.sqlite
          .prepare("select url_key as key from watch_seen where source_id = ?")
          .all(source.id) as { key: string }[]
      )
        .map(({ key }) => key.replace(/^.*\/news\//, ""))
        .sort();
    const named = (paths: string[]) => paths.map((path) => path.replace("/news/", "")).sort();

    // The first read of each sitemap reads its 10 newest stories and passes over the rest.
    await t.services.watch.tick();
    expect(seen()).toEqual(named([...stories(1, 12), ...stories(101, 103)]));

    // Sitemap A drops its two oldest; B answers 304, so its listing is not known: nothing is forgotten.
    outlet.sitemap("/sitemap-a.xml", stories(3, 12));
    republishIndex();
    await nextCheck();
    expect(outlet.hits("/sitemap-b.xml").at(-1)!.status).toBe(304);
    expect(seen()).toEqual(named([...stories(1, 12), ...stories(101, 103)]));

    // Every document read in full: what no sitemap lists any more is forgotten, the new story read once.
    outlet.sitemap("/sitemap-a.xml", stories(3, 12));
    outlet.sitemap("/sitemap-b.xml", stories(101, 104));
    republishIndex();
    await nextCheck();
    expect(seen()).toEqual(named([...stories(3, 12), ...stories(101, 104)]));
    expect(outlet.hits("/news/story-104")).toHaveLength(1);
    expect(outlet.hits("/news/story-12")).toHaveLength(1);
    expect(outlet.hits("/news/story-1")).toHaveLength(0);
  });

  it("refuses an address that cannot be read, storing nothing", async () => {
    await boot();
    const missing = await owner("/api/watch/sources", {
      method: "POST",
      json: { url: outlet.url("/no-feed.xml") },
    });
    expect(missing.status).toBe(502);
    expect(await missing.json()).toEqual({
      error: {
        code: "source_unreadable",
        message: `Could not read ${outlet.url("/no-feed.xml")}: 404 Not Found`,
      },
    });
    const invalid = await owner("/api/watch/sources", {
      method: "POST",
      json: { url: "ftp://example.com/feed" },
    });
    expect(invalid.status).toBe(400);
    expect((await overview()).sources).toEqual([]);
  });

  it("is the owner's only: a visitor gets 401, a request without the token or from another site 403", async () => {
    await boot();
    outlet.feed("/feed.xml", []);
    expect((await t.request("/api/watch")).status).toBe(401);
    const visitor = await t.request("/api/watch/sources", {
      method: "POST",
      headers: { Origin: ORIGIN },
      json: { url: outlet.url("/feed.xml") },
    });
    expect(visitor.status).toBe(401);
    const noToken = await owner("/api/watch/check", { method: "POST", headers: { "X-CSRF-Token": "wrong" } });
    expect(noToken.status).toBe(403);
    const crossSite = await owner("/api/watch/sources", {
      method: "POST",
      headers: { Origin: "https://attacker.example" },
      json: { url: outlet.url("/feed.xml") },
    });
    expect(crossSite.status).toBe(403);
    expect(outlet.hits("/feed.xml")).toHaveLength(0);
    expect((await overview()).sources).toEqual([]);
  });
});
