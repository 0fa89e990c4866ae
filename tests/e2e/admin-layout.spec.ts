import AxeBuilder from "@axe-core/playwright";
import { expanded, expect, openSection, test } from "./admin-helpers";

const violations = (results: Awaited<ReturnType<AxeBuilder["analyze"]>>) =>
  results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

/** Each manager on a phone and for assistive technology, with an editor open and the confirmation up. */
const SECTIONS = [
  { section: "experiences", heading: "Experiences" },
  { section: "education", heading: "Education" },
  { section: "articles", heading: "Articles" },
];

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const { section, heading } of SECTIONS) {
      test(`${section}: no sideways scroll and no accessibility violations`, async ({ page }) => {
        await openSection(page, section, heading);
        await page.locator(".items > li .item__toggle").first().click();
        await expect(expanded(page)).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const open = await new AxeBuilder({ page }).include(".dashboard__body").analyze();
        expect(violations(open)).toEqual([]);

        await expanded(page).getByRole("button", { name: "Delete", exact: true }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        const dialog = await new AxeBuilder({ page }).include("dialog").analyze();
        expect(violations(dialog)).toEqual([]);
      });
    }

    test("settings: no sideways scroll and no accessibility violations", async ({ page }) => {
      await openSection(page, "settings", "Settings");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const results = await new AxeBuilder({ page }).include(".dashboard__body").analyze();
      expect(violations(results)).toEqual([]);
    });
  });
}
