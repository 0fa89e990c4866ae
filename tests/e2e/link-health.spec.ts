import type { Page } from "@playwright/test";
import { formatDayMonthYear } from "../../src/domain/dates";
import { expect, expectToast, item, openSection, test as ownerTest, unique } from "./admin-helpers";
import { WIDTHS } from "./landing-support";
import { expectNoViolations } from "./support/axe";
import { articlePage, startFakePublisher, type FakePublisher } from "./support/fake-publisher";
import { startServer, type TestServer } from "./support/test-server";
import { publisherWorld } from "./support/viewer-fixtures";

/**
 * Link health end to end (docs/product.md, Link health): a server allowed to fetch loopback
 * addresses, with no pause between checks, and a fake publisher answering each case. Six
 * articles, newest first; the server has checked them once before the tests start:
 *   live (200) · moved (301 to a new path) · archived (text archived, then 410) ·
 *   vanished (404, no text) · home (302 to the front page) · busy (503)
 */

const LIVE = {
  title: "Lighthouse keepers return to the Northgate light",
  outlet: "The Coast Gazette",
  description: "After forty years, people live at the light again.",
};
const MOVED = { title: "Ferry timetable rewritten for winter", outlet: "Estuary Times", description: "" };
const ARCHIVED = {
  title: "The harbour inquiry the council closed",
  outlet: "Vanished Weekly",
  description: "An inquiry that was wound up early.",
  paragraphs: [
    "The council closed its harbour inquiry three months early, before the engineers had reported.",
    "Residents who gave evidence say they were never told what became of their statements.",
  ],
};
const VANISHED = {
  title: "Market hall sold to developers",
  outlet: "Gone Gazette",
  description: "It used to be here: the sale of the market hall.",
};
const HOME = { title: "Sea wall repairs delayed again", outlet: "Coast Daily", description: "" };
const BUSY = { title: "Storm damage in the estuary", outlet: "Weathered Post", description: "" };

type LinkWorld = {
  server: TestServer;
  publisher: FakePublisher;
  ids: { live: string; moved: string; archived: string; vanished: string; home: string; busy: string };
};

const story = (title: string, paragraphs: string[]) => articlePage({ title, blocks: paragraphs });
const LIVE_TEXT = [
  "The keepers arrived on Monday with a van of supplies and a list of repairs that runs to four pages.",
  "The light has been automatic since the eighties, but the trust wants people on the rock again.",
];

/** Waits until the server's link check has finished. */
async function checked(server: TestServer): Promise<void> {
  await expect
    .poll(async () => ((await (await server.api("/api/link-checks")).json()) as { running: boolean }).running)
    .toBe(false);
}

