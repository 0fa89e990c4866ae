import type { Page } from "@playwright/test";
import { gotoHydrated } from "./landing-support";
import { LOCKED, NEWEST_FIRST, expect, openViewer, test, viewer } from "./support/viewer-fixtures";

/** The viewer shows article `position` (1-based) and the page URL names it. */
async function expectAt(page: Page, ids: string[], position: number) {
  const dialog = viewer(page);
  await expect(dialog.locator(".viewer-header .viewer-title")).toHaveText(NEWEST_FIRST[position - 1]!.title);
  await expect(dialog.locator(".viewer-count")).toHaveText(`${position} of 5`);
  await expect(page).toHaveURL(new RegExp(`[?&]article=${ids[position - 1]}(&|$)`));
}

/** Drags with the mouse from the middle of the footer's position label by `dx` (and `dy`) pixels. */
async function drag(page: Page, dx: number, dy = 0) {
  const box = (await viewer(page).locator(".viewer-position").boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

test.describe("article viewer: moving between articles", () => {
  let ids: string[];
  test.beforeEach(({ world }) => {
    ids = world.idsNewestFirst;
  });

  test("Previous / Next buttons move, are disabled at the ends, and reset to reader mode", async ({
    page,
  }) => {
    await openViewer(page, ids[0]!);
    const dialog = viewer(page);
    const previous = dialog.getByRole("button", { name: "Previous Article" });
    const next = dialog.getByRole("button", { name: "Next Article" });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();

    await dialog.getByRole("button", { name: "Original Site" }).click();
    await expect(dialog.locator(".viewer-mode")).toHaveText("Original Site");
    await next.click();
    await expectAt(page, ids, 2);
    await expect(dialog.locator(".viewer-mode")).toHaveText("Reader Mode");
    await expect(dialog.getByRole("button", { name: "Original Site" })).toBeVisible();
    await expect(dialog.getByRole("heading", { level: 2, name: LOCKED.title })).toBeVisible();

    for (const position of [3, 4, 5]) {
      await next.click();
      await expectAt(page, ids, position);
    }
    await expect(next).toBeDisabled();
    // Focus is not lost with the disabled button: it moves to 'Previous Article'.
    await expect(previous).toBeFocused();
    await previous.click();
    await expectAt(page, ids, 4);
  });

  test("ArrowLeft / ArrowRight move, Escape closes", async ({ page }) => {
    await openViewer(page, ids[1]!);
    await page.keyboard.press("ArrowRight");
    await expectAt(page, ids, 3);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expectAt(page, ids, 1);
    await page.keyboard.press("ArrowLeft");
    await expectAt(page, ids, 1);

    await page.keyboard.press("Escape");
    await expect(viewer(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/article=/);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
  });

  test("a mouse drag beyond 100 px moves: right to the previous article, left to the next", async ({
    page,
  }) => {
    await openViewer(page, ids[2]!);
    await drag(page, -160);
    await expectAt(page, ids, 4);
    await drag(page, 160);
    await drag(page, 160);
    await expectAt(page, ids, 2);

    // Short or mostly vertical drags do nothing: the next real drag moves exactly one article on.
    await drag(page, -80);
    await drag(page, -120, 200);
    await drag(page, -160);
    await expectAt(page, ids, 3);
    await page.keyboard.press("Escape");
    await expect(viewer(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/article=/);
  });

  test("a touch swipe moves too", async ({ browser, world }) => {
    const context = await browser.newContext({
      baseURL: world.server.url,
      hasTouch: true,
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    try {
      await openViewer(page, ids[0]!);
      const box = (await viewer(page).locator(".viewer-body").boundingBox())!;
      const y = box.y + box.height / 2;
      const session = await context.newCDPSession(page);
      const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
        session.send("Input.dispatchTouchEvent", {
          type,
          touchPoints: type === "touchEnd" ? [] : [{ x, y }],
        });
      await touch("touchStart", 300);
      for (const x of [260, 220, 180, 140, 100]) await touch("touchMove", x);
      await touch("touchEnd", 100);
      await expectAt(page, ids, 2);
    } finally {
      await context.close();
    }
  });

  test("opens from a 'Read article' link, keeps focus inside, and gives it back on close", async ({
    page,
  }) => {
    // The link is the page's own once it has hydrated; before that it is a plain link to
    // '?article=', which loads the page again with the viewer open (and no link to return focus to).
    await gotoHydrated(page, "/");
    const link = page
      .locator("#work")
      .getByRole("link", { name: new RegExp(`^Read article\\s*:\\s*${LOCKED.title}`) });
    await link.click();
    await expectAt(page, ids, 2);
    const dialog = page.locator("dialog.viewer:modal");
    await expect(dialog).toBeVisible();
    await expect(page.locator("#viewer-title")).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");

    // Twenty Tabs and twenty Shift+Tabs never leave the dialog.
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press(key);
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog.viewer")))).toBe(
          true,
        );
      }
    }

    await viewer(page).getByRole("button", { name: "Close" }).click();
    await expect(viewer(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/article=/);
    await expect(link).toBeFocused();
  });

  test("opens at the article named in the URL, and the URL follows the viewer", async ({ page }) => {
    await openViewer(page, ids[3]!);
    await expectAt(page, ids, 4);
    await page.keyboard.press("ArrowRight");
    await expectAt(page, ids, 5);
    await page.reload();
    await expect(page.locator("dialog.viewer:modal")).toBeVisible();
    await expectAt(page, ids, 5);

    // An id that is not an article opens nothing.
    await page.goto("/?article=no-such-article");
    await expect(page.locator("#work")).toBeAttached();
    await expect(page.locator("dialog.viewer")).toHaveCount(0);
  });
});
