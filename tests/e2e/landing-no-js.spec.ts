import { formatArticleDate, formatLongUs } from "../../src/domain/dates";
import { sortArticlesByDateDesc } from "../../src/domain/list-order";
import { toReaderParagraphs } from "../../src/domain/reader-paragraphs";
import { expect, test } from "./support/fixtures";
import { publicContent } from "./landing-support";
import { GONE, STORED, test as viewerTest, viewer } from "./support/viewer-fixtures";

test.describe("landing page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows all content and every link works as a plain link", async ({ page, server }) => {
    const { site, articles } = await publicContent(server);
    const experiences = (await (await server.api("/api/experiences")).json()) as {
      role: string;
      bullets: string[];
    }[];
    const education = (await (await server.api("/api/education")).json()) as {
      institution: string;
      details: string[];
    }[];
    await page.goto("/");

    await expect(page.getByRole("heading", { level: 1, name: site.name })).toBeVisible();
    await expect(page.locator(".lp-typed__shown")).toHaveText(site.name);
    await expect(page.locator(".lp-typed__shown")).toBeVisible();
    await expect(page.getByText(site.hero.tagline)).toBeVisible();
    await expect(page.locator(".lp-profile__about")).toContainText(site.about.split("\n")[0]!);
    // Sending needs the script: the toggle says so by being disabled instead of doing nothing.
    await expect(page.locator("#contact").getByRole("button", { name: "Send Message" })).toBeDisabled();

    for (const article of articles.filter((a) => a.featured)) {
      await expect(page.locator("#work").getByRole("heading", { name: article.title })).toBeVisible();
    }
    for (const experience of experiences) {
      await expect(
        page.locator("#experience").getByText(experience.role, { exact: true }).first(),
      ).toBeVisible();
      for (const bullet of experience.bullets) await expect(page.getByText(bullet)).toBeVisible();
    }
    // The accordion cannot open without scripts, so every entry shows its details.
    for (const entry of education) {
      await expect(page.locator("#education").getByText(entry.institution)).toBeVisible();
      for (const detail of entry.details)
        await expect(page.locator("#education").getByText(detail)).toBeVisible();
    }

    // Section buttons are in-page links; 'Read article', LATEST and PORTFOLIO are real links.
    const nav = page.getByRole("navigation", { name: "Sections" });
    await expect(nav.getByRole("link", { name: "WORK", exact: true })).toHaveAttribute("href", "#work");
    await expect(page.getByRole("link", { name: "PORTFOLIO", exact: true })).toHaveAttribute(
      "href",
      "/?portfolio=1",
    );
    const reads = page.locator("#work").getByRole("link", { name: /^Read article/ });
    await expect(reads.first()).toHaveAttribute("href", /^\/\?article=/);

    await nav.getByRole("link", { name: "EXPERIENCE", exact: true }).click();
    await expect(page).toHaveURL(/#experience$/);
    await reads.first().click();
    await expect(page).toHaveURL(/\/\?article=[^&]+$/);
    await expect(page.getByRole("heading", { level: 1, name: site.name })).toBeVisible();
  });

  test("a shared '?article=' link shows the article's own text, and Previous / Next / Close load pages", async ({
    page,
    server,
  }) => {
    const { articles } = await publicContent(server);
    const inOrder = sortArticlesByDateDesc(articles);
    const [first, second, third] = inOrder;
    expect(second!.content.trim()).not.toBe("");
    await page.goto(`/?article=${second!.id}`);

    const dialog = viewer(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(".viewer-header .viewer-title")).toHaveText(second!.title);
    const reader = dialog.locator("article.reader");
    await expect(reader.getByRole("heading", { level: 2, name: second!.title })).toBeVisible();
    await expect(reader.locator(".reader-outlet")).toHaveText(second!.outlet);
    await expect(reader.locator(".reader-date")).toHaveText(formatArticleDate(second!.date, formatLongUs));
    const paragraphs = toReaderParagraphs(second!.content);
    expect(paragraphs.length).toBeGreaterThan(1);
    await expect(reader.locator(".reader-body > *")).toHaveText(paragraphs.map((p) => p.text));
    await expect(reader.getByText(paragraphs.at(-1)!.text)).toBeVisible();
    const original = reader.getByRole("link", { name: "View Original" });
    await expect(original).toHaveAttribute("href", second!.url);
    await expect(original).toHaveAttribute("target", "_blank");
    // No spinner, and no mode toggle that would need scripts.
    await expect(dialog.getByText("Loading article content...")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Original Site" })).toBeHidden();
    await expect(dialog.locator(".viewer-count")).toHaveText(`2 of ${inOrder.length}`);

    await dialog.getByRole("button", { name: "Next Article" }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?article=${third!.id}$`));
    await expect(dialog.locator(".viewer-header .viewer-title")).toHaveText(third!.title);
    await expect(dialog.locator("article.reader .reader-title")).toHaveText(third!.title);
    await dialog.getByRole("button", { name: "Previous Article" }).click();
    await dialog.getByRole("button", { name: "Previous Article" }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?article=${first!.id}$`));
    await expect(dialog.getByRole("button", { name: "Previous Article" })).toBeDisabled();

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/\??$/);
    await expect(viewer(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

viewerTest.describe("article viewer without JavaScript", () => {
  viewerTest.use({ javaScriptEnabled: false });

  viewerTest(
    "the owner's stored text is rendered with the page; the publisher is never asked",
    async ({ page, world }) => {
      const response = await page.goto(`/?article=${world.ids.stored}`);
      // The text is in the page as sent, not put there by a script.
      const html = await response!.text();
      expect(html).toContain("a second pair of hands before the storms came in January");

      const reader = viewer(page).locator("article.reader");
      await expect(reader.getByRole("heading", { level: 2, name: STORED.title })).toBeVisible();
      await expect(reader.locator(".reader-outlet")).toHaveText(STORED.outlet);
      await expect(reader.locator(".reader-date")).toHaveText("January 1, 2026");
      await expect(reader.locator(".reader-excerpt")).toHaveText(STORED.description);
      await expect(reader.getByRole("heading", { level: 3 })).toHaveText("THE LETTERS");
      await expect(
        reader.getByText("The last keeper of the Northgate light spent his final winter"),
      ).toBeVisible();
      await expect(reader.locator(".reader-image img")).toHaveAttribute(
        "src",
        /^\/api\/images\?url=%2Fdemo%2Fharbour-dawn\.jpg&w=640&f=base/,
      );
      await expect(reader.getByText(`Originally published on ${STORED.outlet}`)).toBeVisible();
      await expect(reader.getByRole("link", { name: "View Original" })).toHaveAttribute(
        "href",
        world.publisher.url("/stored"),
      );
      expect(world.publisher.hits("/stored")).toBe(0);
    },
  );

  viewerTest(
    "an article with no text of its own shows the failure view with the way to the original, not a spinner",
    async ({ page, world }) => {
      const address = world.publisher.url(`/never-read-${Date.now()}`);
      await world.movePilots(address);
      try {
        await page.goto(`/?article=${world.ids.pilots}`);
        const dialog = viewer(page);
        await expect(dialog.locator(".viewer-header .viewer-title")).toHaveText(
          "Harbour pilots warn of night-time risks",
        );
        const failure = dialog.getByRole("alert");
        await expect(failure.getByRole("heading", { name: "Unable to Load Content" })).toBeVisible();
        const link = failure.getByRole("link", { name: "Read Original Article" });
        await expect(link).toHaveAttribute("href", address);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(failure.getByText("Opens in a new tab", { exact: true })).toBeVisible();
        await expect(failure.getByText("Reading this article here needs JavaScript.")).toBeVisible();
        await expect(dialog.getByText("Loading article content...")).toBeHidden();
        await expect(dialog.locator(".viewer-spinner")).toBeHidden();
        // Server rendering never fetches a publisher's page.
        expect(world.publisher.hits(new URL(address).pathname)).toBe(0);

        // The same holds for an article whose publisher is gone: no request, the same view.
        await page.goto(`/?article=${world.ids.gone}`);
        await expect(dialog.locator(".viewer-header .viewer-title")).toHaveText(GONE.title);
        await expect(
          dialog.getByRole("alert").getByRole("link", { name: "Read Original Article" }),
        ).toHaveAttribute("href", world.publisher.url("/gone"));
      } finally {
        await world.movePilots(world.publisher.url("/pilots"));
      }
    },
  );
});
