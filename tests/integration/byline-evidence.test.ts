import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Article } from "../../src/domain/content";
import { createTestApp, type TestApp } from "./support/test-app";
import { startWatchedOutlet, type Story, type WatchedOutlet } from "./support/watched-outlet";

// Byline evidence (issue 39): Archive now reads each clip's page through the one capture path
// (page reading → web archive), and what the page says of its author is kept with the capture;
// the watched feed that lists the clips is their outlet's witness.

const OWNER_NAME = "Morgan Hale";
let t: TestApp | undefined;
let outlet: WatchedOutlet | undefined;

afterEach(async () => {
  await t?.services.watch.stop();
  await t?.services.pageReading.stop();
  await outlet?.close();
  t?.close();
  t = undefined;
  outlet = undefined;
});

const story = (slug: string, authorIn: Story["authorIn"]): Story => ({
  path: `/news/${slug}`,
  title: `The ${slug.replace(/-/g, " ")}`,
  author: OWNER_NAME,
  authorIn,
});

describe("byline evidence through the capture path", () => {
  it("records where each outlet's page names the owner, or that it does not, and the feed that lists it", async () => {
    t = await createTestApp({ FETCH_ALLOW_PRIVATE: "true", LINK_CHECK_PAUSE_MS: "0" });
    t.services.content.site.merge({ name: OWNER_NAME, bylines: [] });
    const { owner } = await t.signIn();
    outlet = await startWatchedOutlet();
    outlet.robots("User-agent: *\nAllow: /\n");
    const stories = [
      story("ferry-timetable", "json-ld"),
      story("harbour-dues", "meta"),
      story("lock-keepers", "byline"),
      story("desk-roundup", "none"),
    ];
    for (const one of stories) outlet.publish(one);

    const tooLong = await owner("/api/articles", {
      method: "POST",
      json: { title: "T", outlet: "Courier", url: outlet.url("/news/x"), bylineNote: "x".repeat(201) },
    });
    expect(tooLong.status).toBe(400);
    expect(t.services.content.articles.list()).toHaveLength(0);

    const ids: string[] = [];
    for (const one of stories) {
      const created = await owner("/api/articles", {
        method: "POST",
        json: {
          title: one.title,
          outlet: "The Estuary Courier",
          url: outlet.url(one.path),
          ...(one.authorIn === "none" && { bylineNote: "edited by the desk" }),
        },
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as Article;
      ids.push(id);
      expect((await owner(`/api/articles/${id}/archive`, { method: "POST" })).status).toBe(200);
    }

    const proofLine = async (id: string) =>
      ((await (await t!.request(`/api/articles/${id}/capture`)).json()) as { byline?: unknown }).byline;
    expect(await proofLine(ids[0]!)).toEqual({ text: OWNER_NAME, place: "json-ld" });
    expect(await proofLine(ids[1]!)).toEqual({ text: OWNER_NAME, place: "meta" });
    expect(await proofLine(ids[2]!)).toEqual({ text: OWNER_NAME, place: "byline" });
    expect(await proofLine(ids[3]!)).toBeUndefined();

    outlet.feed(
      "/authors/morgan-hale.xml",
      stories.slice(0, 3).map((one) => one.path),
    );
    const watched = await owner("/api/watch/sources", {
      method: "POST",
      json: { url: outlet.url("/authors/morgan-hale.xml") },
    });
    expect(watched.status).toBe(201);
    await t.services.watch.checkNow();

    const page = t.services.proof.page();
    const byId = new Map(page.clips.map((clip) => [clip.id, clip]));
    expect(ids.map((id) => byId.get(id)!.evidence.byline)).toEqual([
      { text: OWNER_NAME, place: "json-ld" },
      { text: OWNER_NAME, place: "meta" },
      { text: OWNER_NAME, place: "byline" },
      null,
    ]);
    expect(byId.get(ids[3]!)!.evidence.note).toBe("edited by the desk");
    for (const id of ids) expect(byId.get(id)!.evidence.capture?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(ids.map((id) => byId.get(id)!.listedOn.map(({ source }) => source))).toEqual([
      [outlet.url("/authors/morgan-hale.xml")],
      [outlet.url("/authors/morgan-hale.xml")],
      [outlet.url("/authors/morgan-hale.xml")],
      [],
    ]);
    expect(page.summary).toEqual({ clips: 4, named: 3, wayback: 0, listed: 3, authorPages: 1 });
  });
});

describe("the clip book", () => {
  it("prints each clip's byline evidence and digest under it, and the proof page's address on the cover", async () => {
    t = await createTestApp({ FETCH_ALLOW_PRIVATE: "true", LINK_CHECK_PAUSE_MS: "0" });
    t.services.content.site.merge({ name: OWNER_NAME, bylines: [] });
    const { owner } = await t.signIn();
    outlet = await startWatchedOutlet();
    outlet.robots("User-agent: *\nAllow: /\n");
    const one = story("ferry-timetable", "json-ld");
    outlet.publish(one);
    const created = await owner("/api/articles", {
      method: "POST",
      json: { title: one.title, outlet: "The Estuary Courier", url: outlet.url(one.path) },
    });
    const { id } = (await created.json()) as Article;
    expect((await owner(`/api/articles/${id}/archive`, { method: "POST" })).status).toBe(200);
    const sha256 = t.services.webArchive.proof(id)!.sha256;

    const book = await owner("/clip-book.pdf");
    expect(book.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-proof-book-"));
    try {
      const file = path.join(dir, "book.pdf");
      fs.writeFileSync(file, Buffer.from(await book.arrayBuffer()));
      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
      expect(text).toContain(`Proof of authorship (the QR code) ${t.services.config.publicUrl}/proof`);
      expect(text).toContain(`Byline “${OWNER_NAME}” in the page's structured data, captured `);
      // The whole digest, however pdftotext breaks its line.
      expect(text.replace(/ /g, "")).toContain(sha256);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
