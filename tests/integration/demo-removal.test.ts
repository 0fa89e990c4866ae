import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { AppLoadContext } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ClipCollection } from "../../src/domain/collections";
import type { Article, Experience } from "../../src/domain/content";
import { DEMO_SITE } from "../../src/domain/demo-site";
import { homeSummarySchema } from "../../src/domain/home";
import { NO_RECIPIENT } from "../../src/server/contact/delivery-queue";
import type { ChangeEvent } from "../../src/server/kernel/db/open-database";
import { ContactSection } from "../../src/web/features/contact/contact-section";
import { collectionPageData } from "../../src/web/features/collection-page/collection-page-data";
import { startSmtpInbox, type SmtpInbox } from "./support/contact-smtp-inbox";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * The demo (issue 37): once the owner has saved their own name, none of the demo's contact values
 * reaches the clip book, a collection page or a mail; 'Remove the demo' takes out the demo and
 * leaves the owner's own, in one write; the demo's `.example` links are never checked.
 */
const DEMO_EMAIL = DEMO_SITE.social.email;
const DEMO_LINKEDIN = DEMO_SITE.social.linkedin;

let t: TestApp | undefined;
let inbox: SmtpInbox | undefined;
afterEach(async () => {
  await t?.services.contact.stop();
  t?.close();
  t = undefined;
  await inbox?.stop();
  inbox = undefined;
});

const clock = { now: Date.parse("2026-05-01T09:00:00Z") };

async function demoSite(env: Record<string, string> = {}) {
  clock.now = Date.parse("2026-05-01T09:00:00Z");
  t = await createTestApp({ SEED_DEMO: "true", ...env }, { now: () => new Date(clock.now) });
  return { t, ...(await t.signIn()) };
}

const contactLine = (text: string) => text.includes(DEMO_EMAIL) || text.includes(DEMO_LINKEDIN);

