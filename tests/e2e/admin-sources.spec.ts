import type { Locator, Page } from "@playwright/test";
import type { WatchedSource, WatchOverview } from "../../src/domain/clip-watch";
import type { Article } from "../../src/domain/content";
import { expect, expectToast, failRequests } from "./admin-helpers";
import { test as publisherTest } from "./support/admin-publisher-fixtures";
import { expectNoViolations } from "./support/axe";
import { positionsSince, recordCheckedPositions } from "./support/checked-positions";
import { openDesk, OTHER_WRITER, OWNER_BYLINE, type FakeDesk } from "./support/fake-desk";
import { perWorker } from "./support/fixtures";
import { startServer, type TestServer } from "./support/test-server";

/**
 * The Clips tab's clip watch (issue 28; the Sources tab until issue 37) against the real server
 * and a fake outlet whose feed gains stories between two checks. Each test watches its own desk and leaves the watch as it
 * found it: no sources, no clip waiting.
 */
const test = publisherTest.extend<{ desk: FakeDesk; leaveWatchAsFound: void }>({
  // No pause between two requests to the fake outlet: every check reads it at once.
  server: perWorker(
    () => startServer({ env: { FETCH_ALLOW_PRIVATE: "true", LINK_CHECK_PAUSE_MS: "0" } }),
    (server) => server.stop(),
  ),
  desk: async ({ publisher }, use) => use(openDesk(publisher)),
  leaveWatchAsFound: [
    async ({ server }, use) => {
      await server.api("/api/site", { method: "PUT", json: { bylines: [OWNER_BYLINE] } });
      await use();
      const { sources, clips } = await overview(server);
      for (const clip of clips.filter((entry) => entry.status === "waiting")) {
        await server.api(`/api/watch/clips/${clip.id}/dismiss`, { method: "POST" });
      }
      for (const source of sources) await server.api(`/api/watch/sources/${source.id}`, { method: "DELETE" });
    },
    { auto: true },
  ],
});

async function overview(server: TestServer): Promise<WatchOverview> {
  const response = await server.api("/api/watch");
  expect(response.status).toBe(200);
  return (await response.json()) as WatchOverview;
}

async function watchByApi(server: TestServer, url: string): Promise<WatchedSource> {
  const response = await server.api("/api/watch/sources", { method: "POST", json: { url } });
  expect(response.status).toBe(201);
  return (await response.json()) as WatchedSource;
}

async function portfolioUrls(server: TestServer): Promise<string[]> {
  return ((await (await server.api("/api/articles")).json()) as Article[]).map((article) => article.url);
}

