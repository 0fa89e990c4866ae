import { COLLECTION_SECTIONS, expanded, expect, openSection, test } from "./admin-helpers";
import { expectNoViolations } from "./support/axe";

/** Each manager on a phone and for assistive technology, with an editor open and the confirmation up. */
for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const { section, heading } of COLLECTION_SECTIONS) {
      test(`${section}: no sideways scroll and no accessibility violations`, async ({ page }) => {
        await openSection(page, section, heading);
        await page.locator(".items > li .item__toggle").first().click();
        await expect(expanded(page)).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectNoViolations(page, `${section} at ${width}px, editor open`, {
          include: [".dashboard__body"],
        });

        await expanded(page).getByRole("button", { name: "Delete", exact: true }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await expectNoViolations(page, `${section} at ${width}px, delete confirmation`, {
          include: ["dialog"],
        });
      });
    }

    test("settings: no sideways scroll and no accessibility violations", async ({ page }) => {
      await openSection(page, "settings", "Settings");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoViolations(page, `settings at ${width}px`, { include: [".dashboard__body"] });
    });
  });
}
