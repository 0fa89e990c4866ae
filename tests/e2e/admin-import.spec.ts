import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { expect, expectToast, openSection } from "./admin-helpers";
import { test as publisherTest } from "./support/admin-publisher-fixtures";
import { expectNoViolations } from "./support/axe";
import { AUTHOR, RSS_FEED, serveFakeOutlet } from "./support/fake-outlet";
import type { FakePublisher } from "./support/fake-publisher";
import type { ImportJob } from "../../src/domain/back-catalogue";

/** "Import from a page" on the Clips tab (issue 17; under Articles until issue 37), against a fake outlet on the fake publisher. */
const test = publisherTest.extend<object, { outlet: ReturnType<typeof serveFakeOutlet> }>({
  outlet: [
    async ({ publisher, server }, use) => {
      const outlet = serveFakeOutlet(publisher);
      const duplicate = { title: "Old pier reopens", outlet: "Gazette", url: outlet.duplicateInPortfolio };
      expect((await server.api("/api/articles", { method: "POST", json: duplicate })).status).toBe(201);
      await use(outlet);
    },
    { scope: "worker" },
  ],
});

test.beforeEach(async ({ server }) => {
  // The byline filter starts with the owner's name.
  await server.api("/api/site", { method: "PUT", json: { name: AUTHOR } });
});

const section = (page: Page) => page.locator("section.import");
const listed = (page: Page) => section(page).locator(".import__list > li");
const shownLine = (page: Page) => section(page).locator(".import__shown p");

async function portfolioUrls(server: { api: (path: string) => Promise<Response> }): Promise<string[]> {
  return ((await (await server.api("/api/articles")).json()) as { url: string }[]).map(
    (article) => article.url,
  );
}

async function startImport(page: Page, url: string) {
  await section(page).getByLabel("Page, feed or sitemap URL").fill(url);
  await section(page).getByRole("button", { name: "Find articles" }).click();
}

/** Holds the first two articles the feed lists (the two the import reads first); returns the release. */
function holdFirstTwo(publisher: FakePublisher, outlet: { jane: string[] }): () => void {
  const releases = outlet.jane.slice(0, 2).map((url) => publisher.hold(new URL(url).pathname));
  return () => releases.forEach((release) => release());
}

test("finds a feed's articles with a progress bar, filters them by byline, date and text, and adds the selected", async ({
  page,
  publisher,
  server,
  outlet,
}) => {
  await openSection(page, "clips", "Clips");
  const release = holdFirstTwo(publisher, outlet);
  await startImport(page, publisher.url(RSS_FEED));
  const progress = section(page).getByRole("progressbar", { name: "Import progress" });
  await expect(progress).toBeVisible();
  await expect(section(page).getByRole("status")).toHaveText(/^Reading \d+ of 32 articles…$/);
  await expectNoViolations(page, "import running, 1280 px", { include: ["section.import"] });
  release();
  await expect(section(page).getByRole("status")).toHaveText("Found 32 articles.");
  await expect(progress).toHaveCount(0);

  // Jane's 30 by default, newest first, and a word on the other two; John Smith's two only when
  // the byline filter is cleared.
  await expect(listed(page)).toHaveCount(30);
  await expect(listed(page).first()).toContainText("Harbour report, part 30");
  await expect(listed(page).last()).toContainText("Harbour report, part 1");
  await expect(shownLine(page)).toHaveText("32 found: 30 shown, 2 hidden by the byline filter.");
  await expect(section(page).getByLabel("Select all shown (30)")).toBeVisible();
  const filters = section(page).getByRole("group", { name: "Show" });
  await filters.getByLabel("Byline").fill("");
  await expect(listed(page)).toHaveCount(32);
  await expect(shownLine(page)).toHaveCount(0);

  // A byline that hides them all says so, and whom they name; Show all shows them.
  await filters.getByLabel("Byline").fill("Somebody Else");
  await expect(listed(page)).toHaveCount(0);
  await expect(shownLine(page)).toHaveText(
    /^None of the 32 found is shown: all are hidden by the byline filter \(they name .*John Smith.*\)\.$/,
  );
  await section(page).getByRole("button", { name: "Show all" }).click();
  await expect(listed(page)).toHaveCount(32);
  await expect(filters.getByLabel("Byline")).toHaveValue("");
  await filters.getByLabel("Byline").fill(AUTHOR);
  await filters.getByLabel("From").fill("2025-02-20");
  await expect(listed(page)).toHaveCount(9);
  // The day chosen, in the site's format whatever the browser's locale draws.
  await expect(filters.getByLabel("From")).toHaveAccessibleDescription("20 February 2025");
  await filters.getByLabel("Text").fill("part 30");
  await expect(listed(page)).toHaveCount(1);
  await expect(listed(page).first()).toContainText("Harbour report, part 30");
  await expect(listed(page).first()).toContainText("The Coast Gazette · 28 February 2025 · by Jane Doe");

  // The import is kept on the server: a reload shows it again.
  await page.reload();
  await expect(section(page).getByRole("status")).toHaveText("Found 32 articles.");
  await expect(listed(page)).toHaveCount(30);
  await expectNoViolations(page, "import review, 1280 px", { include: ["section.import"] });
  await section(page).screenshot({ path: test.info().outputPath("import-1280.png") });

  await listed(page).filter({ hasText: "Harbour report, part 30" }).getByRole("checkbox").check();
  await listed(page).filter({ hasText: "Harbour report, part 29" }).getByRole("checkbox").check();
  // The Add button waits under the list, in sight while it scrolls.
  const add = section(page).getByRole("button", { name: "Add 2 selected" });
  await expect(section(page).locator(".import__addbar")).toContainText("2 of 30 selected");
  await expect(add).toBeInViewport();
  await add.click();
  await expectToast(page, "Imported 2 articles");
  await expect(section(page).locator(".import__imported")).toHaveText("Imported 2 articles.");
  await expect(listed(page).filter({ hasText: "Harbour report, part 30" })).toContainText("Added");
  expect(await portfolioUrls(server)).toContain(outlet.jane[0]);

  await section(page).getByLabel("Select all shown (28)").check();
  await section(page).getByRole("button", { name: "Add 28 selected" }).click();
  await expectToast(page, "Imported 28 articles");
  expect(await portfolioUrls(server)).toEqual(expect.arrayContaining(outlet.jane));
});