/** Opens the tab and waits until it has read the watch and React runs it. */
async function openSources(page: Page) {
  await page.goto("/admin/dashboard/clips");
  await expect(page.getByRole("heading", { name: "Clips", level: 2 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Watch", exact: true })).toBeEnabled();
}

/** Watches the desk's feed, then opens the tab: the source, not checked yet, shows no state. */
async function openWatching(page: Page, server: TestServer, desk: FakeDesk) {
  await watchByApi(server, desk.feedUrl);
  await openSources(page);
  await expect(sourceItem(page, desk.feedUrl)).toContainText("Not checked yet");
  await expect(sourceItem(page, desk.feedUrl).locator(".sources-source__state")).toHaveCount(0);
}

const tabLink = (page: Page) =>
  page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: /^Clips/ });
const newClips = (page: Page) => page.getByRole("region", { name: /^New clips/ });
const watched = (page: Page) => page.getByRole("region", { name: "Watched sources" });
const clip = (page: Page, title: string): Locator =>
  newClips(page)
    .locator(".sources-clip")
    .filter({ has: page.getByRole("heading", { name: title }) });
const sourceItem = (page: Page, url: string): Locator =>
  watched(page)
    .locator(".sources-source")
    .filter({ has: page.getByRole("link", { name: url, exact: true }) });
const addressField = (page: Page) => page.getByLabel("Page, feed or sitemap address");
const checkStatus = (page: Page) => watched(page).getByRole("status");

/**
 * Presses Check now and waits until the server has checked every source that is not paused
 * (each one's 'last checked' moved on, and no check runs).
 */
async function checkNow(page: Page, server: TestServer) {
  const before = new Map((await overview(server)).sources.map((source) => [source.id, source.lastCheckedAt]));
  await watched(page).getByRole("button", { name: "Check now" }).click();
  await expect
    .poll(async () => {
      const read = await overview(server);
      return (
        !read.checking &&
        read.sources.every(
          (source) => source.state === "paused" || source.lastCheckedAt !== before.get(source.id),
        )
      );
    })
    .toBe(true);
  // Disabled once every source is paused: the check is over when the button says so again.
  await expect(watched(page).getByRole("button", { name: "Check now" })).toBeVisible();
}

test("an empty tab; a bad address and a refused one are explained; a feed is watched once however often it is added", async ({
  page,
  publisher,
  desk,
}) => {
  await openSources(page);
  await expect(tabLink(page)).toHaveAccessibleName("Clips");
  await expect(page.getByText("No sources yet.", { exact: false })).toBeVisible();
  await expect(watched(page).getByRole("button", { name: "Check now" })).toBeDisabled();
  await expectNoViolations(page, "Sources, empty, 1280 px", {
    include: [".dashboard__body", ".dashboard__tabs"],
  });
  await page.screenshot({ path: test.info().outputPath("sources-empty-1280.png"), fullPage: true });

  // Typed and sent from the keyboard.
  await addressField(page).click();
  await page.keyboard.type("outlet dot example");
  await page.keyboard.press("Enter");
  await expect(
    watched(page).getByText("Enter the full address, starting with https:// or http://"),
  ).toBeVisible();
  await expect(addressField(page)).toBeFocused();
  await expect(addressField(page)).toHaveAttribute("aria-invalid", "true");
  await expect(addressField(page)).toHaveValue("outlet dot example");

  await addressField(page).fill(publisher.url("/no-such-feed.xml"));
  await page.keyboard.press("Enter");
  await expectToast(page, "Could not watch this address", "alert");
  await expect(watched(page).locator(".field__error")).not.toBeEmpty();
  await expect(addressField(page)).toHaveValue(publisher.url("/no-such-feed.xml"));
  await expect(watched(page).locator(".sources-source")).toHaveCount(0);

  desk.publish("Council papers show the ferry subsidy ends in spring", OTHER_WRITER);
  await addressField(page).fill(desk.feedUrl);
  await watched(page).getByRole("button", { name: "Watch", exact: true }).click();
  await expectToast(page, `Watching ${desk.feedUrl}`);
  await expect(addressField(page)).toHaveValue("");
  await expect(watched(page).locator(".field__error")).toHaveCount(0);
  const source = sourceItem(page, desk.feedUrl);
  await expect(source).toBeVisible();
  await expect(source).toContainText("RSS/Atom/JSON Feed");
  // A new source is checked at once, and the check says what it found.
  await expect(checkStatus(page)).toHaveText("Checked 1 source: no new clips.");
  await expect(source.locator(".sources-source__state")).toHaveText("OK");
  await expect(source).toContainText("Last checked");
  await expect(source.getByRole("switch", { name: /^Add without asking/ })).not.toBeChecked();

  await addressField(page).fill(desk.feedUrl);
  await page.keyboard.press("Enter");
  await expectToast(page, "Already watched");
  await expect(watched(page).locator(".sources-source")).toHaveCount(1);
});

test("Check now offers the owner's new story and not another writer's; Add puts it in the portfolio, and a dismissed clip never returns", async ({
  page,
  server,
  publisher,
  desk,
}) => {
  desk.publish("Ferry timetable changes ahead", OTHER_WRITER);
  await openWatching(page, server, desk);

  // Published between two checks.
  const mine = desk.publish("Harbour wall repairs start after three years of delays");
  desk.publish("Council budget vote explained", OTHER_WRITER);
  // While the outlet is slow to answer, the check shows it runs.
  const release = publisher.hold(new URL(desk.feedUrl).pathname);
  try {
    await watched(page).getByRole("button", { name: "Check now" }).click();
    await expect(watched(page).getByRole("button", { name: "Checking…" })).toBeDisabled();
    await expect(checkStatus(page)).toHaveText("Checking every source…");
  } finally {
    release();
  }
  await expect(checkStatus(page)).toHaveText("Checked 1 source: 1 new clip.");
  await expect(watched(page).getByRole("button", { name: "Check now" })).toBeEnabled();
  const offered = clip(page, "Harbour wall repairs start after three years of delays");
  await expect(offered).toBeVisible();
  await expect(newClips(page).locator(".sources-clip")).toHaveCount(1);
  await expect(offered).toContainText("The Harbour Herald");
  await expect(offered.locator(".sources-clip__reason")).toContainText("Jane Doe");
  await expect(tabLink(page)).toHaveAccessibleName("Clips, 1 new");
  await expect(sourceItem(page, desk.feedUrl)).toContainText("Last new clip");
  await expectNoViolations(page, "Sources with a new clip, 1280 px", {
    include: [".dashboard__body", ".dashboard__tabs"],
  });
  await page.screenshot({ path: test.info().outputPath("sources-clips-1280.png"), fullPage: true });

  await offered.getByRole("button", { name: /^Add / }).click();
  await expectToast(page, "Added to your portfolio");
  await expect(offered).toHaveCount(0);
  await expect(newClips(page).getByRole("heading", { name: /^New clips/ })).toBeFocused();
  await expect(tabLink(page)).toHaveAccessibleName("Clips");
  expect(await portfolioUrls(server)).toContain(mine);

  const unwanted = desk.publish("Harbour board publishes its survey at last");
  await checkNow(page, server);
  const dismissed = clip(page, "Harbour board publishes its survey at last");
  await dismissed.getByRole("button", { name: /^Dismiss / }).click();
  await expectToast(page, "Clip dismissed");
  await expect(dismissed).toHaveCount(0);
  // Undo brings it back; dismissed again, it never returns.
  await newClips(page).getByRole("button", { name: "Undo (Clip dismissed)" }).click();
  await expectToast(page, "The clip waits again");
  await expect(dismissed).toBeVisible();
  await dismissed.getByRole("button", { name: /^Dismiss / }).click();
  await expect(dismissed).toHaveCount(0);
  await checkNow(page, server);
  await expect(dismissed).toHaveCount(0);
  await expect(newClips(page).getByText("No new clips.", { exact: false })).toBeVisible();
  expect(await portfolioUrls(server)).not.toContain(unwanted);
});

test("the tab's count of waiting clips follows the live stream on another tab", async ({
  page,
  server,
  desk,
}) => {
  await watchByApi(server, desk.feedUrl);
  await page.goto("/admin/dashboard/articles");
  await expect(tabLink(page)).toHaveAccessibleName("Clips");
  await expect(page.getByRole("link", { name: "Clips", exact: true }).last()).toHaveAttribute(
    "href",
    "/admin/dashboard/clips",
  );
  desk.publish("Lifeboat crew rescue two kayakers off the point");
  desk.publish("Harbour master retires after thirty years");
  expect((await server.api("/api/watch/check", { method: "POST" })).status).toBe(202);
  await expect(tabLink(page)).toHaveAccessibleName("Clips, 2 new");
  await expect(tabLink(page)).toContainText("2 new");
  await tabLink(page).click();
  await expect(newClips(page).locator(".sources-clip")).toHaveCount(2);
});

test("a source set to add without asking adds its clips at once, each with an Undo", async ({
  page,
  server,
  desk,
}) => {
  await recordCheckedPositions(page);
  await openWatching(page, server, desk);
  const autoAdd = sourceItem(page, desk.feedUrl).getByRole("switch", { name: /^Add without asking/ });
  await recordCheckedPositions(page);
  await autoAdd.press("Space");
  await expectToast(page, "New clips from this source will be added without asking");
  await expect(autoAdd).toBeEnabled();
  await expect(autoAdd).toBeChecked();
  // Never back off for a moment while the tab is read again.
  expect(await positionsSince(autoAdd, true)).not.toContain(false);
  await page.reload();
  await expect(autoAdd).toBeChecked();

  const url = desk.publish("Fish market moves to the old ferry terminal");
  await checkNow(page, server);
  const added = newClips(page)
    .locator(".sources-added")
    .filter({ hasText: "Fish market moves to the old ferry terminal" });
  await expect(added).toBeVisible();
  await expect(newClips(page).locator(".sources-clip")).toHaveCount(0);
  await expect(tabLink(page)).toHaveAccessibleName("Clips");
  expect(await portfolioUrls(server)).toContain(url);

  await added.getByRole("button", { name: /^Undo/ }).click();
  await expectToast(page, "Taken out of your portfolio");
  await expect(added).toHaveCount(0);
  expect(await portfolioUrls(server)).not.toContain(url);

  await recordCheckedPositions(page);
  await autoAdd.click();
  await expectToast(page, "New clips from this source will wait for you");
  await expect(autoAdd).toBeEnabled();
  await expect(autoAdd).not.toBeChecked();
  expect(await positionsSince(autoAdd, false)).not.toContain(true);
});

test("a failing source says why and since when, pauses after 5 failed checks, and can be resumed", async ({
  page,
  server,
  desk,
}) => {
  await watchByApi(server, desk.feedUrl);
  desk.fail(404);
  await openSources(page);
  const source = sourceItem(page, desk.feedUrl);
  await checkNow(page, server);
  await expect(source.locator(".sources-source__state")).toHaveText(/404.* since \d{1,2} [A-Z][a-z]+/);

  for (let check = 2; check <= 5; check++) await checkNow(page, server);
  await expect(source.locator(".sources-source__state")).toHaveText(/^Paused after 5 failed checks/);
  await expectNoViolations(page, "Sources with a paused source, 1280 px", { include: [".dashboard__body"] });

  desk.restore();
  await source.getByRole("button", { name: /^Resume/ }).click();
  await expectToast(page, "Source resumed");
  await expect(source.getByRole("button", { name: /^Resume/ })).toHaveCount(0);
  await checkNow(page, server);
  await expect(source.locator(".sources-source__state")).toHaveText("OK");
});

test("Remove asks first; Escape keeps the source, Remove stops watching it", async ({
  page,
  server,
  desk,
}) => {
  await openWatching(page, server, desk);
  const source = sourceItem(page, desk.feedUrl);
  const remove = source.getByRole("button", { name: /^Remove/ });
  await remove.click();
  const dialog = page.getByRole("dialog", { name: "Stop watching this source?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(desk.feedUrl);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  await remove.click();
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expectToast(page, "Source removed");
  await expect(source).toHaveCount(0);
  await expect(watched(page).getByRole("heading", { name: "Watched sources" })).toBeFocused();
  expect((await overview(server)).sources).toEqual([]);
});

test("the feeds and author pages the portfolio's articles name are suggested, one click from being watched", async ({
  page,
  server,
  publisher,
  desk,
}) => {
  const authorPage = publisher.url("/people/jane-doe");
  const pageUrl = desk.pageNaming("Sea wall survey finally published", desk.feedUrl, authorPage);
  const created = await server.api("/api/articles", {
    method: "POST",
    json: { title: "Sea wall survey finally published", outlet: "The Harbour Herald", url: pageUrl },
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as Article;
  // Reading the article notes what its page points at.
  expect((await server.api(`/api/articles/${id}/reader`)).status).toBe(200);

  await openSources(page);
  const suggestions = page.getByRole("region", { name: "Sources your articles point at" });
  const suggestion = suggestions.locator(".sources-suggestion").filter({ hasText: desk.feedUrl });
  await expect(suggestion).toContainText("Sea wall survey finally published");
  await expect(suggestions.locator(".sources-suggestion").filter({ hasText: authorPage })).toContainText(
    "Author page",
  );
  await suggestion.getByRole("button", { name: /^Watch/ }).click();
  await expectToast(page, `Watching ${desk.feedUrl}`);
  await expect(checkStatus(page)).toHaveText(/^Checked 1 source: /);
  await expect(sourceItem(page, desk.feedUrl)).toBeVisible();
  await expect(suggestions.locator(".sources-suggestion").filter({ hasText: desk.feedUrl })).toHaveCount(0);
});

test("a failed read says so, and Try again reads the tab", async ({ page }) => {
  await failRequests(page, "**/api/watch", "GET");
  await page.goto("/admin/dashboard/clips");
  await expect(page.getByText("Failed to load clips", { exact: true }).first()).toBeVisible();
  await page.unrouteAll();
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("button", { name: "Watch", exact: true })).toBeEnabled();
});

test("the old Sources address leads to the Clips tab, where import and watch are together", async ({
  page,
}) => {
  await page.goto("/admin/dashboard/sources");
  await expect(page).toHaveURL(/\/admin\/dashboard\/clips$/);
  await expect(page.getByRole("heading", { name: "Clips", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Import from a page", level: 3 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Find articles" })).toBeVisible();
  await expect(watched(page).getByRole("button", { name: "Watch", exact: true })).toBeVisible();
  // One click from every tab.
  await page.goto("/admin/dashboard/education");
  await tabLink(page).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/clips$/);
  await expect(page.getByRole("heading", { name: "Clips", level: 2 })).toBeVisible();
});

test("several clips at once: Add and Dismiss the selected, each with an Undo; a clip the portfolio gets meanwhile leaves the list", async ({
  page,
  server,
  desk,
}) => {
  await openWatching(page, server, desk);
  const titles = [
    "Lighthouse keeper's cottage sold at auction",
    "Harbour cafe wins its fight over opening hours",
    "Tide gauge shows the highest spring tide in years",
    "Ferry company names its new boat after a local teacher",
  ];
  const urls = titles.map((title) => desk.publish(title));
  await checkNow(page, server);
  await expect(checkStatus(page)).toHaveText("Checked 1 source: 4 new clips.");
  await expect(newClips(page).locator(".sources-clip")).toHaveCount(4);

  // Added by hand meanwhile: no longer offered.
  const byHand = await server.api("/api/articles", {
    method: "POST",
    json: { title: titles[3], outlet: "The Harbour Herald", url: urls[3] },
  });
  expect(byHand.status).toBe(201);
  await expect(clip(page, titles[3]!)).toHaveCount(0);
  await expect(newClips(page).locator(".sources-clip")).toHaveCount(3);
  await expect(tabLink(page)).toHaveAccessibleName("Clips, 3 new");

  await clip(page, titles[0]!)
    .getByRole("checkbox", { name: /^Select/ })
    .check();
  await clip(page, titles[1]!)
    .getByRole("checkbox", { name: /^Select/ })
    .check();
  await newClips(page).getByRole("button", { name: "Add 2 selected" }).click();
  await expectToast(page, "2 clips added to your portfolio");
  await expect(newClips(page).locator(".sources-clip")).toHaveCount(1);
  expect(await portfolioUrls(server)).toEqual(expect.arrayContaining([urls[0], urls[1]]));
  await expectNoViolations(page, "Clips after a bulk Add, 1280 px", { include: [".dashboard__body"] });

  await newClips(page).getByRole("button", { name: /^Undo/ }).click();
  await expectToast(page, "2 clips wait again");
  await expect(newClips(page).locator(".sources-clip")).toHaveCount(3);
  expect(await portfolioUrls(server)).not.toContain(urls[0]);
  expect(await portfolioUrls(server)).not.toContain(urls[1]);

  await newClips(page).getByRole("checkbox", { name: "Select all (3)" }).check();
  await newClips(page).getByRole("button", { name: "Dismiss 3 selected" }).click();
  await expectToast(page, "3 clips dismissed");
  await expect(newClips(page).getByText("No new clips.", { exact: false })).toBeVisible();
  await newClips(page).getByRole("button", { name: /^Undo/ }).click();
  await expectToast(page, "3 clips wait again");
  await expect(newClips(page).locator(".sources-clip")).toHaveCount(3);
  await expect(tabLink(page)).toHaveAccessibleName("Clips, 3 new");

  // The article added by hand deleted, its clip waits again.
  const { id } = (await byHand.json()) as Article;
  expect((await server.api(`/api/articles/${id}`, { method: "DELETE" })).status).toBe(204);
  await expect(clip(page, titles[3]!)).toBeVisible();
  await expect(tabLink(page)).toHaveAccessibleName("Clips, 4 new");
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("sources, a new clip and the removal dialog: no sideways scroll and no accessibility violations", async ({
    page,
    server,
    desk,
  }) => {
    await openWatching(page, server, desk);
    await expect(newClips(page).getByText("No new clips.", { exact: false })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath("sources-empty-375.png"), fullPage: true });

    desk.publish("Storm damage closes the promenade for a week");
    await checkNow(page, server);
    await expect(clip(page, "Storm damage closes the promenade for a week")).toBeVisible();
    desk.publish("Pier lights switched back on after repairs");
    await checkNow(page, server);
    await expect(newClips(page).getByRole("checkbox", { name: "Select all (2)" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoViolations(page, "Sources at 375 px", {
      include: [".dashboard__body", ".dashboard__tabs"],
    });
    await page.screenshot({ path: test.info().outputPath("sources-clips-375.png"), fullPage: true });

    await sourceItem(page, desk.feedUrl)
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoViolations(page, "Sources at 375 px, removal dialog", { include: ["dialog"] });
  });
});
