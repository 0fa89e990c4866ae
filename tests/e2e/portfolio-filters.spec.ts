import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * The portfolio overlay's search and filters against the demo content (12 articles, 5 outlets).
 * Articles a test needs beyond the demo are created through the API and deleted again, so no
 * test depends on another's data.
 */

type ApiArticle = { id: string; title: string; url: string };
type Api = (path: string, init?: { method?: string; json?: unknown }) => Promise<Response>;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function openPortfolio(page: Page, query = ""): Promise<Locator> {
  await page.goto(`/?portfolio=1${query}`);
  const dialog = page.getByRole("dialog", { name: "Portfolio" });
  await expect(dialog).toBeVisible();
  // Interactive once the page has hydrated and reopened the dialog as a modal.
  await page.waitForFunction(() => document.querySelector("dialog[open]")?.matches(":modal") === true);
  return dialog;
}

const cards = (dialog: Locator) => dialog.getByRole("article");
const cardTitles = (dialog: Locator) => cards(dialog).getByRole("heading", { level: 3 });
const count = (dialog: Locator) => dialog.getByText(/^\d+ Articles?$/);

async function choose(dialog: Locator, label: "Type" | "Publication", option: string) {
  await dialog.getByRole("button", { name: new RegExp(`^${label}\\b`) }).click();
  const list = dialog.getByRole("listbox", { name: label });
  await expect(list).toBeVisible();
  await list.getByRole("option", { name: option, exact: true }).click();
  await expect(list).toBeHidden();
}

async function createArticle(
  api: Api,
  created: string[],
  fields: Record<string, unknown>,
): Promise<ApiArticle> {
  const response = await api("/api/articles", { method: "POST", json: fields });
  expect(response.status).toBe(201);
  const article = (await response.json()) as ApiArticle;
  created.push(article.id);
  return article;
}

let created: string[] = [];
test.afterEach(async ({ server }) => {
  for (const id of created) await server.api(`/api/articles/${id}`, { method: "DELETE" });
  created = [];
});

test("the count and the grid show every article until a filter is set", async ({ page, server }) => {
  const all = (await (await server.api("/api/articles")).json()) as ApiArticle[];
  expect(all.length).toBeGreaterThanOrEqual(12);
  const dialog = await openPortfolio(page);
  await expect(count(dialog)).toHaveText(`${all.length} Articles`);
  await expect(cards(dialog)).toHaveCount(all.length);
  await expect(dialog.getByRole("button", { name: "Clear Filters" })).toHaveCount(0);
  // Newest first.
  const titles = await cardTitles(dialog).allTextContents();
  const position = (start: string) => titles.findIndex((title) => title.startsWith(start));
  const newestFirst = [
    "Flood defences on the Wend",
    "Inside the all-night sitting",
    "What the numbers say",
    "The quiet closure",
  ];
  expect(newestFirst.map(position)).toEqual([...newestFirst.map(position)].sort((a, b) => a - b));
  expect(newestFirst.map(position)).not.toContain(-1);
});

test("search matches title, outlet, description and tags as you type, ignoring case and accents", async ({
  page,
  server,
}) => {
  const token = unique();
  await createArticle(server.api, created, {
    title: `Crème brûlée and the Café Zéphyr ${token}`,
    outlet: `Gazette ${token}`,
    url: `https://gazette.example/${token}/cafe`,
    date: "2025-04-09",
    description: "A naïve review of the high street.",
    tags: ["comment"],
  });
  const dialog = await openPortfolio(page);
  const search = dialog.getByRole("searchbox", { name: "Search" });
  await expect(search).toHaveAttribute("placeholder", "Search my portfolio...");

  // Case and accents are ignored both ways.
  await search.fill(`CAFE ZEPHYR ${token.toUpperCase()}`);
  await expect(cardTitles(dialog)).toHaveText([`Crème brûlée and the Café Zéphyr ${token}`]);
  await expect(count(dialog)).toHaveText("1 Article");
  await search.fill(`crème ${token}`);
  await expect(cards(dialog)).toHaveCount(1);
  await search.fill(`naive ${token}`); // description
  await expect(cards(dialog)).toHaveCount(1);

  // Updates with each keystroke, without pressing Enter.
  await search.fill("");
  await search.pressSequentially("FERR");
  await expect(cardTitles(dialog)).toHaveText([/Harbour ferry operator fined/]);
  await search.pressSequentially("Y QQ");
  await expect(cards(dialog)).toHaveCount(0);
  await search.fill("millbrook"); // description
  await expect(cardTitles(dialog)).toHaveText([/Flood defences on the Wend/]);

  // Outlet and tags are searched too.
  await search.fill("harbour weekly");
  await expect(cardTitles(dialog)).toHaveText([/Harbour ferry operator fined/, /Fishing quotas/]);
  // 'interview': Ruth Adeyemi's own tag, the other two from the built-in map.
  await search.fill("INTERVIEW");
  await expect(cardTitles(dialog)).toHaveText([
    /a conversation with Ruth Adeyemi/,
    /Fishing quotas/,
    /Night shift/,
  ]);
});

