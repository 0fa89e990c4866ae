import { expect, test } from "./support/fixtures";
import { startServer, type TestServer } from "./support/test-server";
import { gotoHydrated, publicContent } from "./landing-support";

test("a new tagline saved in the settings appears on an open page without a reload", async ({
  page,
  server,
}) => {
  const { site } = await publicContent(server);
  await gotoHydrated(page);
  const marker = await page.evaluate(() => {
    (window as { __sameDocument?: boolean }).__sameDocument = true;
    return true;
  });
  expect(marker).toBe(true);

  const tagline = `Live tagline ${Date.now()}`;
  try {
    const response = await server.api("/api/site", { method: "PUT", json: { hero: { tagline } } });
    expect(response.ok).toBe(true);
    await expect(page.locator(".lp-masthead__tagline")).toHaveText(tagline);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    await server.api("/api/site", { method: "PUT", json: { hero: { tagline: site.hero.tagline } } });
  }
});

test.describe("a site with no articles yet", () => {
  let empty: TestServer;
  test.beforeAll(async () => {
    empty = await startServer({ env: { SEED_DEMO: "false" } });
  });
  test.afterAll(async () => {
    await empty.stop();
  });

  test("says 'Loading articles...' without LATEST, and the first article arrives live with LATEST", async ({
    page,
  }) => {
    await page.goto(empty.url);
    await expect(page.locator(".lp-typed")).toHaveAttribute("data-phase", "done");
    const panel = page.locator("#front");
    await expect(panel.getByText("Loading articles...")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Sections" });
    await expect(page.getByRole("link", { name: "LATEST", exact: true })).toHaveCount(0);
    await expect(nav).toBeVisible();

    const title = `First clip ${Date.now()}`;
    const response = await empty.api("/api/articles", {
      method: "POST",
      json: {
        title,
        outlet: "The First Outlet",
        url: "https://first.example/clip",
        date: "2026-11-01",
        description: "The first published piece.",
        featured: true,
      },
    });
    expect(response.status).toBe(201);
    await expect(panel.getByText(title).first()).toBeVisible();
    await expect(panel.getByText("Loading articles...")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "LATEST", exact: true })).toBeVisible();
    await expect(page.locator("#work").getByRole("heading", { name: title })).toBeVisible();
  });
});
