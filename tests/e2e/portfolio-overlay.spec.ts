import type { Locator, Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import type { TestServer } from "./support/test-server";

/**
 * The portfolio overlay as a dialog: opening and closing, focus, keyboard, dropdown popups,
 * cards and their links, the highlight, the image notice and the layout at phone width.
 */

type ApiArticle = { id: string; title: string; url: string };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const WEND_URL = "https://meridianherald.example/news/wend-flood-defences-warnings";
const MATERNITY_URL = "https://meridianherald.example/health/valley-maternity-unit-closure";

const portfolio = (page: Page) => page.getByRole("dialog", { name: "Portfolio" });
const cards = (dialog: Locator) => dialog.getByRole("article");
const card = (dialog: Locator, title: RegExp | string) =>
  cards(dialog).filter({ has: dialog.page().getByRole("heading", { level: 3, name: title }) });

async function waitForModal(page: Page) {
  await page.waitForFunction(() => document.querySelector("dialog[open]")?.matches(":modal") === true);
}

async function openFromUrl(page: Page, query = ""): Promise<Locator> {
  await page.goto(`/?portfolio=1${query}`);
  await expect(portfolio(page)).toBeVisible();
  await waitForModal(page);
  return portfolio(page);
}

const focusInside = (dialog: Locator) =>
  dialog.evaluate((element) => element.contains(document.activeElement));
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

let created: string[] = [];
test.afterEach(async ({ server }) => {
  for (const id of created) await server.api(`/api/articles/${id}`, { method: "DELETE" });
  created = [];
});

/** Adds a Harbour Weekly article through the API; the afterEach hook deletes it. */
async function addArticle(
  server: TestServer,
  fields: { title: string; url: string; date: string; image?: string },
) {
  const response = await server.api("/api/articles", {
    method: "POST",
    json: { outlet: "Harbour Weekly", ...fields },
  });
  created.push(((await response.json()) as ApiArticle).id);
}

test("opens from the top bar as a modal dialog and the close button closes it", async ({ page, server }) => {
  const site = (await (await server.api("/api/site")).json()) as { name: string; strapline: string };
  await page.goto("/");
  const opener = page.getByRole("link", { name: "PORTFOLIO", exact: true });
  await opener.click();
  const dialog = portfolio(page);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]portfolio=1/);
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await waitForModal(page);

  const title = dialog.getByRole("heading", { level: 2, name: "Portfolio" });
  await expect(title).toHaveText("Portfolio");
  await expect(title).toHaveCSS("text-transform", "uppercase");
  await expect(dialog.getByText(site.name, { exact: true })).toBeVisible();
  await expect(dialog.getByText(site.strapline, { exact: true })).toBeVisible();
  await expect.poll(() => focusInside(dialog)).toBe(true);
  await expect.poll(() => bodyOverflow(page)).toBe("hidden");

  await dialog.getByRole("button", { name: "Close portfolio" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/portfolio=1/);
  await expect(opener).toBeFocused();
  await expect.poll(() => bodyOverflow(page)).not.toBe("hidden");
});

test("opened with the page (a shared link), closing it gives focus to the top bar's PORTFOLIO link", async ({
  page,
}) => {
  const dialog = await openFromUrl(page);
  await dialog.getByRole("button", { name: "Close portfolio" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: "PORTFOLIO", exact: true })).toBeFocused();
});

test("'View Full Portfolio' opens it too", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "View Full Portfolio" }).click();
  await expect(portfolio(page)).toBeVisible();
});