test("type filter alone: the five public types, then only articles with that badge", async ({ page }) => {
  const dialog = await openPortfolio(page);
  const total = await cards(dialog).count();
  await dialog.getByRole("button", { name: /^Type\b/ }).click();
  await expect(dialog.getByRole("listbox", { name: "Type" }).getByRole("option")).toHaveText([
    "All Types",
    "news",
    "interview",
    "investigation",
    "data",
    "comment",
  ]);
  await page.keyboard.press("Escape");

  // Own tags and tags from the built-in map (landlord register, consultants) both count.
  await choose(dialog, "Type", "data");
  await expect(cardTitles(dialog)).toHaveText([
    /school absence in Northgate/,
    /The landlord register that nobody checks/,
    /Mapped: every closed library branch/,
    /How one council spent £2m/,
  ]);
  await expect(count(dialog)).toHaveText("4 Articles");
  for (const card of await cards(dialog).all()) {
    await expect(
      card
        .getByRole("list", { name: "Type" })
        .getByRole("listitem")
        .filter({ hasText: /^data$/ }),
    ).toHaveCount(1);
  }
  await expect(dialog.getByRole("button", { name: /^Type\b/ })).toHaveAccessibleName("Type data");
  await expect(page).toHaveURL(/[?&]ptype=data(&|$)/);

  await choose(dialog, "Type", "investigation");
  await expect(cardTitles(dialog)).toHaveText([
    /Flood defences on the Wend/,
    /How one council spent £2m/,
    /The quiet closure/,
  ]);

  await choose(dialog, "Type", "All Types");
  await expect(page).not.toHaveURL(/ptype=/);
  await expect(cards(dialog)).toHaveCount(total);
});

test("articles without valid tags take their badges from the built-in map by URL", async ({
  page,
  server,
}) => {
  // Demo content: the bus-map story is stored without tags.
  const demo = await openPortfolio(page, "&pq=all-night");
  await expect(cards(demo).getByRole("list", { name: "Type" }).getByRole("listitem")).toHaveText(["news"]);

  const token = unique();
  await createArticle(server.api, created, {
    title: `Mapped bus cuts ${token}`,
    outlet: "The Civic Ledger",
    // In src/domain/known-article-tags.json as data + comment; 'www.' and the slash do not matter.
    url: "https://www.civicledger.example/housing/landlord-register-unchecked/",
    date: "2024-02-02",
    tags: ["Elections"],
  });
  const dialog = await openPortfolio(page, `&pq=${token}`);
  const card = cards(dialog).filter({ hasText: token });
  await expect(card.getByRole("list", { name: "Type" }).getByRole("listitem")).toHaveText([
    "data",
    "comment",
  ]);
  await choose(dialog, "Type", "comment");
  await expect(cardTitles(dialog)).toHaveText([`Mapped bus cuts ${token}`]);
  await choose(dialog, "Type", "news");
  await expect(cards(dialog)).toHaveCount(0);
});

