import type { ClipCollection } from "../../src/domain/collections";
import type { Article } from "../../src/domain/content";
import { expect, test, unique } from "./admin-helpers";
import { WIDTHS } from "./landing-support";
import { expectNoViolations } from "./support/axe";

/**
 * Read counts (issue 29): a visitor, not signed in, opens an unlisted collection from another
 * site's link and a clip in the viewer; the owner's Collections tab then says it was opened once,
 * and that its PDF was downloaded, and the Readers view counts the opening, the article and the
 * referring site. The visitor's
 * browser says it is a desktop Chrome: the headless shell's own User-Agent is a bot's, never
 * counted.
 */

const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

for (const size of WIDTHS) {
  test(`${size.name}: a visitor's opening shows in the Collections tab and the Readers view`, async ({
    page,
    server,
    browser,
  }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const tag = unique("Counted");
    const created = await server.api("/api/articles", {
      method: "POST",
      json: {
        title: `${tag} story`,
        outlet: "Harbour Weekly",
        url: `https://harbour.example/${encodeURIComponent(tag)}`,
        description: "A story for the count.",
      },
    });
    const article = (await created.json()) as Article;
    const title = `${tag} for the desk`;
    const made = await server.api("/api/collections", {
      method: "POST",
      json: { title, articleIds: [article.id], visibility: "unlisted" },
    });
    const collection = (await made.json()) as ClipCollection;
    // Not signed in: the test's own storage state (the owner's session) would otherwise apply here too.
    const guest = await browser.newContext({
      storageState: { cookies: [], origins: [] },
      baseURL: server.url,
      viewport: { width: size.width, height: size.height },
      userAgent: DESKTOP_CHROME,
    });
    try {
      await page.goto("/admin/dashboard/collections");
      const entry = page.locator(".collection-entry", { hasText: title });
      await expect(entry).toContainText("Not opened yet");
      await expect(entry).toContainText("PDF not downloaded yet");
      // This server sends no e-mail (no SMTP_URL): the switch would promise one, so the entry says why not.
      await expect(entry).toContainText(
        "E-mail is not set up on this server (SMTP_URL), so no e-mail can be sent.",
      );
      await expect(entry.getByRole("checkbox", { name: /^E-mail me/ })).toHaveCount(0);

      // The visitor follows a link from another site, then opens the clip in the viewer.
      const visitor = await guest.newPage();
      const opened = visitor.waitForRequest((request) => request.url().endsWith("/api/beacon"));
      await visitor.goto(`/c/${collection.token}`, { referer: "https://news.example.com/roundup?id=7" });
      await opened;
      const read = visitor.waitForRequest((request) => request.url().endsWith("/api/beacon"));
      await visitor.getByRole("link", { name: `${tag} story` }).click();
      await expect(visitor.getByRole("dialog")).toBeVisible();
      await read;

      // The open tab hears of it without a reload.
      await expect(entry).toContainText(/Opened 1 time, last (just now|1 minute ago)/);
      await expect(entry).toContainText("PDF not downloaded yet");

      // The visitor closes the clip and downloads the collection's PDF.
      await visitor.keyboard.press("Escape");
      await expect(visitor.getByRole("dialog")).toHaveCount(0);
      const [download] = await Promise.all([
        visitor.waitForEvent("download"),
        visitor.getByRole("link", { name: "Download PDF" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      await expect(entry).toContainText("PDF downloaded 1 time");
      await expectNoViolations(page, `${size.name} Collections tab with counts`, {
        include: [".dashboard__body"],
      });

      await page.getByRole("link", { name: "Readers" }).click();
      const readers = page.getByRole("region", { name: "Readers" });
      await expect(readers.getByRole("heading", { name: "Readers", level: 2 })).toBeVisible();
      await expect(readers.locator(".readers__summary")).toContainText(
        /^In the last 30 days: \d+ reader opens?, /,
      );
      await expect(
        readers.locator(".readers-chart__canvas[data-drawing='drawn'] canvas").first(),
      ).toBeVisible();
      const top = readers.getByRole("region", { name: "Top articles" });
      await expect(top.getByRole("listitem").filter({ hasText: `${tag} story` })).toContainText("1 open");
      const referrers = readers.getByRole("region", { name: "Referring sites" });
      await expect(referrers.getByRole("listitem").filter({ hasText: "news.example.com" })).toBeVisible();
      await expect(readers).not.toContainText("roundup");
      await readers.getByText("Each day’s figures").click();
      await expect(readers.getByRole("table")).toBeVisible();
      await expectNoViolations(page, `${size.name} Readers view`, { include: [".dashboard__body"] });
      await page.screenshot({ path: testInfo.outputPath(`readers-${size.name}.png`), fullPage: true });

      await readers.getByRole("link", { name: "Last 90 days" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/readers\?days=90$/);
      await expect(readers.locator(".readers__summary")).toContainText(/^In the last 90 days: /);
      await expect(readers.getByRole("link", { name: "Last 90 days" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    } finally {
      await guest.close();
      await server.api(`/api/collections/${collection.id}`, { method: "DELETE" });
    }
  });
}
