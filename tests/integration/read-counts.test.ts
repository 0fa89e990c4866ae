import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collectionClipBookPath, unlistedClipBookPath } from "../../src/domain/collection-paths";
import { type ClipCollection } from "../../src/domain/collections";
import { BEACON_PATH } from "../../src/domain/read-beacon";
import { createTestApp, ORIGIN, type TestApp } from "./support/test-app";

/**
 * Read counts (issue 29, decision 035): the beacon counts a visitor's article and collection
 * openings per day, and leaves out bots, Sec-GPC, DNT, the owner's own visits and repeats; it
 * refuses invalid bodies without counting, and nothing stored tells one visitor from another.
 */

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 marker-ua-7731";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp(
    { SMTP_URL: "smtp://127.0.0.1:2525" },
    {
      pages: {
        render: async () =>
          new Response("<h1>A page</h1>", { headers: { "Content-Type": "text/html; charset=utf-8" } }),
      },
    },
  );
});
afterEach(() => t.close());

type Sent = { address?: string; headers?: Record<string, string>; body?: string };

/** A beacon as Chromium's `navigator.sendBeacon` sends it, from the given loopback address. */
function beacon(json: unknown, sent: Sent = {}) {
  const headers = {
    "Content-Type": "text/plain;charset=UTF-8",
    "User-Agent": CHROME,
    Origin: ORIGIN,
    "Sec-Fetch-Site": "same-origin",
    ...sent.headers,
  };
  const init = { method: "POST", headers, body: sent.body ?? JSON.stringify(json) };
  const env = { incoming: { socket: { remoteAddress: sent.address ?? "127.0.0.2" } } };
  return t.app.request(`${ORIGIN}${BEACON_PATH}`, init, env);
}

async function setUp(articleCount = 2) {
  const signedIn = await t.signIn();
  const ids: string[] = [];
  for (let n = 1; n <= articleCount; n++) {
    const created = await signedIn.owner("/api/articles", {
      method: "POST",
      json: { title: `Story ${n}`, outlet: "The Paper", url: `https://paper.example/story-${n}` },
    });
    ids.push(((await created.json()) as { id: string }).id);
  }
  const collection = async (visibility: string) => {
    const response = await signedIn.owner("/api/collections", {
      method: "POST",
      json: { title: `For the desk (${visibility})`, articleIds: ids.slice(0, 1), visibility },
    });
    return (await response.json()) as ClipCollection;
  };
  return { ...signedIn, ids, unlisted: await collection("unlisted"), hidden: await collection("private") };
}

const report = () => t.services.readCounts.report(30);
const totals = () =>
  report().days.reduce(
    (sum, day) => ({
      articles: sum.articles + day.articleOpens,
      collections: sum.collections + day.collectionOpens,
      pdfs: sum.pdfs + day.pdfDownloads,
    }),
    { articles: 0, collections: 0, pdfs: 0 },
  );
const rows = () => t.services.store.sqlite.prepare("select * from read_counts").all();

