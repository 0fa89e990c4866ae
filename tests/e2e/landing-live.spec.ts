import { expect, test } from "./support/fixtures";
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
