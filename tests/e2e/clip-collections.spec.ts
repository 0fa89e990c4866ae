import { execFileSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import type { ClipCollection } from "../../src/domain/collections";
import type { Article } from "../../src/domain/content";
import { expect, expectToast, test, unique } from "./admin-helpers";
import { WIDTHS } from "./landing-support";
import { expectNoViolations } from "./support/axe";
import { directiveSources, inlineHashes } from "./support/csp";

/**
 * Collections (issue 29): the owner makes an unlisted collection of three articles in the
 * dashboard; a visitor with the link, not signed in, sees those three in order and no other, on a
 * page that is never indexed and never in the sitemap or the feed. New link retires the old
 * address; a private collection has no address at all.
 */

async function visitor(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  // Not the owner: a test's new context would otherwise start with the owner's signed-in state.
  const context = await browser.newContext({ baseURL, viewport, storageState: { cookies: [], origins: [] } });
  return { context, page: await context.newPage() };
}

const linkOf = (page: Page, title: string) =>
  page.locator(".collection-entry", { hasText: title }).getByRole("textbox", { name: `Link to ${title}` });

for (const size of WIDTHS) {
  test(`${size.name}: an unlisted collection of three articles, seen by its link only; New link retires the old address; private is unreachable`, async ({
    page,
    server,
    browser,
  }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const tag = unique("Pitch");
    const articles: Article[] = [];
    for (const n of [1, 2, 3, 4]) {
      const created = await server.api("/api/articles", {
        method: "POST",
        json: {
          title: `${tag} story ${n}`,
          outlet: "Harbour Weekly",
          url: `https://harbour.example/${encodeURIComponent(tag)}-${n}`,
          date: `2026-0${n}-01`,
          description: `What story ${n} is about.`,
          image: n === 3 ? "" : `/demo/${["harbour-dawn", "river-flood", "", "data-charts"][n - 1]}.jpg`,
        },
      });
      expect(created.status).toBe(201);
      articles.push((await created.json()) as Article);
    }
    const title = `${tag} for the features desk`;
    const guest = await visitor(browser, server.url, { width: size.width, height: size.height });
    try {
      await page.goto("/admin/dashboard/collections");
      await expect(page.getByRole("heading", { name: "Collections", level: 2 })).toBeVisible();
      await page.getByRole("button", { name: "New collection" }).click();
      const form = page.getByRole("form", { name: "New collection" });
      await form.getByRole("textbox", { name: "Title" }).fill(title);
      await form
        .getByRole("textbox", { name: "Introduction" })
        .fill("Three pieces on the harbour, for your series.");
      await form.getByRole("textbox", { name: "Search articles" }).fill(tag);
      for (const n of [3, 1, 2])
        await form.getByRole("checkbox", { name: new RegExp(`${tag} story ${n}`) }).check();
      // Story 2 goes first, with the keyboard.
      const chosen = form.locator(".collection-editor__chosen li");
      await expect(chosen).toHaveCount(3);
      await chosen
        .nth(2)
        .getByRole("button", { name: /^Move up/ })
        .focus();
      await page.keyboard.press("Enter");
      await chosen
        .nth(1)
        .getByRole("button", { name: /^Move up/ })
        .focus();
      await page.keyboard.press("Enter");
      await expect(chosen).toHaveText([/story 2/, /story 3/, /story 1/]);
      await form.getByRole("radio", { name: /^Unlisted link/ }).check();
      await expectNoViolations(page, `${size.name} collection form`, { include: [".dashboard__body"] });
      await form.screenshot({ path: testInfo.outputPath(`collection-form-${size.name}.png`) });
      await form.getByRole("button", { name: "Save collection" }).click();
      await expectToast(page, "Collection saved");

      const link = linkOf(page, title);
      await expect(link).toHaveValue(new RegExp(`^${server.url}/c/[A-Za-z0-9_-]{24}$`));
      const address = await link.inputValue();
      await expectNoViolations(page, `${size.name} Collections tab`, { include: [".dashboard__body"] });
      await page.screenshot({
        path: testInfo.outputPath(`collections-tab-${size.name}.png`),
        fullPage: true,
      });

      // A visitor with the link, not signed in.
      const response = await guest.page.goto(address);
      expect(response?.status()).toBe(200);
      // Its styles come inline, each allowed by its hash: nothing blocks the first paint.
      expect(await response!.text()).not.toMatch(/<link\b[^>]*rel="stylesheet"/i);
      const styleSrc = directiveSources(response!.headers()["content-security-policy"] ?? "", "style-src");
      const styles = await inlineHashes(guest.page, "head style[data-href]");
      expect(styles.length).toBeGreaterThanOrEqual(3);
      for (const hash of styles) expect(styleSrc).toContain(hash);
      await expect(guest.page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await expect(guest.page.locator(".cp-clip__title")).toHaveText([
        `${tag} story 2`,
        `${tag} story 3`,
        `${tag} story 1`,
      ]);
      await expect(guest.page.getByText(`${tag} story 4`)).toHaveCount(0);
      await expect(guest.page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      // The front page's contact form, behind its Send Message button.
      await guest.page.locator("#contact").getByRole("button", { name: "Send Message" }).click();
      await expect(guest.page.locator("#contact form")).toBeVisible();
      await expectNoViolations(guest.page, `${size.name} collection page`);
      await guest.page.screenshot({
        path: testInfo.outputPath(`collection-page-${size.name}.png`),
        fullPage: true,
      });
      // Its PDF clip book downloads: those three headlines, in order, and no other.
      const [download] = await Promise.all([
        guest.page.waitForEvent("download"),
        guest.page.getByRole("link", { name: "Download PDF" }).click(),
      ]);
      expect(download.suggestedFilename().endsWith(` - ${title}.pdf`)).toBe(true);
      const pdf = testInfo.outputPath(`collection-${size.name}.pdf`);
      await download.saveAs(pdf);
      const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
      const at = [2, 3, 1].map((n) => text.lastIndexOf(`${tag} story ${n}`));
      expect(at.every((position, i) => position > (at[i - 1] ?? 0))).toBe(true);
      expect(text).not.toContain(`${tag} story 4`);

      // A clip opens in the site's article viewer.
      await guest.page.getByRole("link", { name: `${tag} story 3` }).click();
      await expect(guest.page.getByRole("dialog")).toBeVisible();
      await expect(guest.page).toHaveURL(new RegExp(`\\?article=${articles[2]!.id}$`));

      const token = address.split("/c/")[1]!;
      for (const listing of ["/sitemap.xml", "/feed.xml"]) {
        const text = await (await guest.context.request.get(listing)).text();
        expect(text).not.toContain(token);
        expect(text).not.toContain("/c/");
      }

      // New link says what it does; Open opens the address in a new tab.
      const entry = page.locator(".collection-entry", { hasText: title });
      await expect(entry.getByRole("link", { name: /^Open/ })).toHaveAttribute("href", address);
      await expect(entry.getByRole("link", { name: /^Open/ })).toHaveAttribute("target", "_blank");
      await expect(entry.getByRole("button", { name: /^New link/ })).toHaveAccessibleDescription(
        "New link gives the collection a new address: the old one stops working.",
      );
      // New link: the old address answers 404, the new one the page.
      await entry.getByRole("button", { name: /^New link/ }).click();
      await expectToast(page, "New link made: the old one no longer works");
      await expect(link).not.toHaveValue(address);
      const renewed = await link.inputValue();
      await expect(entry.getByRole("link", { name: /^Open/ })).toHaveAttribute("href", renewed);
      expect((await guest.page.goto(address))?.status()).toBe(404);
      expect((await guest.page.goto(renewed))?.status()).toBe(200);

      // Private: no address at all.
      await page
        .locator(".collection-entry", { hasText: title })
        .getByRole("button", { name: /^Edit/ })
        .click();
      const edit = page.getByRole("form", { name: `Edit “${title}”` });
      await edit.getByRole("radio", { name: /^Private/ }).check();
      await edit.getByRole("button", { name: "Save collection" }).click();
      await expectToast(page, "Collection saved");
      await expect(page.locator(".collection-entry", { hasText: title })).toContainText("Private");
      expect((await guest.page.goto(renewed))?.status()).toBe(404);
      expect(
        (await guest.context.request.get(`/api/collections/by-token/${renewed.split("/c/")[1]}`)).status(),
      ).toBe(404);
    } finally {
      await guest.context.close();
      const mine = (await (await server.api("/api/collections")).json()) as ClipCollection[];
      for (const collection of mine.filter((entry) => entry.title === title))
        await server.api(`/api/collections/${collection.id}`, { method: "DELETE" });
    }
  });
}

test("a public collection is a Collection filter of the Portfolio; unlisted and private ones are not listed", async ({
  browser,
  server,
}) => {
  const tag = unique("Filter");
  const ids: string[] = [];
  for (const n of [1, 2, 3]) {
    const created = await server.api("/api/articles", {
      method: "POST",
      json: {
        title: `${tag} piece ${n}`,
        outlet: "Harbour Weekly",
        url: `https://harbour.example/${n}-${Date.now()}`,
      },
    });
    ids.push(((await created.json()) as Article).id);
  }
  const made: string[] = [];
  for (const [visibility, articleIds] of [
    ["public", [ids[0], ids[2]]],
    ["unlisted", [ids[1]]],
    ["private", [ids[1]]],
  ] as const) {
    const response = await server.api("/api/collections", {
      method: "POST",
      json: { title: `${tag} ${visibility}`, articleIds, visibility },
    });
    made.push(((await response.json()) as ClipCollection).id);
  }
  const guest = await visitor(browser, server.url, { width: 1280, height: 800 });
  try {
    await guest.page.goto("/?portfolio=1");
    const dialog = guest.page.getByRole("dialog", { name: "Portfolio" });
    await guest.page.waitForFunction(
      () => document.querySelector("dialog[open]")?.matches(":modal") === true,
    );
    await dialog.getByRole("button", { name: /^Collection\b/ }).click();
    const list = dialog.getByRole("listbox", { name: "Collection" });
    await expect(list.getByRole("option")).toHaveText(["All Collections", `${tag} public`]);
    await list.getByRole("option", { name: `${tag} public` }).click();
    await expect(dialog.getByText(/^\d+ Articles$/)).toHaveText("2 Articles");
    const headings = await dialog.getByRole("article").getByRole("heading", { level: 3 }).allTextContents();
    expect(headings.sort()).toEqual([`${tag} piece 1`, `${tag} piece 3`]);
    await expect(guest.page).toHaveURL(new RegExp(`pcoll=${made[0]}`));

    // Its own page, which anyone may find and index, with its PDF clip book.
    await dialog.getByRole("link", { name: `Open “${tag} public” as a page` }).click();
    await expect(guest.page).toHaveURL(new RegExp(`/collections/${made[0]}$`));
    await expect(guest.page.getByRole("heading", { name: `${tag} public`, level: 1 })).toBeVisible();
    await expect(guest.page.locator(".cp-clip__title")).toHaveText([`${tag} piece 1`, `${tag} piece 3`]);
    await expect(guest.page.locator('meta[name="robots"]')).toHaveCount(0);
    const pdf = await guest.context.request.get(`/api/collections/${made[0]}/clip-book.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    // Unlisted and private collections have no such page, nor a PDF by id.
    for (const id of made.slice(1)) {
      expect((await guest.page.goto(`/collections/${id}`))?.status()).toBe(404);
      expect((await guest.context.request.get(`/api/collections/${id}/clip-book.pdf`)).status()).toBe(404);
    }
  } finally {
    await guest.context.close();
    for (const id of made) await server.api(`/api/collections/${id}`, { method: "DELETE" });
  }
});