test("publication filter alone: All Publications plus each outlet once, sorted", async ({ page }) => {
  const dialog = await openPortfolio(page);
  await dialog.getByRole("button", { name: /^Publication\b/ }).click();
  const options = await dialog
    .getByRole("listbox", { name: "Publication" })
    .getByRole("option")
    .allTextContents();
  expect(options[0]).toBe("All Publications");
  const outlets = options.slice(1);
  expect(outlets).toEqual(
    [...new Set(outlets)].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })),
  );
  const demo = [
    "Data Desk Review",
    "Harbour Weekly",
    "Northgate Courier",
    "The Civic Ledger",
    "The Meridian Herald",
  ];
  expect(outlets.filter((outlet) => demo.includes(outlet))).toEqual(demo);
  await page.keyboard.press("Escape");

  await choose(dialog, "Publication", "Harbour Weekly");
  await expect(cardTitles(dialog)).toHaveText([/Harbour ferry operator fined/, /Fishing quotas/]);
  await expect(count(dialog)).toHaveText("2 Articles");
  await expect(page).toHaveURL(/[?&]ppub=Harbour(\+|%20)Weekly(&|$)/);
  await expect(dialog.getByRole("button", { name: /^Publication\b/ })).toHaveAccessibleName(
    "Publication Harbour Weekly",
  );
});

test("date range alone: 'to' includes its whole day, 'from' its own day", async ({ page }) => {
  const dialog = await openPortfolio(page);
  const from = dialog.getByLabel("From");
  const to = dialog.getByLabel("To", { exact: true });
  await from.fill("2025-06-17");
  await to.fill("2025-12-04");
  // The browser shows the day in its own locale; the site's format is said beside it.
  await expect(from).toHaveAccessibleDescription("17 June 2025");
  await expect(to).toHaveAccessibleDescription("4 December 2025");
  await expect(cardTitles(dialog)).toHaveText([
    /Harbour ferry operator fined/, // 2025-12-04, the 'to' day itself
    /Fishing quotas/,
    /Mapped: every closed library branch/,
    /How one council spent £2m/, // 2025-06-17, the 'from' day itself
  ]);
  await expect(count(dialog)).toHaveText("4 Articles");
  await expect(page).toHaveURL(/pfrom=2025-06-17/);
  await expect(page).toHaveURL(/pto=2025-12-04/);

  await to.fill("2025-12-03");
  await expect(cardTitles(dialog)).toHaveText([
    /Fishing quotas/,
    /Mapped: every closed library branch/,
    /How one council spent £2m/,
  ]);

  await from.fill("2026-09-02");
  await to.fill("2026-10-31");
  await expect(cardTitles(dialog)).toHaveText([/Flood defences on the Wend/, /all-night sitting/]);
});

test("articles without a valid date are left out while a date filter is set", async ({ page, server }) => {
  const token = unique();
  for (const [label, date] of [
    ["undated", ""],
    ["seasonal", "Spring 2025"],
    ["dated", "15 May 2025"],
  ]) {
    await createArticle(server.api, created, {
      title: `${label} piece ${token}`,
      outlet: `Almanac ${token}`,
      url: `https://almanac.example/${token}/${label}`,
      date,
    });
  }
  const dialog = await openPortfolio(page, `&pq=${token}`);
  await expect(cards(dialog)).toHaveCount(3);
  // An unreadable date is shown as written; a readable one as 'D Month YYYY'.
  await expect(cards(dialog).filter({ hasText: "seasonal" })).toContainText("Spring 2025");
  await expect(cards(dialog).filter({ hasText: "dated piece" }).locator("time")).toHaveText("15 May 2025");
  await dialog.getByLabel("To", { exact: true }).fill("2030-01-01");
  await expect(cardTitles(dialog)).toHaveText([`dated piece ${token}`]);
});