async function createWorld(): Promise<LinkWorld> {
  const publisher = await startFakePublisher({
    "/": { body: "<!doctype html><title>Coast Daily</title><h1>Front page</h1>" },
    "/live": { body: story(LIVE.title, LIVE_TEXT) },
    "/old-address": { status: 301, statusText: "Moved Permanently", headers: { Location: "/new-address" } },
    "/new-address": { body: story(MOVED.title, LIVE_TEXT) },
    "/taken-down": { body: story(ARCHIVED.title, ARCHIVED.paragraphs) },
    "/vanished": { status: 404, statusText: "Not Found" },
    "/to-home": { status: 302, statusText: "Found", headers: { Location: "/" } },
    "/busy": { status: 503, statusText: "Service Unavailable" },
  });
  const server = await startServer({
    env: { FETCH_ALLOW_PRIVATE: "true", LINK_CHECK_PAUSE_MS: "0", LINK_CHECK_TIMEOUT_MS: "2000" },
  });
  const existing = (await (await server.api("/api/articles")).json()) as { id: string }[];
  for (const { id } of existing) await server.api(`/api/articles/${id}`, { method: "DELETE" });
  const create = async (fields: Record<string, unknown>, path: string, date: string) => {
    const response = await server.api("/api/articles", {
      method: "POST",
      json: { featured: true, ...fields, url: publisher.url(path), date },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const ids = {
    live: await create(LIVE, "/live", "2026-06-06"),
    moved: await create(MOVED, "/old-address", "2026-05-05"),
    archived: await create({ ...ARCHIVED, paragraphs: undefined }, "/taken-down", "2026-04-04"),
    vanished: await create(VANISHED, "/vanished", "2026-03-03"),
    home: await create(HOME, "/to-home", "2026-02-02"),
    busy: await create(BUSY, "/busy", "2026-01-01"),
  };
  expect((await server.api(`/api/articles/${ids.archived}/archive`, { method: "POST" })).status).toBe(200);
  publisher.route("/taken-down", { status: 410, statusText: "Gone" });
  expect((await server.api("/api/link-checks", { method: "POST" })).status).toBe(202);
  await checked(server);
  return { server, publisher, ids };
}

const test = ownerTest.extend<object, { links: LinkWorld; server: TestServer }>({
  links: publisherWorld(createWorld),
  server: [async ({ links }, use) => use(links.server), { scope: "worker" }],
});

const today = () => formatDayMonthYear(new Date());

const openArticles = (page: Page) => openSection(page, "articles", "Articles");

for (const size of WIDTHS) {
  test.describe(`link health in the Articles manager at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("shows each article's link status and date, and 'Broken links' with its count lists the broken ones", async ({
      page,
      links,
    }) => {
      await openArticles(page);
      const live = item(page, LIVE.title);
      await expect(live.locator(".link-badge")).toHaveText("Link OK");
      await expect(live.getByText(`Checked ${today()}`)).toBeVisible();
      await expect(live.getByRole("button", { name: "Archive now" })).toBeVisible();

      const moved = item(page, MOVED.title);
      await expect(moved.locator(".link-badge")).toHaveText("Moved");
      await expect(moved.getByRole("link", { name: links.publisher.url("/new-address") })).toHaveAttribute(
        "href",
        links.publisher.url("/new-address"),
      );
      await expect(moved.getByRole("button", { name: "Use new address" })).toBeVisible();

      const archived = item(page, ARCHIVED.title);
      await expect(archived.locator(".link-badge")).toHaveText("Gone");
      await expect(archived.getByText("410 Gone. Visitors read the archived text.")).toBeVisible();
      await expect(archived.getByRole("button", { name: "Archive now" })).toHaveCount(0);

      const vanished = item(page, VANISHED.title);
      await expect(vanished.locator(".link-badge")).toHaveText("Gone");
      await expect(
        vanished.getByText("404 Not Found. No archived text: visitors see the title and description."),
      ).toBeVisible();

      const home = item(page, HOME.title);
      await expect(home.locator(".link-badge")).toHaveText("Gone");
      await expect(home.getByText(`Redirected to ${links.publisher.url("/")}`)).toBeVisible();

      const busy = item(page, BUSY.title);
      await expect(busy.locator(".link-badge")).toHaveText("Not answering");
      await expect(busy.getByText("No answer on 1 of 3 days: 503 Service Unavailable")).toBeVisible();
      // Archiving needs an original that answers.
      await expect(busy.getByRole("button", { name: "Archive now" })).toHaveCount(0);

      const filters = page.getByRole("group", { name: "Show articles" });
      const all = filters.getByRole("button", { name: "All (6)" });
      const broken = filters.getByRole("button", { name: "Broken links (3)" });
      await expect(all).toHaveAttribute("aria-pressed", "true");
      await expect(broken).toHaveAttribute("aria-pressed", "false");
      await expectNoViolations(page, `Articles with link health at ${size.width} px`, {
        include: [".manager"],
      });

      await broken.click();
      await expect(broken).toHaveAttribute("aria-pressed", "true");
      await expect(page.locator(".items .item__title")).toHaveText([
        ARCHIVED.title,
        VANISHED.title,
        HOME.title,
      ]);
      await expectNoViolations(page, `Broken links at ${size.width} px`, { include: [".manager"] });
      await all.click();
      await expect(page.locator(".items > li")).toHaveCount(6);
    });

    test("'Check links' checks a new article; 'Use new address' and 'Archive now' act on what it found", async ({
      page,
      links,
      server,
    }) => {
      const movedTitle = unique("Moved copy");
      const liveTitle = unique("Live copy");
      for (const [title, path] of [
        [movedTitle, "/old-address"],
        [liveTitle, "/live"],
      ] as const) {
        const response = await server.api("/api/articles", {
          method: "POST",
          json: {
            title,
            outlet: "Copies",
            url: `${links.publisher.url(path)}?copy=${encodeURIComponent(title)}`,
          },
        });
        expect(response.status).toBe(201);
      }
      await openArticles(page);
      const moved = item(page, movedTitle);
      const live = item(page, liveTitle);
      await expect(moved.locator(".link-badge")).toHaveText("Not checked yet");

      await page.getByRole("button", { name: "Check links" }).click();
      await expect(moved.locator(".link-badge")).toHaveText("Moved");
      await expect(live.locator(".link-badge")).toHaveText("Link OK");
      await expect(page.getByRole("button", { name: "Check links" })).toBeEnabled();
      await expect(page.locator(".link-check__progress")).toHaveText(`Last check ${today()}: 8 links`);

      await moved.getByRole("button", { name: "Use new address" }).click();
      await expectToast(page, "Article moved to its new address");
      await expect(moved.locator(".link-badge")).toHaveText("Link OK");
      await expect(moved.getByRole("button", { name: "Use new address" })).toHaveCount(0);
      await moved.getByRole("button", { name: movedTitle }).click();
      await expect(moved.getByLabel("URL")).toHaveValue(links.publisher.url("/new-address"));

      await live.getByRole("button", { name: "Archive now" }).click();
      await expectToast(page, "Article text archived");
      await expect(live.getByRole("button", { name: "Archive now" })).toHaveCount(0);
      await expectNoViolations(page, `Articles after the owner's actions at ${size.width} px`, {
        include: [".manager"],
      });
    });
  });

  test.describe(`a gone original for visitors at ${size.width} px`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      storageState: { cookies: [], origins: [] },
    });

    test("opens in reader mode from the archived text, with the notice, and offers no original", async ({
      page,
      links,
    }) => {
      await page.goto(`/?article=${links.ids.archived}`);
      const dialog = page.locator("dialog.viewer:modal");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("note")).toHaveText(
        "The original at Vanished Weekly is no longer available. This is the archived text.",
      );
      const body = dialog.locator(".reader-body");
      for (const paragraph of ARCHIVED.paragraphs) await expect(body.getByText(paragraph)).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Original Site" })).toHaveCount(0);
      await expect(dialog.getByRole("link", { name: /View Original|Read Original Article/ })).toHaveCount(0);
      await expect(dialog.locator(".viewer-mode")).toHaveText("Reader Mode");
      await expectNoViolations(page, `archived reader at ${size.width} px`, { include: ["dialog.viewer"] });
    });

    test("with no archived text shows the title and description and says the original is gone, asking nothing", async ({
      page,
      links,
    }) => {
      const asked: string[] = [];
      page.on("request", (request) => {
        if (/\/api\/articles\/[^/]+\/(reader|framing)/.test(request.url())) asked.push(request.url());
      });
      await page.goto(`/?article=${links.ids.vanished}`);
      const dialog = page.locator("dialog.viewer:modal");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("note")).toHaveText(
        "The original at Gone Gazette is no longer available.",
      );
      await expect(dialog.getByRole("heading", { level: 2, name: VANISHED.title })).toBeVisible();
      await expect(dialog.getByText(VANISHED.description)).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Original Site" })).toHaveCount(0);
      await expect(dialog.getByRole("link")).toHaveCount(0);
      await expect(dialog.getByRole("alert")).toHaveCount(0);
      await expectNoViolations(page, `gone reader at ${size.width} px`, { include: ["dialog.viewer"] });
      expect(asked).toEqual([]);
    });

    test("portfolio cards open the archived text in the viewer, or say the original is gone", async ({
      page,
      links,
    }) => {
      await page.goto("/?portfolio=1");
      const portfolio = page.getByRole("dialog", { name: "Portfolio" });
      await expect(portfolio).toBeVisible();
      await page.waitForFunction(() => document.querySelector("dialog[open]")?.matches(":modal") === true);
      const card = (title: string) =>
        portfolio.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name: title }) });

      const live = card(LIVE.title);
      await expect(live.getByRole("link", { name: "Read Article →" })).toHaveAttribute(
        "href",
        links.publisher.url("/live"),
      );

      const vanished = card(VANISHED.title);
      await expect(vanished.getByText(VANISHED.description)).toBeVisible();
      await expect(vanished.getByText("The original at Gone Gazette is no longer available.")).toBeVisible();
      await expect(vanished.getByRole("link")).toHaveCount(0);

      const archived = card(ARCHIVED.title);
      await expect(
        archived.getByText("The original at Vanished Weekly is no longer available."),
      ).toBeVisible();
      for (const link of await archived.getByRole("link").all()) {
        await expect(link).toHaveAttribute("href", `/?article=${links.ids.archived}`);
        await expect(link).not.toHaveAttribute("target", /./);
      }
      await expectNoViolations(page, `portfolio with gone originals at ${size.width} px`, {
        include: [".pf-overlay, dialog[open]"],
      });

      await archived.getByRole("link", { name: "Read Archived Text →" }).click();
      await expect(page).toHaveURL(new RegExp(`\\?article=${links.ids.archived}$`));
      const viewer = page.locator("dialog.viewer");
      await expect(viewer.getByRole("note")).toHaveText(
        "The original at Vanished Weekly is no longer available. This is the archived text.",
      );
      await expect(viewer.locator(".reader-body").getByText(ARCHIVED.paragraphs[0]!)).toBeVisible();
    });
  });
}
