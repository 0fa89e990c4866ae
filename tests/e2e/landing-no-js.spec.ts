import { expect, test } from "./support/fixtures";
import { publicContent } from "./landing-support";

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
});
