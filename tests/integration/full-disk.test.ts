import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { articlePage, startFakePublisher, type FakePublisher } from "../e2e/support/fake-publisher";
import { articleWaczPath } from "../../src/domain/web-archive";
import { isDiskFull } from "../../src/server/kernel/disk/disk-full";
import { safeFetch } from "../../src/server/kernel/fetch/safe-fetch";
import { mirrorUploads } from "../../src/server/uploads/uploads-backup";
import { smallDisk, type SmallDisk } from "../support/small-disk";
import { startSmtpInbox, type SmtpInbox } from "./support/contact-smtp-inbox";
import { createTestApp, ORIGIN, type TestApp } from "./support/test-app";

/**
 * Issue 41 on a data directory that really fills (a tmpfs this test mounts, or the fallbacks of
 * tests/support/small-disk.ts where no mount is allowed): each write refuses with disk_full,
 * leaves no partial file and no orphan row, and succeeds once space is freed.
 */

const DISK_FULL = {
  error: {
    code: "disk_full",
    message: "The server's disk is full: nothing was saved. Free some space, then save again.",
  },
};
// Each write below needs new pages in the database (a long text), as any write does on a real
// full disk, so the max_page_count fallback refuses it too.
const LONG = "The harbour pilots' letter, quoted in full. ".repeat(300);
const MESSAGE = {
  name: "Zoë Okafor",
  email: "zoe@example.org",
  subject: "Leaked minutes",
  message: `I have the minutes of Tuesday's meeting. ${"Call me after six. ".repeat(250)}`,
};

let disk: SmallDisk;
let app: TestApp;
let owner: Awaited<ReturnType<TestApp["signIn"]>>["owner"];
let inbox: SmtpInbox | undefined;

async function boot(env: Record<string, string> = {}, now?: () => Date) {
  app = await createTestApp(
    {
      DATA_DIR: disk.dir,
      DISK_FLOOR_MB: "1",
      DISK_WARN_MB: "4",
      DISK_WARN_PERCENT: "50",
      FETCH_ALLOW_PRIVATE: "true",
      ...env,
    },
    { now },
  );
  owner = (await app.signIn()).owner;
}

const fill = () => disk.fill(app.services.store.sqlite);
const free = () => disk.free(app.services.store.sqlite);
/** Every file under `dir`, temporary ones included. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).sort() : [];

/**
 * Space low, not gone: a file takes some, and the warning is set above what is left by half that
 * file, so deleting the file brings the space back (a margin for other writers where the fallback
 * shares the machine's disk).
 */
function makeSpaceLow(): { other: string; warnMb: string } {
  const takenMb = disk.kind === "tmpfs" ? 4 : 64;
  const other = path.join(disk.dir, "other.bin");
  fs.writeFileSync(other, Buffer.alloc(takenMb * 1024 * 1024, 1));
  const { bavail, bsize } = fs.statfsSync(disk.dir);
  return { other, warnMb: String(Math.floor((bavail * bsize) / 1024 / 1024) + takenMb / 2) };
}

const addArticle = (title: string, url = "https://example.org/a") =>
  owner("/api/articles", {
    method: "POST",
    json: { title, outlet: "The Coast Gazette", url, date: "2026-03-05", content: LONG },
  });
const sendContact = () =>
  app.request("/api/contact", {
    method: "POST",
    headers: { Origin: ORIGIN },
    json: MESSAGE,
  });

beforeEach(() => {
  disk = smallDisk(16);
});
afterEach(async () => {
  await app.services.contact.stop();
  app.close();
  await inbox?.stop();
  inbox = undefined;
  disk.remove();
});

