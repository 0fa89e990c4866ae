import Database from "better-sqlite3";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { expect, perWorker, test as base } from "./support/fixtures";
import { startServer, type TestServer } from "./support/test-server";

/**
 * The dashboard's Home and its 'Make it yours' checklist (issue 37), at 1280 and 375 px: what needs
 * the owner, live; a navigation of one line; 'Remove the demo' behind its confirmation. A server
 * of its own, since the demo goes.
 */
const test = base.extend<object, { server: TestServer }>({
  server: perWorker(
    () => startServer(),
    (server) => server.stop(),
  ),
});
test.describe.configure({ mode: "serial" });

const nav = (page: Page) => page.getByRole("navigation", { name: "Sections" });
const tabs = (page: Page) => nav(page).getByRole("link");
const home = (page: Page) => page.locator(".dashboard__body");

/** The tabs' tops, rounded: one value when they sit on one line. */
async function tabRows(page: Page): Promise<number[]> {
  const tops = await tabs(page).evaluateAll((links) =>
    links.map((link) => Math.round(link.getBoundingClientRect().top)),
  );
  return [...new Set(tops)];
}

async function expectOneLine(page: Page, height: number) {
  expect(await tabRows(page)).toHaveLength(1);
  const box = (await nav(page).boundingBox())!;
  expect(box.height / height, "the navigation's share of the first screen").toBeLessThanOrEqual(0.15);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** A clip the watch found, as the watch stores it, announced like another process's write. */
function seedWaitingClip(server: TestServer) {
  const db = new Database(path.join(server.dataDir, "byline.sqlite"));
  db.pragma("busy_timeout = 5000");
  try {
    const now = new Date().toISOString();
    db.prepare(
      `insert into watch_clips (id, url, url_key, source_id, title, outlet, date, image, description, content,
        reason, found_at, status, article_id, auto_added)
       values ('home-clip', 'https://paper.test/ferry', 'paper.test/ferry', null, 'The night ferry', 'The Paper',
        '2026-11-20', '', 'Crews speak out.', '', 'Matched: Morgan Hale', ?, 'waiting', null, 0)`,
    ).run(now);
    db.prepare("insert into changes (collection, created_at) values ('watch', ?)").run(now);
  } finally {
    db.close();
  }
}

async function lineLink(page: Page, text: string): Promise<Locator> {
  const link = home(page).getByRole("link", { name: text });
  await expect(link).toBeVisible();
  return link;
}

test("Home comes first, with View site, and shows a waiting clip and an unread message as they arrive", async ({
  page,
  server,
  signIn,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Home", level: 2 })).toBeVisible();
  await expect(tabs(page).first()).toHaveText("Home");
  await expect(tabs(page).first()).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "View site" })).toHaveAttribute("href", "/");
  await expect(home(page).getByText("Nothing needs you right now.")).toBeVisible();

  // Live: a clip found by the watch and a visitor's message appear without a reload.
  seedWaitingClip(server);
  await expect(await lineLink(page, "1 new clip waits for you")).toBeVisible();
  await expect(nav(page).getByRole("link", { name: /^Clips, 1 new/ })).toBeVisible();
  const sent = await page.request.post("/api/contact", {
    data: { name: "Zoë", email: "zoe@example.org", subject: "Minutes", message: "Call me after six." },
    headers: { Origin: server.url },
  });
  expect(sent.status()).toBe(201);
  await expect(await lineLink(page, "1 new clip waits for you")).toHaveAttribute(
    "href",
    "/admin/dashboard/clips",
  );
  await expect(await lineLink(page, "1 message is unread")).toHaveAttribute(
    "href",
    "/admin/dashboard/messages",
  );
  await expect(home(page).getByText("Nothing needs you right now.")).toHaveCount(0);
  await expect(await lineLink(page, "0 articles opened in the reader this week")).toHaveAttribute(
    "href",
    "/admin/dashboard/readers",
  );
  await expect(home(page).getByText("No backup made yet")).toBeVisible();

  // Badges on Clips and Messages, and still one line.
  await expect(nav(page).getByRole("link", { name: /^Messages, 1 unread/ })).toBeVisible();
  await expectOneLine(page, 800);
  // On a desktop every tab shows, none scrolled out of sight.
  expect(await nav(page).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expectNoViolations(page, "home at 1280 px", { include: [".dashboard__tabs", ".dashboard__body"] });
  await page.screenshot({ path: test.info().outputPath("home-1280.png"), fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(await lineLink(page, "1 message is unread")).toBeVisible();
  await expectOneLine(page, 812);
  // The bar scrolls sideways; the keyboard reaches every tab, and a focused tab is scrolled into view.
  expect(await nav(page).evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  const count = await tabs(page).count();
  await tabs(page).first().focus();
  for (let i = 1; i < count; i++) await page.keyboard.press("Tab");
  const last = tabs(page).last();
  await expect(last).toBeFocused();
  const lastBox = (await last.boundingBox())!;
  expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(375);
  await expectNoViolations(page, "home at 375 px", { include: [".dashboard__tabs", ".dashboard__body"] });
  await page.screenshot({ path: test.info().outputPath("home-375.png"), fullPage: true });

  // A section opened at 375 px has its tab in view.
  await page.goto("/admin/dashboard/media");
  const media = nav(page).getByRole("link", { name: "Media" });
  await expect(media).toHaveAttribute("aria-current", "page");
  await expect(media).toBeInViewport({ ratio: 1 });
});

test("Make it yours: the checklist, and Remove the demo after its confirmation, leaving the owner's own", async ({
  page,
  server,
  signIn,
}) => {
  const named = await server.api("/api/site", { method: "PUT", json: { name: "Ada Reporter" } });
  expect(named.status).toBe(200);
  const mine = await server.api("/api/articles", {
    method: "POST",
    json: { title: "My own ferry story", outlet: "The Real Paper", url: "https://real.test/ferry" },
  });
  expect(mine.status).toBe(201);

  await page.setViewportSize({ width: 375, height: 812 });
  await signIn();
  const checklist = page.locator(".checklist");
  await expect(checklist.getByRole("heading", { name: "Make it yours" })).toBeVisible();
  await expect(checklist.getByText("2 of 6 done")).toBeVisible();
  await expect(checklist.getByRole("heading", { name: "Your name and what you do (done)" })).toBeVisible();
  await expect(checklist.getByRole("heading", { name: "Your photo (to do)" })).toBeVisible();
  await expect(
    checklist.getByText(/Still here: 12 articles, 3 experiences, 2 education entries/),
  ).toBeVisible();
  await expectNoViolations(page, "checklist at 375 px", { include: [".checklist"] });
  await checklist.screenshot({ path: test.info().outputPath("checklist-375.png") });

  await page.setViewportSize({ width: 1280, height: 800 });
  await checklist.screenshot({ path: test.info().outputPath("checklist-1280.png") });

  // Cancel removes nothing.
  await checklist.getByRole("button", { name: "Remove the demo" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove the demo?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoViolations(page, "Remove the demo confirmation", { include: ["dialog"] });
  await page.screenshot({ path: test.info().outputPath("remove-demo-dialog-1280.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(((await (await server.api("/api/articles")).json()) as unknown[]).length).toBe(13);

  await checklist.getByRole("button", { name: "Remove the demo" }).click();
  await dialog.getByRole("button", { name: "Remove it all" }).click();
  await expect(page.getByRole("status").getByText("The demo is removed", { exact: true })).toBeVisible();
  await expect(checklist.getByText("Nothing of the demo is left.")).toBeVisible();
  await expect(checklist.getByRole("heading", { name: "Remove the demo (done)" })).toBeVisible();
  await expect(checklist.getByRole("heading", { name: "Your first clips (done)" })).toBeVisible();

  const articles = (await (await server.api("/api/articles")).json()) as { title: string }[];
  expect(articles.map((article) => article.title)).toEqual(["My own ferry story"]);
  for (const address of ["/", "/feed.xml", "/sitemap.xml"]) {
    const body = await (await fetch(`${server.url}${address}`)).text();
    for (const demo of ["Morgan", "morgan@example.com", "example-morgan-hale", "meridianherald", "Wend"])
      expect(body, `${address}: ${demo}`).not.toContain(demo);
  }
  expect(await (await fetch(server.url)).text()).toContain("My own ferry story");
});
