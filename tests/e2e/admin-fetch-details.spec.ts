import type { Locator } from "@playwright/test";
import { addEntry, ARTICLES, expanded, expect, expectToast, item } from "./admin-helpers";
import { test as publisherTest } from "./support/admin-publisher-fixtures";
import { articlePage } from "./support/fake-publisher";

/** 'Fetch details' in the article editor, against the fake publisher's article pages. */
const test = publisherTest.extend({
  publisher: [
    async ({ publisher }, use) => {
      publisher.route("/ferries", {
        body: articlePage({
          title: "Ferry crossings cut to two a day",
          siteName: "Estuary Times",
          author: "Sam Rowe",
          published: "2026-05-05T09:00:00Z",
          image: publisher.url("/ferries.jpg"),
          description: "Islanders say the new timetable leaves them stranded after six.",
          blocks: [
            "The ferry operator will run two crossings a day from June, down from five, the council confirmed on Tuesday.",
            "Islanders who commute to the mainland say the last boat home now leaves before most of them finish work.",
            { heading: "What The Council Says" },
            "The council said it had no choice after the operator's subsidy was halved in the spring budget.",
          ],
        }),
      });
      // A page that states no date and shows no picture.
      publisher.route("/undated", {
        body: articlePage({
          title: "Harbour wall repairs begin at last",
          siteName: "Northgate Courier",
          blocks: [
            "Repairs to the harbour wall began on Monday, three winters after storms opened a gap in its seaward face.",
            "Contractors expect the work to take most of the summer, weather permitting, according to the harbour board.",
          ],
        }),
      });
      await use(publisher);
    },
    { scope: "worker" },
  ],
});

const TODAY = new Date().toISOString().slice(0, 10);
const FIELDS = ["Title", "Outlet", "URL", "Date", "Image", "Description", "Content"] as const;

const fetchButton = (entry: Locator) => entry.getByRole("button", { name: /^(Fetch details|Fetching…)$/ });

async function values(entry: Locator): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const label of FIELDS) found[label] = await entry.getByLabel(label, { exact: true }).inputValue();
  return found;
}