describe(`a full disk`, () => {
  it("refuses to save an article with 507 disk_full, stores nothing, and saves once space is freed", async () => {
    await boot();
    const before = app.services.content.articles.list().length;
    fill();
    const refused = await addArticle("Pilots warn of night-time gaps");
    expect(refused.status).toBe(507);
    expect(await refused.json()).toEqual(DISK_FULL);
    expect(app.services.content.articles.list()).toHaveLength(before);
    expect(app.services.store.sqlite.pragma("integrity_check", { simple: true })).toBe("ok");

    free();
    expect((await addArticle("Pilots warn of night-time gaps")).status).toBe(201);
    expect(app.services.content.articles.list()).toHaveLength(before + 1);
  });

  it("makes /healthz answer 503 with the reason while writes cannot succeed, and 200 after", async () => {
    await boot();
    const healthy = await app.request("/healthz");
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toMatchObject({
      ok: true,
      database: "ok",
      disk: { freeBytes: expect.any(Number) },
    });

    fill();
    const full = await app.request("/healthz");
    expect(full.status).toBe(503);
    const body = (await full.json()) as { ok: boolean; reason: string };
    expect(body.ok).toBe(false);
    expect(body.reason).toMatch(/free|size limit|test write/);

    free();
    const again = await app.request("/healthz");
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ ok: true });
  });

  it("holds a visitor's message when no mail is set up, and stores it as soon as a write succeeds again", async () => {
    await boot();
    fill();
    const answer = await sendContact();
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({
      ok: true,
      delivery: "held",
      note: "It is held safely and will be saved within minutes.",
    });
    expect(app.services.contact.messages.list()).toHaveLength(0);
    expect(app.services.contact.heldCount()).toBe(1);

    free();
    expect((await addArticle("Space again")).status).toBe(201);
    await new Promise((resolve) => setImmediate(resolve));
    const stored = app.services.contact.messages.list();
    expect(stored.map((message) => message.subject)).toEqual([MESSAGE.subject]);
    expect(app.services.contact.heldCount()).toBe(0);
  });

  it("e-mails a visitor's message at once over SMTP when the database cannot take it", async () => {
    inbox = await startSmtpInbox();
    await boot({ SMTP_URL: inbox.url, CONTACT_TO: "morgan@byline.test" });
    fill();
    const answer = await sendContact();
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({
      delivery: "mailed",
      note: "It was sent on by e-mail at once.",
    });
    expect(inbox.mails).toHaveLength(1);
    expect(inbox.mails[0]!.envelopeTo).toEqual(["morgan@byline.test"]);
    expect(inbox.mails[0]!.text).toContain("Call me after six.");
    expect(inbox.mails[0]!.text).toContain("this e-mail is the only copy of the message");
    free();
    expect(app.services.contact.messages.list()).toHaveLength(0);
  });

  it("refuses an upload with 507, leaves no file behind, and takes it once space is freed", async () => {
    await boot();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    const upload = () => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "pilots.png");
      return owner("/api/uploads", { method: "POST", body: form });
    };
    fill();
    const refused = await upload();
    expect(refused.status).toBe(507);
    expect(await refused.json()).toEqual(DISK_FULL);
    expect(filesUnder(path.join(disk.dir, "uploads"))).toEqual([]);

    free();
    expect((await upload()).status).toBe(201);
    expect(filesUnder(path.join(disk.dir, "uploads"))).toHaveLength(1);
  });

  describe("web archive", () => {
    let publisher: FakePublisher;
    beforeEach(async () => {
      publisher = await startFakePublisher();
      publisher.route("/pilots", {
        body: articlePage({
          title: "Pilots",
          author: "Jane Doe",
          published: "2026-03-05T09:00:00Z",
          image: "",
          blocks: [LONG],
        }),
      });
    });
    afterEach(() => publisher.close());

    it("refuses a capture and its WACZ on a full disk with no partial file and no orphan row, then makes both", async () => {
      await boot();
      const created = await addArticle("Pilots", publisher.url("/pilots"));
      const { id } = (await created.json()) as { id: string };
      await app.services.pageReading.idle();
      const warcs = path.join(disk.dir, "archive", "warc");
      const page = await safeFetch(publisher.url("/pilots"), { allowPrivate: true });
      await app.services.webArchive.capture(id, page, page.url, "");
      const existing = app.services.webArchive.captures.all().length;

      fill();
      const error = await app.services.webArchive
        .capture(id, page, page.url, "")
        .catch((caught: unknown) => caught);
      expect(isDiskFull(error)).toBe(true);
      expect(app.services.webArchive.captures.all()).toHaveLength(existing);
      expect(filesUnder(warcs).filter((name) => !name.endsWith(".warc.gz"))).toEqual([]);
      expect(filesUnder(warcs)).toHaveLength(existing);
      const refused = await owner(articleWaczPath(id));
      expect(refused.status).toBe(507);
      expect(await refused.json()).toEqual(DISK_FULL);
      expect(filesUnder(path.join(disk.dir, "archive", "wacz"))).toEqual([]);

      free();
      await app.services.webArchive.capture(id, page, page.url, "");
      expect(app.services.webArchive.captures.all()).toHaveLength(existing + 1);
      const wacz = await owner(articleWaczPath(id));
      expect(wacz.status).toBe(200);
      await wacz.arrayBuffer(); // the file's stream closed, so the disk can be unmounted
      expect(filesUnder(path.join(disk.dir, "archive", "wacz"))).toHaveLength(1);
    });
  });

  it("lets background captures and the Wayback queue wait while space is low, and go on once there is more", async () => {
    const publisher = await startFakePublisher();
    publisher.route("/pilots", {
      body: articlePage({
        title: "Pilots",
        author: "Jane Doe",
        published: "2026-03-05T09:00:00Z",
        image: "",
        blocks: [LONG],
      }),
    });
    try {
      const { other, warnMb } = makeSpaceLow();
      await boot({ DISK_WARN_MB: warnMb, DISK_WARN_PERCENT: "90" });
      const { id } = (await (await addArticle("Pilots", publisher.url("/pilots"))).json()) as { id: string };
      await app.services.pageReading.idle();
      await app.services.wayback.idle();
      const before = app.services.webArchive.captures.all().length;
      expect(app.services.disk.lowSpaceReason()).toMatch(/^Only .* free/);

      app.services.pageReading.keepLater([id]);
      await app.services.pageReading.idle();
      await app.services.wayback.runDue();
      expect(app.services.webArchive.captures.all()).toHaveLength(before);
      expect(app.services.wayback.report().articles).toEqual({});

      fs.rmSync(other);
      expect(app.services.disk.lowSpaceReason()).toBeUndefined();
      app.services.pageReading.keepLater([]);
      await app.services.pageReading.idle();
      await app.services.wayback.runDue();
      expect(app.services.webArchive.captures.all()).toHaveLength(before + 1);
      expect(Object.keys(app.services.wayback.report().articles)).toContain(id);
    } finally {
      await publisher.close();
    }
  });

  it("warns on Home while space is low, with what each part takes, and e-mails the owner once a day", async () => {
    inbox = await startSmtpInbox();
    const clock = { now: Date.parse("2026-05-01T09:00:00Z") };
    const { other, warnMb } = makeSpaceLow();
    await boot(
      {
        SMTP_URL: inbox.url,
        CONTACT_TO: "morgan@byline.test",
        DISK_WARN_MB: warnMb,
        DISK_WARN_PERCENT: "90",
      },
      () => new Date(clock.now),
    );
    app.services.contact.start();
    await app.services.uploads.store(
      await sharp({ create: { width: 32, height: 32, channels: 3, background: "#33c" } })
        .png()
        .toBuffer(),
      "png",
    );
    const home = async () => {
      const response = await owner("/api/home");
      expect(response.status).toBe(200);
      await app.services.contact.queue!.idle();
      return ((await response.json()) as { disk: { low: string | null; usage: Record<string, number> } })
        .disk;
    };

    const first = await home();
    expect(first.low).toMatch(/^Only .* free on the data directory's disk/);
    expect(first.usage.uploads).toBeGreaterThan(0);
    expect(Object.keys(first.usage).sort()).toEqual(["backups", "captures", "imageCache", "uploads"]);
    await home();
    const notices = () =>
      inbox!.mails.filter((mail) => mail.headers.subject?.includes("disk is nearly full"));
    expect(notices()).toHaveLength(1);
    expect(notices()[0]!.envelopeTo).toEqual(["morgan@byline.test"]);

    clock.now += 25 * 60 * 60 * 1000;
    await home();
    expect(notices()).toHaveLength(2);

    fs.rmSync(other);
  });

  it("keeps captures within CAPTURES_MB by deleting the oldest of an article that has a newer one, never an article's only capture", async () => {
    const publisher = await startFakePublisher();
    // Incompressible text: each capture of it takes about 600 KB on disk.
    const noise = () => randomBytes(450 * 1024).toString("base64");
    publisher.route("/first", { body: `<html><body><p>${noise()}</p></body></html>` });
    publisher.route("/second", { body: `<html><body><p>${noise()}</p></body></html>` });
    try {
      await boot({ CAPTURES_MB: "1" });
      const idOf = async (title: string, url: string) =>
        ((await (await addArticle(title, url)).json()) as { id: string }).id;
      const first = await idOf("First", publisher.url("/first"));
      const second = await idOf("Second", publisher.url("/second"));
      await app.services.pageReading.idle();
      const capture = async (id: string, url: string) => {
        const page = await safeFetch(url, { allowPrivate: true });
        return (await app.services.webArchive.capture(id, page, page.url, "")).id;
      };
      await capture(first, publisher.url("/first"));
      const newestOfFirst = await capture(first, publisher.url("/first"));
      const onlyOfSecond = await capture(second, publisher.url("/second"));

      const kept = app.services.webArchive.captures.all();
      // Over 1 MB with three; the first article's older capture went, each article keeps its newest.
      expect(kept.map((found) => found.id).sort()).toEqual([newestOfFirst, onlyOfSecond].sort());
      expect(filesUnder(path.join(disk.dir, "archive", "warc")).sort()).toEqual(
        kept.map((found) => found.file).sort(),
      );
    } finally {
      await publisher.close();
    }
  });

  it("leaves no half-copied upload in a backup made on a full disk", async () => {
    await boot();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3c3" } })
      .png()
      .toBuffer();
    await app.services.uploads.store(png, "png");
    const target = path.join(disk.dir, "backups", "byline-2026-05-01T031500Z", "uploads");
    fs.mkdirSync(target, { recursive: true });
    fill();
    const error = await mirrorUploads(app.services.uploads, target).catch((caught: unknown) => caught);
    expect(isDiskFull(error)).toBe(true);
    expect(filesUnder(target)).toEqual([]);
    free();
    expect(await mirrorUploads(app.services.uploads, target)).toBe(1);
    expect(filesUnder(target)).toHaveLength(1);
  });
});