describe("the demo's leftovers once the site is the owner's", () => {
  it("the clip book's cover prints neither the demo's e-mail nor its LinkedIn nor its biography", async () => {
    const { owner, t } = await demoSite();
    const before = await owner("/clip-book.pdf?text=excerpt");
    expect(before.status).toBe(200);
    const pdf = path.join(t.dataDir, "book.pdf");
    fs.writeFileSync(pdf, Buffer.from(await before.arrayBuffer()));
    // The demo itself may show its own contact details.
    expect(execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" })).toContain(DEMO_EMAIL);

    expect((await owner("/api/site", { method: "PUT", json: { name: "Ada Reporter" } })).status).toBe(200);
    const after = await owner("/clip-book.pdf?text=excerpt");
    expect(after.status).toBe(200);
    fs.writeFileSync(pdf, Buffer.from(await after.arrayBuffer()));
    const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain("Ada Reporter");
    expect(contactLine(text)).toBe(false);
    expect(text).not.toContain("fictional freelance journalist");
    expect(execFileSync("qpdf", ["--json", "--json-key=qpdf", pdf], { encoding: "utf8" })).not.toContain(
      DEMO_EMAIL,
    );
  });

  it("a collection page's contact buttons and the public settings drop the demo's e-mail and LinkedIn", async () => {
    const { owner, t } = await demoSite();
    await owner("/api/site", { method: "PUT", json: { name: "Ada Reporter" } });
    const ids = t.services.content.articles.list().map((article) => article.id);
    const created = await owner("/api/collections", {
      method: "POST",
      json: { title: "For editors", visibility: "unlisted", articleIds: ids.slice(0, 2) },
    });
    expect(created.status).toBe(201);
    const collection = (await created.json()) as ClipCollection;
    const found = t.services.collections.get(collection.id);
    expect(found?.token).toBeTruthy();
    const context = {
      content: {
        site: () => t.services.content.site.get(),
        collectionByToken: () => undefined,
      },
      imageVersion: () => undefined,
    } as unknown as AppLoadContext;
    const data = collectionPageData(context, { collection: { ...collection }, articles: [] });
    const html = renderToString(
      createElement(ContactSection, { site: data.site, onExplorePortfolio: () => {} }),
    );
    expect(html).toContain("Get In Touch");
    expect(contactLine(html)).toBe(false);
    const visitor = await (await t.request("/api/site")).text();
    expect(contactLine(visitor)).toBe(false);
    expect(visitor).toContain("Ada Reporter");
  });

  it("with CONTACT_TO unset, contact mail and notices never go to the demo's e-mail, and go to the owner's once set", async () => {
    inbox = await startSmtpInbox();
    const { owner, t } = await demoSite({ SMTP_URL: inbox.url, MAIL_FROM: "Byline <site@byline.test>" });
    await owner("/api/site", { method: "PUT", json: { name: "Ada Reporter" } });
    const sent = await t.request("/api/contact", {
      method: "POST",
      headers: { Origin: "http://localhost:3000" },
      json: { name: "Zoë", email: "zoe@example.org", subject: "Minutes", message: "Call me." },
    });
    expect(sent.status).toBe(202);
    expect(t.services.contact.notifyOwner({ subject: "2 new clips wait", text: "See the dashboard." })).toBe(
      true,
    );
    const queue = t.services.contact.queue!;
    await queue.idle();
    expect(inbox.mails).toHaveLength(0);
    const [message] = t.services.contact.messages.list();
    expect(message).toMatchObject({ status: "queued", lastError: NO_RECIPIENT });

    await owner("/api/site", { method: "PUT", json: { social: { email: "ada@byline.test" } } });
    const summary = homeSummarySchema.parse(await (await owner("/api/home")).json());
    expect(summary.contactTo).toBe("ada@byline.test");
    clock.now += 3_600_000;
    await queue.runDue();
    await inbox.waitFor((mail) => mail.headers["subject"] === "Portfolio contact: Minutes");
    await inbox.waitFor((mail) => mail.headers["subject"] === "2 new clips wait");
    for (const mail of inbox.mails) expect(mail.envelopeTo).toEqual(["ada@byline.test"]);
  });
});

describe("Remove the demo", () => {
  it("takes out every demo article, experience, education entry, outlet and contact value in one write, and keeps the owner's own", async () => {
    const { owner, t } = await demoSite();
    const { content, store } = t.services;
    const demoCounts = {
      articles: content.articles.list().length,
      experiences: content.experiences.list().length,
      education: content.education.list().length,
    };
    expect(demoCounts.articles).toBeGreaterThan(0);
    const home = homeSummarySchema.parse(await (await owner("/api/home")).json());
    expect(home.demo).toEqual({ ...demoCounts, settings: true });
    expect(home.checklist).toEqual({
      identity: false,
      contact: false,
      photo: false,
      links: false,
      clips: false,
      demoRemoved: false,
    });

    // The owner's own: an article, an experience, a demo experience made theirs, and an outlet.
    const mine = (await (
      await owner("/api/articles", {
        method: "POST",
        json: { title: "My own story", outlet: "The Real Paper", url: "https://real.test/story" },
      })
    ).json()) as Article;
    const demoExperience = content.experiences.list()[0] as Experience;
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = demoExperience;
    await owner(`/api/experiences/${demoExperience.id}`, {
      method: "PUT",
      json: { ...input, organization: "My own newsroom" },
    });
    await owner("/api/site", {
      method: "PUT",
      json: { featuredOutlets: [...DEMO_SITE.featuredOutlets, "The Real Paper"] },
    });

    const events: ChangeEvent[] = [];
    const stop = store.onChange((event) => events.push(event));
    const removed = await owner("/api/demo", { method: "DELETE" });
    stop();
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({
      articles: demoCounts.articles,
      experiences: demoCounts.experiences - 1,
      education: demoCounts.education,
      settings: true,
    });
    // One write: one transaction, its changes numbered one after another.
    expect(events.map((event) => event.topic).sort()).toEqual([
      "articles",
      "education",
      "experiences",
      "site",
    ]);
    const seqs = events.map((event) => event.seq).sort((a, b) => a - b);
    expect(seqs.at(-1)! - seqs[0]!).toBe(3);

    expect(content.articles.list().map((article) => article.id)).toEqual([mine.id]);
    expect(content.experiences.list().map((item) => item.organization)).toEqual(["My own newsroom"]);
    expect(content.education.list()).toEqual([]);
    const site = content.site.get();
    expect(site.social).toEqual({ email: "", linkedin: "" });
    expect(site.featuredOutlets).toEqual(["The Real Paper"]);
    expect(site.about).toBe("");
    expect(site.heroImage).toBe("");

    const after = homeSummarySchema.parse(await (await owner("/api/home")).json());
    expect(after.demo).toEqual({ articles: 0, experiences: 0, education: 0, settings: false });
    expect(after.checklist).toMatchObject({ clips: true, demoRemoved: true });
    // Nothing left: a second removal removes nothing.
    expect(await (await owner("/api/demo", { method: "DELETE" })).json()).toEqual(after.demo);
  });

  it("is the owner's alone, behind the CSRF check", async () => {
    const { owner, t } = await demoSite();
    const before = t.services.content.articles.list().length;
    expect((await t.request("/api/demo", { method: "DELETE" })).status).toBe(401);
    expect((await t.request("/api/home")).status).toBe(401);
    expect(
      (await owner("/api/demo", { method: "DELETE", headers: { "X-CSRF-Token": "wrong" } })).status,
    ).toBe(403);
    expect(t.services.content.articles.list()).toHaveLength(before);
  });

  it("leaves the demo's .example addresses out of the link check", async () => {
    const { t } = await demoSite();
    t.services.linkHealth.runNow();
    await t.services.linkHealth.idle();
    expect(t.services.linkHealth.report().run).toMatchObject({ total: 0, checked: 0 });
    // A check recorded by an earlier version, which did check them, no longer counts as broken.
    const [demo] = t.services.content.articles.list();
    t.services.store.sqlite
      .prepare(
        "insert into link_checks (article_id, url, status, checked_at) values (?, ?, 'unreachable', ?)",
      )
      .run(demo!.id, demo!.url, new Date().toISOString());
    expect(t.services.linkHealth.report().articles[demo!.id]?.status).toBeNull();
    const { owner } = await t.signIn();
    expect(homeSummarySchema.parse(await (await owner("/api/home")).json()).needs.brokenLinks).toBe(0);
  });
});