test("keyboard: Tab into the filters, choose with the arrows, Escape closes the dropdown first, then the overlay", async ({
  page,
}) => {
  await page.goto("/");
  const opener = page.getByRole("link", { name: "PORTFOLIO", exact: true });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = portfolio(page);
  await expect(dialog).toBeVisible();
  await waitForModal(page);
  await expect.poll(() => focusInside(dialog)).toBe(true);

  const typeButton = dialog.getByRole("button", { name: /^Type\b/ });
  for (
    let presses = 0;
    presses < 4 && !(await typeButton.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(typeButton).toBeFocused();
  await expect(typeButton).toHaveAttribute("aria-expanded", "false");

  await page.keyboard.press("Enter");
  const list = dialog.getByRole("listbox", { name: "Type" });
  await expect(list).toBeVisible();
  await expect(list).toBeFocused();
  await expect(typeButton).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(list).toHaveAttribute(
    "aria-activedescendant",
    (await list.getByRole("option", { name: "interview" }).getAttribute("id"))!,
  );
  await page.keyboard.press("Enter");
  await expect(list).toBeHidden();
  await expect(typeButton).toBeFocused();
  await expect(typeButton).toHaveAccessibleName("Type interview");
  await expect(dialog.getByText(/^\d+ Articles$/)).toHaveText("3 Articles");
  await expect(cards(dialog)).toHaveCount(3);

  // Escape with the list open closes only the list.
  await page.keyboard.press("ArrowDown");
  await expect(list).toBeVisible();
  await expect(list.getByRole("option", { name: "interview" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(typeButton).toBeFocused();
  await expect(typeButton).toHaveAccessibleName("Type interview");

  // The next Escape closes the overlay and focus goes back to the opener.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page).not.toHaveURL(/portfolio=1|ptype=/);
});

test("focus stays in the dialog: Tab and Shift+Tab wrap around", async ({ page }) => {
  const dialog = await openFromUrl(page, "&ppub=Harbour%20Weekly");
  const close = dialog.getByRole("button", { name: "Close portfolio" });
  const lastLink = cards(dialog).last().getByRole("link", { name: "Read Article →" });
  await close.focus();
  await page.keyboard.press("Shift+Tab");
  await expect(lastLink).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(close).toBeFocused();
  for (let presses = 0; presses < 14; presses++) {
    await page.keyboard.press("Tab");
    expect(await focusInside(dialog)).toBe(true);
  }
});

test("an outside click closes an open dropdown but not the overlay; one dropdown at a time", async ({
  page,
}) => {
  const dialog = await openFromUrl(page);
  const publications = dialog.getByRole("listbox", { name: "Publication" });
  const types = dialog.getByRole("listbox", { name: "Type" });

  await dialog.getByRole("button", { name: /^Publication\b/ }).click();
  await expect(publications).toBeVisible();
  await dialog.getByRole("heading", { name: "Portfolio" }).click();
  await expect(publications).toBeHidden();
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: /^Type\b/ }).click();
  await expect(types).toBeVisible();
  await dialog.getByRole("button", { name: /^Publication\b/ }).click();
  await expect(types).toBeHidden();
  await expect(publications).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(publications).toBeHidden();
  await expect(dialog).toBeVisible();
});

test("cards: usable image, type badges, outlet, 'D Month YYYY' date, title and 'Read Article →'", async ({
  page,
  server,
}) => {
  const token = unique();
  await addArticle(server, {
    title: `Placeholder picture ${token}`,
    url: `https://harbourweekly.example/${token}`,
    date: "2024-01-05",
    image: "https://placehold.co/600x400",
  });
  const dialog = await openFromUrl(page);

  const wend = card(dialog, /Flood defences on the Wend/);
  await expect(wend.getByRole("list", { name: "Type" }).getByRole("listitem")).toHaveText(["investigation"]);
  await expect(wend).toContainText("The Meridian Herald");
  await expect(wend.locator("time")).toHaveText("14 October 2026");
  const image = wend.locator("img");
  await expect(image).toHaveAttribute("src", /^\/api\/images\?url=%2Fdemo%2Friver-flood\.jpg&w=/);
  await expect(image).toHaveAttribute("width", "600");
  await expect(image).toHaveAttribute("height", "400");
  await expect(image).toHaveAttribute("loading", "lazy");

  const opinion = card(dialog, /local papers are not dying/);
  await expect(opinion.locator("time")).toHaveText("19 January 2026");
  await expect(opinion.locator("img")).toHaveCount(0);
  await expect(card(dialog, /all-night sitting/).locator("time")).toHaveText("2 September 2026");
  // Stored without tags: the badge comes from the built-in map.
  await expect(
    card(dialog, /all-night sitting/)
      .getByRole("list", { name: "Type" })
      .getByRole("listitem"),
  ).toHaveText(["news"]);

  // A known placeholder image counts as no image.
  await expect(card(dialog, `Placeholder picture ${token}`).locator("img")).toHaveCount(0);
});

test("the title and 'Read Article →' open the original in a new tab", async ({ page, server, context }) => {
  const articles = (await (await server.api("/api/articles")).json()) as ApiArticle[];
  const dialog = await openFromUrl(page);
  await expect(cards(dialog)).toHaveCount(articles.length);
  const rendered = await dialog.evaluate((element) =>
    [...element.querySelectorAll("article")].map((item) => ({
      title: item.querySelector("h3")?.textContent,
      links: [...item.querySelectorAll("a")].map((link) => ({
        text: link.textContent,
        href: link.getAttribute("href"),
        target: link.getAttribute("target"),
        rel: link.getAttribute("rel"),
      })),
    })),
  );
  for (const article of articles.filter((item) => item.url !== "")) {
    const links = rendered.find((item) => item.title === article.title)?.links;
    expect(links, article.title).toEqual([
      { text: article.title, href: article.url, target: "_blank", rel: "noopener noreferrer" },
      { text: "Read Article →", href: article.url, target: "_blank", rel: "noopener noreferrer" },
    ]);
  }
  const wend = card(dialog, /Flood defences on the Wend/);
  await expect(wend.getByRole("link", { name: "Read Article →", exact: true })).toHaveAttribute(
    "href",
    WEND_URL,
  );

  await context.route("https://meridianherald.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Original</title><h1>Original</h1>" }),
  );
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    wend.getByRole("link", { name: "Read Article →" }).click(),
  ]);
  await expect(popup).toHaveURL(WEND_URL);
  await popup.close();
  const [titlePopup] = await Promise.all([
    page.waitForEvent("popup"),
    wend.getByRole("heading").getByRole("link").click(),
  ]);
  await expect(titlePopup).toHaveURL(WEND_URL);
  await titlePopup.close();
  await expect(dialog).toBeVisible();
});

