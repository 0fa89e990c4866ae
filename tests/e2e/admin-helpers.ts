import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, OWNER, test as base } from "./support/fixtures";

/** Shared steps of the admin manager specs. Each test makes and finds its own items by unique text. */

/**
 * Tests start signed in as the owner. The browser context signs in once per worker and every
 * test reuses that session: sign-in is rate limited per address, so signing in for each test would
 * soon be refused.
 */
export const test = base.extend<{ leaveContentAsFound: void }, { ownerState: string }>({
  /**
   * The worker's server is shared with the other specs: each test deletes the items it created
   * and puts the settings back as it found them.
   */
  leaveContentAsFound: [
    async ({ server }, use) => {
      const read = async (path: string) => (await server.api(path)).json();
      const before = new Map<string, Set<string>>();
      for (const path of COLLECTION_PATHS) {
        before.set(path, new Set(((await read(path)) as { id: string }[]).map((entry) => entry.id)));
      }
      const site: unknown = await read("/api/site");
      await use();
      for (const path of COLLECTION_PATHS) {
        for (const entry of (await read(path)) as { id: string }[]) {
          if (!before.get(path)!.has(entry.id)) await server.api(`${path}/${entry.id}`, { method: "DELETE" });
        }
      }
      if (JSON.stringify(await read("/api/site")) !== JSON.stringify(site)) {
        await server.api("/api/site", { method: "PUT", json: site });
      }
    },
    { auto: true },
  ],
  ownerState: [
    async ({ server, browser }, use) => {
      // Once the server's own owner client is in, the owner account exists: one sign-in suffices.
      await server.api("/api/session");
      // Signing in through the API keeps the cookie in this context, exactly as the form would.
      const context = await browser.newContext({ baseURL: server.url });
      const response = await context.request.post("/api/session", {
        data: OWNER,
        headers: { Origin: server.url },
      });
      expect(response.status()).toBe(200);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "byline-owner-")), "state.json");
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: "worker" },
  ],
  storageState: async ({ ownerState }, use) => use(ownerState),
});

export { expect, OWNER };

const COLLECTION_PATHS = ["/api/experiences", "/api/education", "/api/articles"];

/**
 * Opens a dashboard section, signed in, and waits until React has hydrated it: the managers keep
 * their controls disabled until then, so a key pressed earlier would land on another control.
 */
export async function openSection(page: Page, section: string, heading: string) {
  await page.goto(`/admin/dashboard/${section}`);
  await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
  if (section === "settings") await expect(page.locator("fieldset.settings__fields")).toBeEnabled();
  else if (COLLECTION_SECTIONS.some((entry) => entry.section === section))
    await expect(page.locator(".manager__head").getByRole("button", { name: /^Add / })).toBeEnabled();
}

/** The three collection managers: their route, their heading and the noun their buttons and toasts use. */
export const COLLECTION_SECTIONS = [
  { section: "experiences", heading: "Experiences", noun: "experience", title: "Experience" },
  { section: "education", heading: "Education", noun: "education", title: "Education" },
  { section: "articles", heading: "Articles", noun: "article", title: "Article" },
] as const;
export const [EXPERIENCES, EDUCATION, ARTICLES] = COLLECTION_SECTIONS;
export type CollectionSection = (typeof COLLECTION_SECTIONS)[number];

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

/** The list entry whose heading shows `text`. */
export function item(page: Page, text: string): Locator {
  return page.locator(".items > li").filter({ has: page.getByRole("button", { name: text }) });
}

/** The one expanded entry. */
export function expanded(page: Page): Locator {
  return page.locator(".items > li.item--expanded");
}

/** A success or info toast is announced politely, an error assertively. */
export async function expectToast(page: Page, text: string, kind: "status" | "alert" = "status") {
  await expect(page.getByRole(kind).getByText(text, { exact: true })).toBeVisible();
}

/** Clicks Add and returns the new entry, open and pinned on top. */
export async function addItem(page: Page, noun: string, toast: string): Promise<Locator> {
  await page.getByRole("button", { name: `Add ${noun}` }).click();
  await expectToast(page, toast);
  const entry = expanded(page);
  await expect(entry).toBeVisible();
  await expect(page.locator(".items > li").first()).toHaveClass(/item--expanded/);
  return entry;
}

/** Opens a collection manager and adds an entry: the new entry, open and pinned on top. */
export async function addEntry(page: Page, manager: CollectionSection): Promise<Locator> {
  await openSection(page, manager.section, manager.heading);
  return addItem(page, manager.noun, `${manager.title} added`);
}

/** Saves `entry`, reloads the page and opens the entry named `name` again, as the server keeps it. */
export async function saveAndReopen(
  page: Page,
  entry: Locator,
  manager: CollectionSection,
  name: string,
): Promise<Locator> {
  await entry.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${manager.title} saved`);
  await page.reload();
  await item(page, name).getByRole("button", { name }).click();
  return expanded(page);
}

/** Saves `entry` and checks the refusal: the error toast, each field message, and the draft kept. */
export async function expectSaveRefused(
  page: Page,
  entry: Locator,
  manager: CollectionSection,
  messages: string[],
) {
  await entry.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `Failed to save ${manager.noun}`, "alert");
  for (const message of messages) await expect(entry.getByText(message)).toBeVisible();
  await expect(entry.getByText("Unsaved changes")).toBeVisible();
}

/** Confirms the deletion of `entry` in the dialog and checks that it is gone. */
export async function deleteItem(page: Page, entry: Locator, toast: string) {
  await entry.getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(page, toast);
  await expect(entry).toHaveCount(0);
}

/** Opens the deletion dialog of `entry`, dismisses it by `how`, and checks the entry is still there. */
export async function dismissDelete(page: Page, entry: Locator, how: "Cancel" | "Escape") {
  await entry.getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  if (how === "Cancel") await dialog.getByRole("button", { name: "Cancel" }).click();
  else await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole("button", { name: "Delete", exact: true })).toBeFocused();
}

/** Makes every `method` request to `path` (a glob) fail with a server error. */
export async function failRequests(page: Page, path: string, method: string) {
  await page.route(path, (route) =>
    route.request().method() === method
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: '{"error":{"code":"boom","message":"Server error"}}',
        })
      : route.fallback(),
  );
}

/**
 * Makes the section's own re-reads fail (its loader is fetched on its own, as `_routes=<id>`),
 * while the dashboard around it keeps loading.
 */
export async function failSectionReloads(page: Page, section: string) {
  await page.route(`**/admin/dashboard/${section}.data*`, (route) =>
    new URL(route.request().url()).searchParams.get("_routes") === `routes/admin-${section}`
      ? route.fulfill({ status: 500, body: "Server error" })
      : route.fallback(),
  );
}

/** The required marker sits in the visible label and the control is marked required. */
export async function expectRequired(scope: Locator, label: string, required = true) {
  const control = scope.getByLabel(label, { exact: true });
  const marker = scope.locator(`label[for="${await control.getAttribute("id")}"] + .required-marker`);
  if (required) {
    await expect(control).toHaveAttribute("required", "");
    await expect(marker).toBeVisible();
    await expect(marker).toHaveText("*");
  } else {
    await expect(control).not.toHaveAttribute("required", "");
    await expect(marker).toHaveCount(0);
  }
}
