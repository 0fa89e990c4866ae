import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, openViewer, test, viewer } from "./support/viewer-fixtures";

/** Set SHOTS_DIR to keep screenshots of each state (for looking at them). */
const SHOTS_DIR = process.env.SHOTS_DIR;

const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 740 },
];

/** Nothing in the dialog is wider than the screen and every control is fully on it. */
async function expectFits(page: Page, width: number) {
  const overflow = await page.locator("dialog.viewer").evaluate((dialog) => {
    const wide: string[] = [];
    const body = dialog.querySelector(".viewer-body") as HTMLElement;
    if (body.scrollWidth > body.clientWidth)
      wide.push(`.viewer-body scrolls sideways (${body.scrollWidth}px)`);
    for (const control of dialog.querySelectorAll<HTMLElement>("button, a")) {
      const box = control.getBoundingClientRect();
      if (box.width > 0 && (box.left < 0 || box.right > window.innerWidth)) {
        wide.push(`${control.textContent?.trim()} spans ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
    }
    return wide;
  });
  expect(overflow).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function shoot(page: Page, name: string) {
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}

for (const size of WIDTHS) {
  test.describe(`article viewer at ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("reader view fits", async ({ page, world }) => {
      await openViewer(page, world.ids.pilots);
      await expect(viewer(page).locator("article.reader .reader-image img")).toBeVisible();
      await expect
        .poll(() =>
          viewer(page)
            .locator(".reader-image img")
            .evaluate((img: HTMLImageElement) => img.complete),
        )
        .toBe(true);
      await expectFits(page, size.width);
      await shoot(page, `reader-${size.width}`);
      await viewer(page)
        .locator(".viewer-body")
        .evaluate((body) => body.scrollTo({ top: body.scrollHeight }));
      await shoot(page, `reader-end-${size.width}`);
    });

    test("failure view fits", async ({ page, world }) => {
      await openViewer(page, world.ids.gone);
      await expect(viewer(page).getByRole("heading", { name: "Unable to Load Content" })).toBeVisible();
      await expectFits(page, size.width);
      await shoot(page, `failure-${size.width}`);
    });

    test("framed original fills the body", async ({ page, world }) => {
      await openViewer(page, world.ids.pilots);
      await viewer(page).getByRole("button", { name: "Original Site" }).click();
      await expect(page.frameLocator("iframe.viewer-frame").getByRole("heading", { level: 1 })).toBeVisible();
      const [frame, body] = await Promise.all([
        viewer(page).locator("iframe").boundingBox(),
        viewer(page).locator(".viewer-body").boundingBox(),
      ]);
      expect(Math.round(frame!.width)).toBe(Math.round(body!.width));
      expect(Math.round(frame!.height)).toBe(Math.round(body!.height));
      await expectFits(page, size.width);
      await shoot(page, `original-${size.width}`);
    });

    test("original-site fallback fits", async ({ page, world }) => {
      await openViewer(page, world.ids.locked);
      await viewer(page).getByRole("button", { name: "Original Site" }).click();
      await expect(viewer(page).getByRole("button", { name: "Try Reader Mode" })).toBeVisible();
      await expect
        .poll(() =>
          viewer(page)
            .locator(".viewer-fallback img")
            .evaluate((img: HTMLImageElement) => img.complete),
        )
        .toBe(true);
      await expectFits(page, size.width);
      await shoot(page, `fallback-${size.width}`);
    });
  });
}