test("a highlighted article is scrolled into view after 100 ms and flashes for 2.2 s", async ({ page }) => {
  // The page's clock stands still, so the test decides when 100 ms and 2.2 s have passed.
  await page.clock.install();
  await page.clock.pauseAt(new Date("2026-12-01T09:00:00Z"));
  await page.goto(`/?portfolio=1&phighlight=${encodeURIComponent(MATERNITY_URL)}`);
  const dialog = portfolio(page);
  await expect
    .poll(() => page.evaluate(() => document.querySelector("dialog[open]")?.matches(":modal") === true))
    .toBe(true);
  const target = card(dialog, /The quiet closure of the last maternity unit/);
  const highlighted = () =>
    dialog.evaluate((element) =>
      [...element.querySelectorAll("article.is-highlighted")].map((item) => item.id),
    );

  await expect(target).not.toBeInViewport();
  expect(await highlighted()).toEqual([]);
  await page.clock.runFor(100);
  await expect.poll(highlighted).toEqual([await target.getAttribute("id")]);
  await expect(target).toBeInViewport();
  await page.clock.runFor(2100);
  expect(await highlighted()).toHaveLength(1);
  await page.clock.runFor(100);
  await expect.poll(highlighted).toEqual([]);
  await expect(target).toBeInViewport();
});

test("without a highlighted URL no card flashes", async ({ page }) => {
  const dialog = await openFromUrl(page);
  await expect(cards(dialog).first()).toBeVisible();
  await expect(dialog.locator("article.is-highlighted")).toHaveCount(0);
});

test("the footer says 'Caching images for faster loading...' while an image is loading", async ({
  page,
  server,
}) => {
  const token = unique();
  await addArticle(server, {
    title: `Slow picture ${token}`,
    url: `https://harbourweekly.example/slow-${token}`,
    date: "2026-11-30",
    image: `https://images.example/slow-portfolio-image-${token}.jpg`,
  });

  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`slow-portfolio-image-${token}`), async (route) => {
    await released;
    await route.fulfill({ path: "public/demo/harbour-dawn.jpg", contentType: "image/jpeg" });
  });

  const dialog = await openFromUrl(page, `&pq=${token}`);
  const notice = dialog.getByText("Caching images for faster loading...");
  await expect(notice).toBeVisible();
  release();
  await expect(notice).toBeHidden();
  await expect(card(dialog, `Slow picture ${token}`).locator("img")).toHaveJSProperty("complete", true);
});

test("phone width: one column, no horizontal scrolling; wide screens get three", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const dialog = await openFromUrl(page);
  const overflow = () =>
    page.evaluate(() => {
      const dialogElement = document.querySelector("dialog")!;
      return Math.max(
        dialogElement.scrollWidth - dialogElement.clientWidth,
        document.documentElement.scrollWidth - window.innerWidth,
      );
    });
  expect(await overflow()).toBeLessThanOrEqual(0);
  const [first, second] = [
    await cards(dialog).nth(0).boundingBox(),
    await cards(dialog).nth(1).boundingBox(),
  ];
  expect(first!.x).toBe(second!.x);
  await dialog.getByRole("button", { name: /^Publication\b/ }).click();
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  const boxes = await Promise.all(
    [0, 1, 2, 3].map(async (index) => (await cards(dialog).nth(index).boundingBox())!),
  );
  expect(new Set(boxes.slice(0, 3).map((box) => box.x)).size).toBe(3);
  expect(boxes[3]!.x).toBe(boxes[0]!.x);
});

test("server-rendered overlay hydrates cleanly and passes an accessibility scan", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /react|hydrat/i.test(message.text())) problems.push(message.text());
  });
  const dialog = await openFromUrl(page, "&ptype=news&pfrom=2024-01-01");
  await expect(cards(dialog)).not.toHaveCount(0);
  await dialog.getByRole("button", { name: /^Publication\b/ }).click();
  await expect(dialog.getByRole("listbox", { name: "Publication" })).toBeVisible();

  await expectNoViolations(page, "server-rendered portfolio overlay", { include: ["dialog.portfolio"] });
  expect(problems).toEqual([]);
});

test("an article added while the overlay is open appears in it, filters kept", async ({ page, server }) => {
  const token = unique();
  const dialog = await openFromUrl(page, `&pq=${token}`);
  await expect(dialog.getByText("No Articles Found")).toBeVisible();
  await addArticle(server, {
    title: `Breaking ${token}`,
    url: `https://harbourweekly.example/${token}`,
    date: "2026-11-20",
  });
  await expect(cards(dialog)).toHaveCount(1);
  await expect(cards(dialog).getByRole("heading", { level: 3 })).toHaveText(`Breaking ${token}`);
  await expect(dialog.getByText(/^\d+ Articles?$/)).toHaveText("1 Article");
  await expect(dialog.getByRole("searchbox", { name: "Search" })).toHaveValue(token);
});