describe("POST /api/beacon", () => {
  it("counts a visitor's openings per day, with the referring site's host name", async () => {
    const { ids, unlisted } = await setUp();
    expect((await beacon({ kind: "article", subject: ids[0], referrer: "News.Example.com" })).status).toBe(
      204,
    );
    expect((await beacon({ kind: "article", subject: ids[0] }, { address: "127.0.0.3" })).status).toBe(204);
    expect(
      (await beacon({ kind: "collection", subject: unlisted.id }, { address: "127.0.0.3" })).status,
    ).toBe(204);
    expect(totals()).toEqual({ articles: 2, collections: 1, pdfs: 0 });
    const { topArticles, referrers, days } = report();
    expect(days).toHaveLength(30);
    expect(topArticles).toEqual([{ id: ids[0], title: "Story 1", opens: 2 }]);
    expect(referrers).toEqual([{ host: "news.example.com", count: 1 }]);
    const readership = t.services.readCounts.collections()[unlisted.id];
    expect(readership).toMatchObject({ opens: 1, pdfDownloads: 0, emailFirstOpen: false });
    expect(Date.parse(readership!.lastOpenedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("leaves out bots, Sec-GPC, DNT and a missing User-Agent", async () => {
    const { ids } = await setUp();
    const subject = { kind: "article", subject: ids[0] };
    const refusals: Sent[] = [
      { address: "127.0.0.2", headers: { "User-Agent": GOOGLEBOT } },
      { address: "127.0.0.3", headers: { "User-Agent": `${CHROME.replace("Chrome", "HeadlessChrome")}` } },
      { address: "127.0.0.4", headers: { "Sec-GPC": "1" } },
      { address: "127.0.0.5", headers: { DNT: "1" } },
      { address: "127.0.0.6", headers: { "User-Agent": "" } },
    ];
    for (const sent of refusals) expect((await beacon(subject, sent)).status).toBe(204);
    expect(rows()).toEqual([]);
    // Each of those addresses is still counted once it sends a browser's headers.
    expect((await beacon(subject, { address: "127.0.0.4" })).status).toBe(204);
    expect(totals().articles).toBe(1);
  });

  it("does not count the owner's own visits", async () => {
    const { ids, unlisted, cookie } = await setUp();
    for (const json of [
      { kind: "article", subject: ids[0] },
      { kind: "collection", subject: unlisted.id },
    ])
      expect((await beacon(json, { headers: { Cookie: cookie } })).status).toBe(204);
    expect(rows()).toEqual([]);
    expect(t.services.readCounts.collections()[unlisted.id]).toBeUndefined();
  });

  it("counts a repeated beacon once per address, and at most 60 an hour from one address", async () => {
    const { ids } = await setUp(61);
    for (let i = 0; i < 3; i++) await beacon({ kind: "article", subject: ids[0] });
    expect(totals().articles).toBe(1);
    // Another address opening the same article is another reader.
    await beacon({ kind: "article", subject: ids[0] }, { address: "127.0.0.3" });
    expect(totals().articles).toBe(2);
    for (const id of ids.slice(1)) await beacon({ kind: "article", subject: id });
    expect(totals().articles).toBe(61);
    await beacon({ kind: "article", subject: ids[1] }, { address: "127.0.0.3" });
    expect(totals().articles).toBe(62);
  });

  it("counts at most 60 an hour from one IPv6 /56, whichever /64s it sends from, and 300 from one /48", async () => {
    const { ids } = await setUp(1);
    const from = (group: number) => ({ address: `2001:db8:7:${group.toString(16)}::1` });
    // 2001:db8:7::/48 holds 256 /56s (the fourth group's first byte), each of 256 /64s.
    for (let n = 0; n < 61; n++) await beacon({ kind: "article", subject: ids[0] }, from(n));
    expect(totals().articles).toBe(60);
    for (let household = 1; household < 6; household++) {
      for (let n = 0; n < 61; n++)
        await beacon({ kind: "article", subject: ids[0] }, from((household << 8) | n));
    }
    expect(totals().articles).toBe(300);
    await beacon({ kind: "article", subject: ids[0] }, from(0x600));
    expect(totals().articles).toBe(300);
    // Another /48 is another network.
    await beacon({ kind: "article", subject: ids[0] }, { address: "2001:db8:8::1" });
    expect(totals().articles).toBe(301);
  });

  it("names a referring site only for a public host name, and a few new ones an hour per network", async () => {
    const { ids } = await setUp(10);
    const open = async (n: number, referrer: string, address = "127.0.0.2") =>
      expect((await beacon({ kind: "article", subject: ids[n], referrer }, { address })).status).toBe(204);
    await open(0, "made-up-host");
    await open(1, "desk.invalid");
    await open(2, "203.0.113.9");
    await open(3, "co.uk");
    for (let n = 1; n <= 6; n++) await open(3 + n, `site-${n}.example.com`);
    expect(totals().articles).toBe(10);
    const named = () =>
      report()
        .referrers.map((referrer) => referrer.host)
        .sort();
    expect(named()).toEqual([1, 2, 3, 4, 5].map((n) => `site-${n}.example.com`));
    // A site this address named already is named again; another address names its own.
    await open(0, "site-1.example.com", "127.0.0.3");
    await open(1, "site-6.example.com", "127.0.0.3");
    expect(report().referrers).toEqual(
      expect.arrayContaining([
        { host: "site-1.example.com", count: 2 },
        { host: "site-6.example.com", count: 1 },
      ]),
    );
  });

  it("counts nothing for a private collection, an unknown article or a cross-site request", async () => {
    const { hidden } = await setUp();
    expect((await beacon({ kind: "collection", subject: hidden.id })).status).toBe(204);
    expect((await beacon({ kind: "article", subject: "no-such-article" })).status).toBe(204);
    const crossSite = await beacon(
      { kind: "collection", subject: hidden.id },
      { headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://elsewhere.example" } },
    );
    expect(crossSite.status).toBe(403);
    expect(rows()).toEqual([]);
  });

  it("refuses invalid bodies and changes nothing", async () => {
    const { ids } = await setUp();
    const invalid: Sent[] = [
      { body: "not json" },
      { body: JSON.stringify({ kind: "download", subject: ids[0] }) },
      { body: JSON.stringify({ kind: "article" }) },
      { body: JSON.stringify({ kind: "article", subject: ids[0], extra: 1 }) },
      { body: JSON.stringify({ kind: "article", subject: ids[0], referrer: "https://news.example/a?b=c" }) },
      { body: JSON.stringify({ kind: "article", subject: "x".repeat(101) }) },
    ];
    for (const sent of invalid) expect((await beacon(undefined, sent)).status).toBe(400);
    const huge = await beacon(undefined, {
      body: JSON.stringify({ kind: "article", subject: ids[0], pad: "x".repeat(2000) }),
    });
    expect(huge.status).toBe(413);
    expect(rows()).toEqual([]);
    // Refused bodies took no place in the repeat window: the same address is counted next.
    await beacon({ kind: "article", subject: ids[0] });
    expect(totals().articles).toBe(1);
  });

  it("stores no address, user agent or full referring address anywhere", async () => {
    const { ids, unlisted } = await setUp();
    const referer = "https://news.example.com/secret-path-5521?utm=x";
    await beacon(
      { kind: "article", subject: ids[0], referrer: "news.example.com" },
      { address: "127.0.0.97", headers: { Referer: referer, "X-Forwarded-For": "203.0.113.77" } },
    );
    await beacon(
      { kind: "collection", subject: unlisted.id, referrer: "news.example.com" },
      { address: "127.0.0.97", headers: { Referer: referer } },
    );
    expect(totals()).toMatchObject({ articles: 1, collections: 1 });
    const { sqlite } = t.services.store;
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table'")
      .all()
      .map((row) => (row as { name: string }).name);
    const everything = JSON.stringify(tables.map((name) => sqlite.prepare(`select * from "${name}"`).all()));
    for (const identifying of ["127.0.0.97", "203.0.113.77", "marker-ua-7731", "secret-path-5521", "utm="])
      expect(everything).not.toContain(identifying);
    expect(rows()).toEqual(
      expect.arrayContaining([
        {
          day: expect.any(String),
          kind: "article",
          subject: ids[0],
          referrer_host: "news.example.com",
          count: 1,
        },
      ]),
    );
    expect(Object.keys(rows()[0] as object).sort()).toEqual([
      "count",
      "day",
      "kind",
      "referrer_host",
      "subject",
    ]);
  });

  it("leaves cached public pages cached", async () => {
    const { ids } = await setUp();
    await t.request("/");
    expect((await t.request("/")).headers.get("x-page-cache")).toBe("hit");
    await beacon({ kind: "article", subject: ids[0] });
    expect(totals().articles).toBe(1);
    expect((await t.request("/")).headers.get("x-page-cache")).toBe("hit");
  });
});

describe("a collection's PDF downloads", () => {
  it("counts a visitor's download through its link under the same rules as an opening", async () => {
    const { unlisted, hidden, owner, cookie } = await setUp();
    const download = (path: string, address: string, headers: Record<string, string> = {}) =>
      t.app.request(
        `${ORIGIN}${path}`,
        { headers: { "User-Agent": CHROME, ...headers } },
        { incoming: { socket: { remoteAddress: address } } },
      );
    const link = unlistedClipBookPath(unlisted.token);
    expect((await download(link, "127.0.0.2")).status).toBe(200);
    expect((await download(link, "127.0.0.2")).status).toBe(200);
    expect((await download(link, "127.0.0.3", { Cookie: cookie })).status).toBe(200);
    expect((await download(link, "127.0.0.4", { "User-Agent": GOOGLEBOT })).status).toBe(200);
    expect((await download(link, "127.0.0.5", { "Sec-GPC": "1" })).status).toBe(200);
    expect((await download(`${link}?size=a3`, "127.0.0.6")).status).toBe(400);
    expect((await download(unlistedClipBookPath(hidden.token), "127.0.0.7")).status).toBe(404);
    expect((await owner(collectionClipBookPath(unlisted.id))).status).toBe(200);
    expect(totals()).toEqual({ articles: 0, collections: 0, pdfs: 1 });
    expect(t.services.readCounts.collections()[unlisted.id]).toMatchObject({ opens: 0, pdfDownloads: 1 });
  });
});

describe("the first-opening e-mail", () => {
  const notices = () =>
    t.services.store.sqlite
      .prepare("select subject, message from contact_messages where kind = 'notice'")
      .all() as { subject: string; message: string }[];

  it("is queued once, at the first opening counted while it is on, for the owner only to switch", async () => {
    const { unlisted, owner } = await setUp();
    const path = `/api/readers/collections/${unlisted.id}`;
    expect((await t.request(path, { method: "PUT", json: { emailFirstOpen: true } })).status).toBe(401);
    expect((await owner(path, { method: "PUT", json: { emailFirstOpen: "yes" } })).status).toBe(400);
    expect(
      (await owner("/api/readers/collections/nope", { method: "PUT", json: { emailFirstOpen: true } }))
        .status,
    ).toBe(404);
    expect((await owner(path, { method: "PUT", json: { emailFirstOpen: true } })).status).toBe(204);
    expect(t.services.readCounts.collections()[unlisted.id]).toMatchObject({
      emailFirstOpen: true,
      opens: 0,
      emailed: false,
    });
    await beacon({ kind: "collection", subject: unlisted.id });
    await beacon({ kind: "collection", subject: unlisted.id }, { address: "127.0.0.3" });
    expect(notices()).toHaveLength(1);
    expect(notices()[0]!.subject).toBe("“For the desk (unlisted)” was opened");
    expect(notices()[0]!.message).toContain(`/c/${unlisted.token}`);
    expect(t.services.readCounts.collections()[unlisted.id]).toMatchObject({ opens: 2, emailed: true });
  });

  it("is not sent when the switch is off", async () => {
    const { unlisted } = await setUp();
    await beacon({ kind: "collection", subject: unlisted.id });
    expect(notices()).toEqual([]);
  });
});
