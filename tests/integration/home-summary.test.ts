import { afterEach, describe, expect, it } from "vitest";
import type { Article } from "../../src/domain/content";
import { homeSummarySchema, type HomeSummary } from "../../src/domain/home";
import { recordBackup } from "../../src/server/kernel/backup-record";
import { readChanges } from "./support/sse-reader";
import { createTestApp, ORIGIN, type TestApp } from "./support/test-app";

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

describe("GET /api/home", () => {
  it("sums up what needs the owner, the archive and the last backup, each read from its own capability", async () => {
    t = await createTestApp({ CONTACT_TO: "desk@byline.test" });
    const { owner } = await t.signIn();
    const read = async (): Promise<HomeSummary> => {
      const response = await owner("/api/home");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      return homeSummarySchema.parse(await response.json());
    };

    const empty = await read();
    expect(empty.needs).toEqual({
      newClips: 0,
      unreadMessages: 0,
      brokenLinks: 0,
      waybackFailures: 0,
      importWaiting: 0,
      importInterrupted: false,
    });
    expect(empty.backup.lastAt).toBeNull();
    expect(empty.archive).toEqual({ count: 0, lastCapturedAt: null });
    expect(empty.contactTo).toBe("desk@byline.test");
    expect(empty.checklist).toMatchObject({ contact: true, clips: false, demoRemoved: true });

    const article = (await (
      await owner("/api/articles", {
        method: "POST",
        json: { title: "Gone story", outlet: "The Paper", url: "https://paper.test/gone" },
      })
    ).json()) as Article;
    t.services.store.sqlite
      .prepare("insert into link_checks (article_id, url, status, checked_at) values (?, ?, 'gone', ?)")
      .run(article.id, article.url, new Date().toISOString());
    const sent = await t.request("/api/contact", {
      method: "POST",
      headers: { Origin: ORIGIN },
      json: { name: "Zoë", email: "zoe@example.org", subject: "Minutes", message: "Call me." },
    });
    expect(sent.status).toBe(201);
    recordBackup(t.dataDir, new Date("2026-11-20T02:00:00Z"));

    const after = await read();
    expect(after.needs).toMatchObject({ unreadMessages: 1, brokenLinks: 1 });
    expect(after.checklist.clips).toBe(true);
    expect(after.backup.lastAt).toBe("2026-11-20T02:00:00.000Z");
  });

  it("Remove the demo is one write: the owner's open streams hear one change of each collection it touched", async () => {
    t = await createTestApp({ SEED_DEMO: "true" });
    const { owner } = await t.signIn();
    const since = t.services.store.currentSeq();
    expect((await owner("/api/demo", { method: "DELETE" })).status).toBe(200);
    const stream = await owner(`/api/events?since=${since}`);
    const { events } = await readChanges(stream, 4);
    expect(events.map((event) => (event.data as { topic: string }).topic).sort()).toEqual([
      "articles",
      "education",
      "experiences",
      "site",
    ]);
  });
});