test("follows a running import over the live stream: no re-reads while nothing changes", async ({
  page,
  publisher,
  outlet,
}) => {
  await openSection(page, "clips", "Clips");
  const reads: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === "GET" && pathname.startsWith("/api/imports/")) reads.push(pathname);
  });
  const release = holdFirstTwo(publisher, outlet);
  try {
    await startImport(page, publisher.url(RSS_FEED));
    // The import reads two pages of an outlet at a time, and both are held: the job stands still.
    await expect(section(page).getByRole("status")).toHaveText(/^Reading 0 of \d+ articles…$/);
    const before = reads.length;
    await page.waitForTimeout(3_000);
    // One re-read may still be on its way for the last change; a screen polling every second makes several.
    expect(reads.slice(before).length).toBeLessThanOrEqual(1);
  } finally {
    release();
  }
  await expect(section(page).getByRole("status")).toHaveText(/^Found \d+ articles\.$/);
  await expect(section(page).getByRole("progressbar")).toHaveCount(0);
});

test("an import can be cancelled while it reads, and a new one started", async ({
  page,
  publisher,
  outlet,
}) => {
  await openSection(page, "clips", "Clips");
  const release = holdFirstTwo(publisher, outlet);
  try {
    await startImport(page, publisher.url(RSS_FEED));
    await expect(section(page).getByRole("progressbar", { name: "Import progress" })).toBeVisible();
    await section(page).getByRole("button", { name: "Cancel import" }).click();
    await expectToast(page, "Import cancelled");
    await expect(section(page).getByRole("status")).toHaveText(
      /^Import cancelled after reading \d+ of \d+ articles\.$/,
    );
    await expect(section(page).getByRole("progressbar")).toHaveCount(0);
  } finally {
    release();
  }
  await expect(section(page).getByRole("button", { name: "Find articles" })).toBeEnabled();
});

test("an import interrupted twice waits on the screen until the owner resumes or cancels it", async ({
  page,
  publisher,
  server,
  // Routes the feed and its articles on the publisher.
  outlet: _outlet,
}) => {
  const started = await server.api("/api/imports", {
    method: "POST",
    json: { url: publisher.url(RSS_FEED) },
  });
  const { id } = (await started.json()) as ImportJob;
  const job = async () => (await (await server.api(`/api/imports/${id}`)).json()) as ImportJob;
  const status = async () => (await job()).status;
  await expect.poll(status).toBe("done");
  // 32 or 33: the worker's first test may have removed the one already in the portfolio.
  const total = (await job()).candidates.length;
  const interrupted = `Import interrupted after reading ${total - 10} of ${total} articles.`;
  // As if the process reading it had died after its one takeover, with ten pages still to read:
  // the server finds its lease lapsed and, as it was interrupted once already, sets it aside.
  const db = new Database(path.join(server.dataDir, "byline.sqlite"));
  db.pragma("busy_timeout = 5000");
  const interrupt = (status: string, interruptions: number) => {
    db.prepare(
      "update import_jobs set status = ?, holder = 'a-process-that-died', lease_until = 0, interruptions = ? where id = ?",
    ).run(status, interruptions, id);
    db.prepare("update import_candidates set status = 'pending' where job_id = ? and position < 10").run(id);
  };
  try {
    interrupt("reading", 1);
    await expect.poll(status, { timeout: 15_000 }).toBe("interrupted");

    await openSection(page, "clips", "Clips");
    const line = section(page).getByRole("status");
    await expect(line).toHaveText(`${interrupted} It will not restart on its own: resume it, or cancel it.`);
    await expect(section(page).getByRole("progressbar")).toHaveCount(0);
    await section(page).getByLabel("Page, feed or sitemap URL").fill(publisher.url(RSS_FEED));
    await expect(section(page).getByRole("button", { name: "Find articles" })).toBeEnabled();
    await expectNoViolations(page, "import interrupted, 1280 px", { include: ["section.import"] });
    await section(page).screenshot({ path: test.info().outputPath("import-interrupted-1280.png") });
    await section(page).getByRole("button", { name: "Resume import" }).click();
    await expectToast(page, "Import resumed");
    await expect(line).toHaveText(`Found ${total} articles.`);
    await expect(section(page).getByRole("button", { name: "Resume import" })).toHaveCount(0);

    interrupt("interrupted", 2);
    await page.reload();
    await expect(line).toContainText(interrupted);
    await section(page).getByRole("button", { name: "Cancel import" }).click();
    await expectToast(page, "Import cancelled");
    await expect(line).toHaveText(`Import cancelled after reading ${total - 10} of ${total} articles.`);
    await expect(section(page).getByRole("button", { name: "Cancel import" })).toHaveCount(0);
  } finally {
    db.close();
  }
});

test("fits a 375 px phone, with nothing wider than the screen", async ({ page, publisher }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openSection(page, "clips", "Clips");
  await startImport(page, publisher.url(RSS_FEED));
  await expect(section(page).getByRole("status")).toHaveText(/^Found \d+ articles/);
  await expect(listed(page).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await listed(page).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("import-375.png") });
  await expectNoViolations(page, "import review, 375 px", { include: ["section.import"] });
});