test("filters combine: search, type, publication and dates together", async ({ page }) => {
  const dialog = await openPortfolio(page);
  await choose(dialog, "Publication", "Data Desk Review");
  await expect(cards(dialog)).toHaveCount(2);
  await choose(dialog, "Type", "investigation");
  await expect(cardTitles(dialog)).toHaveText([/How one council spent £2m/]);
  await choose(dialog, "Type", "news");
  await expect(cardTitles(dialog)).toHaveText([/Mapped: every closed library branch/]);
  await choose(dialog, "Publication", "Harbour Weekly");
  await expect(cardTitles(dialog)).toHaveText([/Harbour ferry operator fined/]);
  await choose(dialog, "Type", "All Types");
  await expect(cards(dialog)).toHaveCount(2);
  await dialog.getByLabel("To", { exact: true }).fill("2025-11-30");
  await expect(cardTitles(dialog)).toHaveText([/Fishing quotas/]);
  await dialog.getByRole("searchbox", { name: "Search" }).fill("ferry");
  await expect(dialog.getByText("No Articles Found")).toBeVisible();
  await expect(count(dialog)).toHaveText("0 Articles");
});

test("the empty state explains itself and Clear Filters brings every article back", async ({ page }) => {
  const dialog = await openPortfolio(page);
  const total = await cards(dialog).count();
  const clear = dialog.getByRole("button", { name: "Clear Filters" });
  await expect(clear).toHaveCount(0);

  await dialog.getByRole("searchbox", { name: "Search" }).fill("no such story anywhere");
  await expect(dialog.getByRole("heading", { name: "No Articles Found" })).toBeVisible();
  await expect(dialog.getByText("Try adjusting your search or filters to find more articles.")).toBeVisible();
  await expect(cards(dialog)).toHaveCount(0);
  await expect(count(dialog)).toHaveText("0 Articles");

  await choose(dialog, "Type", "comment");
  await choose(dialog, "Publication", "The Civic Ledger");
  await dialog.getByLabel("From").fill("2020-01-01");
  await expect(clear).toBeVisible();
  await clear.click();

  await expect(cards(dialog)).toHaveCount(total);
  await expect(count(dialog)).toHaveText(`${total} Articles`);
  await expect(clear).toHaveCount(0);
  await expect(dialog.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  await expect(dialog.getByRole("searchbox", { name: "Search" })).toBeFocused();
  await expect(dialog.getByRole("button", { name: /^Type\b/ })).toHaveAccessibleName("Type All Types");
  await expect(dialog.getByLabel("From")).toHaveValue("");
  await expect(page).toHaveURL(/\?portfolio=1$/);
});

test("the URL keeps the search and filters: a reload shows the same view", async ({ page }) => {
  const dialog = await openPortfolio(page);
  await dialog.getByRole("searchbox", { name: "Search" }).fill("council");
  await choose(dialog, "Publication", "Northgate Courier");
  await dialog.getByLabel("From").fill("2025-01-01");
  await dialog.getByLabel("To", { exact: true }).fill("2026-12-31");
  await choose(dialog, "Type", "interview");
  await expect(cardTitles(dialog)).toHaveText([/a conversation with Ruth Adeyemi/]);
  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
    .toEqual({
      portfolio: "1",
      pq: "council",
      ptype: "interview",
      ppub: "Northgate Courier",
      pfrom: "2025-01-01",
      pto: "2026-12-31",
    });
  const url = new URL(page.url());

  await page.reload();
  const again = page.getByRole("dialog", { name: "Portfolio" });
  await expect(again.getByRole("searchbox", { name: "Search" })).toHaveValue("council");
  await expect(again.getByRole("button", { name: /^Type\b/ })).toHaveAccessibleName("Type interview");
  await expect(again.getByRole("button", { name: /^Publication\b/ })).toHaveAccessibleName(
    "Publication Northgate Courier",
  );
  await expect(again.getByLabel("From")).toHaveValue("2025-01-01");
  await expect(again.getByLabel("To", { exact: true })).toHaveValue("2026-12-31");
  await expect(cardTitles(again)).toHaveText([/a conversation with Ruth Adeyemi/]);
  await expect(again.getByRole("button", { name: "Clear Filters" })).toBeVisible();

  // A shared link opens the same view in a fresh page.
  const other = await page.context().newPage();
  await other.goto(url.pathname + url.search);
  await expect(cardTitles(other.getByRole("dialog", { name: "Portfolio" }))).toHaveText([
    /a conversation with Ruth Adeyemi/,
  ]);
  await other.close();
});