test.describe("articles manager: Fetch details", () => {
  test("fills the fields from the page for review; nothing is saved until Save, and reload shows them", async ({
    page,
    server,
    publisher,
  }) => {
    const entry = await addEntry(page, ARTICLES);
    const button = fetchButton(entry);
    await expect(button).toHaveText("Fetch details");
    await expect(button).toBeDisabled();
    await entry.getByLabel("URL").fill("estuary-times/ferries");
    await expect(button).toBeDisabled();
    const address = `${publisher.url("/ferries")}?ref=${Date.now()}`;
    await entry.getByLabel("URL").fill(address);
    await expect(button).toBeEnabled();

    // While the publisher holds its answer the button says so and cannot be pressed twice.
    const release = publisher.hold("/ferries");
    try {
      await button.click();
      await expect(button).toHaveText("Fetching…");
      await expect(button).toHaveAttribute("aria-busy", "true");
      await expect(button).toBeDisabled();
    } finally {
      release();
    }
    await expectToast(page, "Details fetched: review them, then Save");
    await expect(button).toHaveText("Fetch details");
    await expect(button).not.toHaveAttribute("aria-busy");
    await expect(button).toBeEnabled();

    await expect(entry.getByLabel("Title")).toHaveValue("Ferry crossings cut to two a day");
    await expect(entry.getByLabel("Outlet")).toHaveValue("Estuary Times");
    await expect(entry.getByLabel("Date")).toHaveValue("2026-05-05");
    await expect(entry.getByText("Shown as 5 May 2026")).toBeVisible();
    await expect(entry.getByLabel("Image")).toHaveValue(publisher.url("/ferries.jpg"));
    await expect(entry.getByLabel("Description")).toHaveValue(
      "Islanders say the new timetable leaves them stranded after six.",
    );
    const content = (await entry.getByLabel("Content").inputValue()).split("\n\n");
    expect(content).toEqual([
      "The ferry operator will run two crossings a day from June, down from five, the council confirmed on Tuesday.",
      "Islanders who commute to the mainland say the last boat home now leaves before most of them finish work.",
      "What The Council Says",
      "The council said it had no choice after the operator's subsidy was halved in the spring budget.",
    ]);
    await expect(entry.getByLabel("URL")).toHaveValue(address);

    // Only the draft has changed so far.
    await expect(entry.getByText("Unsaved changes")).toBeVisible();
    await expect(entry.getByRole("button", { name: "Save" })).toBeEnabled();
    const stored = (await (await server.api("/api/articles")).json()) as { title: string; url: string }[];
    expect(stored.some((article) => article.url === address)).toBe(false);
    expect(stored.some((article) => article.title === "Ferry crossings cut to two a day")).toBe(false);

    const filled = await values(entry);
    await entry.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Article saved");
    await expect(entry.getByText("Unsaved changes")).toHaveCount(0);

    await page.reload();
    const title = "Ferry crossings cut to two a day";
    await item(page, title).getByRole("button", { name: title }).click();
    const reloaded = expanded(page);
    expect(await values(reloaded)).toEqual(filled);
    await expect(reloaded.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  test("a field the page had nothing for keeps what the owner put there; the rest take the page's values", async ({
    page,
    publisher,
  }) => {
    const entry = await addEntry(page, ARTICLES);
    await entry.getByLabel("Title").fill("My working headline");
    await entry.getByLabel("Image").fill("/demo/harbour-dawn.jpg");
    await entry.getByLabel("Featured").check();
    await entry.getByLabel("URL").fill(publisher.url("/undated"));
    await fetchButton(entry).click();
    await expectToast(page, "Details fetched: review them, then Save");

    // The page has a title and a site name: they replace the typed headline and the empty outlet.
    await expect(entry.getByLabel("Title")).toHaveValue("Harbour wall repairs begin at last");
    await expect(entry.getByLabel("Outlet")).toHaveValue("Northgate Courier");
    // No date and no picture on the page: today's date and the typed image stay.
    await expect(entry.getByLabel("Date")).toHaveValue(TODAY);
    await expect(entry.getByLabel("Image")).toHaveValue("/demo/harbour-dawn.jpg");
    await expect(entry.getByLabel("Featured")).toBeChecked();
    await expect(entry.getByLabel("Content")).toHaveValue(/^Repairs to the harbour wall began on Monday/);

    // Discard brings back the saved article, as after any edit.
    await entry.getByRole("button", { name: "Discard changes" }).click();
    await expectToast(page, "Changes reverted");
    await expect(entry.getByLabel("Title")).toHaveValue("New Article");
    await expect(entry.getByLabel("URL")).toHaveValue("");
  });

  test("a page that cannot be read shows the server's message as an error toast and leaves the draft as it was", async ({
    page,
    publisher,
  }) => {
    const entry = await addEntry(page, ARTICLES);
    await entry.getByLabel("Title").fill("Lost story");
    await entry.getByLabel("Outlet").fill("Vanished Weekly");
    await entry.getByLabel("Content").fill("The owner's own notes.");
    await entry.getByLabel("URL").fill(publisher.url("/taken-down"));
    const before = await values(entry);

    await fetchButton(entry).click();
    await expectToast(page, "Failed to fetch content: 404 Not Found", "alert");
    await expect(fetchButton(entry)).toHaveText("Fetch details");
    await expect(fetchButton(entry)).toBeEnabled();
    expect(await values(entry)).toEqual(before);
    expect(publisher.hits("/taken-down")).toBe(1);
  });

  test("fits a 375 px phone: the button sits under the URL and nothing overflows", async ({
    page,
    publisher,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const entry = await addEntry(page, ARTICLES);
    const url = entry.getByLabel("URL");
    await url.fill(publisher.url("/ferries"));
    const button = fetchButton(entry);
    await button.scrollIntoViewIfNeeded();
    const urlBox = (await url.boundingBox())!;
    const buttonBox = (await button.boundingBox())!;
    expect(buttonBox.y).toBeGreaterThanOrEqual(urlBox.y + urlBox.height);
    expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(375);
    expect(buttonBox.height).toBeGreaterThanOrEqual(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath("fetch-details-375-before.png") });

    await button.click();
    await expectToast(page, "Details fetched: review them, then Save");
    await expect(entry.getByLabel("Title")).toHaveValue("Ferry crossings cut to two a day");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await url.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("fetch-details-375-after.png") });
  });
});
