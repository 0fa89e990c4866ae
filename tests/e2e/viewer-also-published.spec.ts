import type { Page } from "@playwright/test";
import type { Article } from "../../src/domain/content";
import type { ReaderContent } from "../../src/domain/reader-content";
import { gotoHydrated, WIDTHS } from "./landing-support";
import { expectNoViolations } from "./support/axe";
import { openDesk, type FakeDesk } from "./support/fake-desk";
import { startFakePublisher, type FakePublisher } from "./support/fake-publisher";
import { expect, test as base } from "./support/fixtures";
import { publisherFixtures } from "./support/publisher-fixtures";
import { openViewer, viewer } from "./support/viewer-fixtures";

/**
 * 'Also published at …' (clip watch, issue 28): a copy of a portfolio article that a check finds
 * at a syndication partner is shown on that article in the viewer, to visitors, whether the page
 * was rendered with the article's text ('/?article=') or the viewer read it from the API.
 */
const test = base.extend<{ desk: FakeDesk }, { publisher: FakePublisher }>({
  ...publisherFixtures({ LINK_CHECK_PAUSE_MS: "0" }),
  desk: async ({ publisher }, use) => use(openDesk(publisher)),
});

const TITLE = "Harbour dredging plan splits the town";

const alsoLine = (page: Page) =>
  viewer(page)
    .locator("article.reader")
    .getByText(/^Also published at /);

test("syndicated copies found by a check appear on their article as 'Also published at <host> and <host>', linking to the copies", async ({
  page,
  server,
  desk,
}) => {
  const created = await server.api("/api/articles", {
    method: "POST",
    json: {
      title: TITLE,
      outlet: "The Coast Courier",
      url: `https://courier.example/news/harbour-dredging-${Date.now().toString(36)}`,
      date: new Date().toISOString().slice(0, 10),
      content: "The council voted five to four to dredge the outer harbour.\n\nResidents were split.",
    },
  });
  expect(created.status).toBe(201);
  const article = (await created.json()) as Article;
  // A second partner: another loopback address is another outlet.
  const partner = await startFakePublisher({}, "127.0.0.2");
  const partnerDesk = openDesk(partner);
  const sources: string[] = [];
  try {
    for (const feedUrl of [desk.feedUrl, partnerDesk.feedUrl]) {
      const watched = await server.api("/api/watch/sources", { method: "POST", json: { url: feedUrl } });
      expect(watched.status).toBe(201);
      sources.push(((await watched.json()) as { id: string }).id);
    }
    // Each partner runs the story under the same headline and names the original as canonical.
    const canonical = `<link rel="canonical" href="${article.url}">`;
    const copy = desk.publish(TITLE, undefined, canonical);
    const partnerCopy = partnerDesk.publish(TITLE, undefined, canonical);
    expect((await server.api("/api/watch/check", { method: "POST" })).status).toBe(202);
    await expect
      .poll(async () => {
        const reader = (await (
          await server.api(`/api/articles/${article.id}/reader`)
        ).json()) as ReaderContent;
        return [...(reader.alsoPublishedAt ?? [])].sort();
      })
      .toEqual([copy, partnerCopy].sort());

    // A first render that differs from the browser's (a hydration mismatch) is reported as an error.
    const problems: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && problems.push(message.text())));
    page.on("pageerror", (error) => problems.push(error.message));
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      // The page is rendered with the article's own text: the line is in it from the first render.
      await openViewer(page, article.id);
      const line = alsoLine(page);
      await expect(line).toHaveText(/^Also published at 127\.0\.0\.[12] and 127\.0\.0\.[12]$/);
      for (const [host, url] of [
        ["127.0.0.1", copy],
        ["127.0.0.2", partnerCopy],
      ] as const) {
        const link = line.getByRole("link", { name: host, exact: true });
        await expect(link).toHaveAttribute("href", url);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      }
      await line.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      const box = await line.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
      await expectNoViolations(page, `viewer with 'Also published at' at ${size.width} px`, {
        include: ["dialog.viewer"],
      });
      await page.screenshot({ path: test.info().outputPath(`viewer-also-published-${size.width}.png`) });
    }
    expect(problems).toEqual([]);

    // Opened from the page, the viewer reads the article from the API: the line comes with it.
    await page.setViewportSize(WIDTHS[0]);
    await gotoHydrated(page);
    const read = page.waitForResponse((response) =>
      response.url().endsWith(`/api/articles/${article.id}/reader`),
    );
    await page
      .getByRole("link", { name: new RegExp(`^Read article\\s*:\\s*${TITLE}`) })
      .first()
      .click();
    expect((await read).status()).toBe(200);
    await expect(alsoLine(page).getByRole("link", { name: "127.0.0.2", exact: true })).toHaveAttribute(
      "href",
      partnerCopy,
    );
  } finally {
    for (const id of sources) await server.api(`/api/watch/sources/${id}`, { method: "DELETE" });
    await server.api(`/api/articles/${article.id}`, { method: "DELETE" });
    await partner.close();
  }
});
