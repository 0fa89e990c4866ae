import type { Locator, Page } from "@playwright/test";
import { COLLECTION_SECTIONS, expanded, openSection, test as ownerTest } from "./admin-helpers";
import { SECTION_JUMPS, WIDTHS, openLanding, pretendHardwareGpu } from "./landing-support";
import { expect, test } from "./support/fixtures";
import {
  type Control,
  expectFocusTrapped,
  expectTargetsAtLeast24,
  expectVisibleFocus,
  focusState,
  markTabbables,
  pressAndTrack,
} from "./support/keyboard";
import { LOCKED, PILOTS, openViewer, test as viewerTest, viewer } from "./support/viewer-fixtures";

/**
 * Keyboard-only use, pointer target sizes and reduced motion.
 *
 * Already covered elsewhere and not repeated here: the portfolio overlay's dropdowns by keyboard,
 * Escape closing a dropdown before the overlay, and Tab/Shift+Tab wrapping at its ends
 * (portfolio-overlay.spec.ts); ArrowLeft/ArrowRight and Escape in the viewer, and focus going
 * back after the Close button (viewer-navigation.spec.ts); the confirm dialog's focus and
 * Escape (admin-helpers' dismissDelete); the honeypot being out of the Tab order
 * (contact-form.spec.ts).
 */

/**
 * DOM order that reads sensibly on screen: each control sits on the same row to the right of
 * the previous one, on a lower row, or at the top of a column further right.
 */
function expectReadingOrder(controls: Control[], where: string) {
  for (let index = 1; index < controls.length; index++) {
    const before = controls[index - 1]!;
    const after = controls[index]!;
    const sameRow = after.top < before.bottom - 2 && before.top < after.bottom - 2;
    const ok = sameRow
      ? after.left >= before.left - 2
      : after.top >= before.bottom - 2 || after.left >= before.right - 2;
    expect(
      ok,
      `${where}: ${after.label} follows ${before.label} in the Tab order but sits before it on screen`,
    ).toBe(true);
  }
}

/**
 * Tab from the top of a freshly loaded page through every control. Scrolled to the end of the
 * content, the back-to-top button has appeared: it comes after the content and before the
 * footer it floats above. Returns the keys in the order Tab met them (null: the button).
 */
async function walkForward(page: Page, where: string): Promise<(number | null)[]> {
  const controls = await markTabbables(page);
  expect(controls.length).toBeGreaterThan(10);
  expect(controls[0]!.label).toContain("Skip to content");
  expectReadingOrder(controls, where);
  const inFooter = await page.locator("footer [data-kb]").count();
  const expected: (number | null)[] = controls.map((control) => control.key);
  expected.splice(controls.length - inFooter, 0, null);
  const visited = await pressAndTrack(page, "Tab", expected.length, where);
  expect(
    visited.map((state) => state.key),
    `${where}: Tab order\n${visited.map((state) => `  ${state.key}: ${state.label}`).join("\n")}`,
  ).toEqual(expected);
  const backToTop = visited[controls.length - inFooter]!;
  expect(backToTop.label).toContain("Back to top");
  return expected;
}

for (const size of WIDTHS) {
  test.describe(`landing page by keyboard, ${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("Tab reaches every control in reading order with a visible focus indicator; Shift+Tab walks back without hiding anything under the bar", async ({
      page,
    }) => {
      await openLanding(page);
      const order = await walkForward(page, `/ at ${size.width}px`);
      const back = await pressAndTrack(page, "Shift+Tab", order.length - 1, `/ at ${size.width}px backwards`);
      expect(back.map((state) => state.key)).toEqual(order.slice(0, -1).reverse());
    });

    test("the skip link shows when focused and moves focus to the content", async ({ page }) => {
      await openLanding(page);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      const box = (await skip.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
      await page.keyboard.press("Enter");
      await expect(page.locator("#front")).toBeFocused();
      // The next Tab continues from the content, not from the top bar.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#front")))).toBe(true);
    });

    test("the section buttons, accordion and contact form work from the keyboard", async ({ page }) => {
      await openLanding(page);
      const nav = page.getByRole("navigation", { name: "Sections" });
      await nav.getByRole("link", { name: "EXPERIENCE", exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect(page.locator("#experience")).toBeFocused();
      await expect
        .poll(() =>
          page.evaluate(() => Math.round(document.getElementById("experience")!.getBoundingClientRect().top)),
        )
        .toBe(80);

      const accordion = page.locator(".lp-accordion__button").first();
      await accordion.focus();
      await page.keyboard.press("Enter");
      await expect(accordion).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Space");
      await expect(accordion).toHaveAttribute("aria-expanded", "false");
      await page.keyboard.press("Enter");

      const contact = page.locator("#contact");
      await contact.getByRole("button", { name: "Send Message" }).focus();
      await page.keyboard.press("Enter");
      await expect(contact.getByLabel("Name", { exact: true })).toBeFocused();
      expectVisibleFocus(await focusState(page), "contact form, Name");

      // From Name on, Tab visits the rest of the page in order, the form's fields first.
      const controls = await markTabbables(page);
      const name = Number(await contact.getByLabel("Name", { exact: true }).getAttribute("data-kb"));
      const rest = controls.slice(name + 1);
      const visited = await pressAndTrack(page, "Tab", rest.length, "contact form onwards");
      expect(visited.map((state) => state.key)).toEqual(rest.map((control) => control.key));
      expect(visited.slice(0, 3).map((state) => state.label.split(" ")[0])).toEqual([
        "input",
        "input",
        "textarea",
      ]);
    });

    // Only phones scroll the section list sideways (and fade its edge).
    if (size.width < 768)
      test("on a phone the focused section button is clear of the fade at the list's edge", async ({
        page,
      }) => {
        await openLanding(page);
        const nav = page.getByRole("navigation", { name: "Sections" });
        await nav.getByRole("link", { name: "FRONT PAGE", exact: true }).focus();
        for (const label of ["FEATURES", "WORK", "EXPERIENCE", "EDUCATION", "CONTACT"]) {
          await page.keyboard.press("Tab");
          const link = nav.getByRole("link", { name: label, exact: true });
          await expect(link).toBeFocused();
          // The list fades out over its last 15%: the focused button must end before the fade.
          await expect
            .poll(() =>
              link.evaluate((element) => {
                const list = element.closest("ul")!.getBoundingClientRect();
                const box = element.getBoundingClientRect();
                return box.left >= list.left - 0.5 && box.right <= list.left + list.width * 0.85 + 0.5;
              }),
            )
            .toBe(true);
        }
      });
  });
}

/** Opens the portfolio overlay from a focused opener with Enter and returns the dialog. */
async function openPortfolioWithEnter(page: Page, opener: Locator): Promise<Locator> {
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Portfolio" });
  await expect(dialog).toBeVisible();
  await page.waitForFunction(() => document.querySelector("dialog.portfolio")?.matches(":modal") === true);
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  return dialog;
}

test.describe("portfolio overlay by keyboard", () => {
  for (const size of WIDTHS) {
    for (const name of ["PORTFOLIO", "View Full Portfolio"]) {
      test(`opened from '${name}' at ${size.width}px: focus is trapped both ways, Escape closes and focus returns`, async ({
        page,
      }) => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await openLanding(page);
        const opener = page.getByRole("link", { name, exact: true });
        const dialog = await openPortfolioWithEnter(page, opener);
        await expectFocusTrapped(page, dialog, `portfolio from ${name} at ${size.width}px`);
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
        expectVisibleFocus(await focusState(page), `${name} after the overlay closed`);
      });
    }
  }

  test("opened from 'Explore My Portfolio' on the thank-you panel, focus returns there", async ({ page }) => {
    // What is tested is focus, not delivery: the server's answer is stood in for.
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 201, contentType: "application/json", body: '{"id":"kb"}' }),
    );
    await openLanding(page);
    const contact = page.locator("#contact");
    await contact.getByRole("button", { name: "Send Message" }).focus();
    await page.keyboard.press("Enter");
    for (const value of ["Ada", "ada@example.org", "Hello", "Words"]) {
      await page.keyboard.type(value);
      await page.keyboard.press("Tab");
    }
    await expect(contact.locator("form").getByRole("button", { name: "Send Message" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(contact.getByRole("heading", { name: "Thank you for reaching out!" })).toBeFocused();
    const explore = contact.getByRole("button", { name: "Explore My Portfolio" });
    const dialog = await openPortfolioWithEnter(page, explore);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(explore).toBeFocused();
  });
});

viewerTest.describe("article viewer by keyboard", () => {
  const openers: { name: string; find: (page: Page) => Locator }[] = [
    { name: "LATEST", find: (page) => page.getByRole("link", { name: "LATEST", exact: true }) },
    {
      name: "'Read article' in Features",
      find: (page) => page.locator("#features").getByRole("link", { name: /^Read article/ }),
    },
    {
      name: "'Read article' on a work card",
      find: (page) =>
        page
          .locator("#work")
          .getByRole("link", { name: new RegExp(`^Read article\\s*:\\s*${LOCKED.title}`) }),
    },
    { name: "a front-page headline", find: (page) => page.locator(".lp-panel").getByRole("link").first() },
  ];

  for (const size of WIDTHS)
    for (const { name, find } of openers) {
      viewerTest(
        `opened from ${name} at ${size.width}px: focus is trapped both ways, Escape closes and focus returns`,
        async ({ page }) => {
          await page.setViewportSize({ width: size.width, height: size.height });
          await openLanding(page);
          const opener = find(page);
          await opener.focus();
          await page.keyboard.press("Enter");
          const dialog = page.locator("dialog.viewer:modal");
          await expect(dialog).toBeVisible();
          await expect(dialog.locator("article.reader, .viewer-failure")).toBeVisible();
          await expectFocusTrapped(page, dialog, `viewer from ${name} at ${size.width}px`);
          await page.keyboard.press("Escape");
          await expect(page.locator("dialog.viewer")).toHaveCount(0);
          await expect(opener).toBeFocused();
        },
      );
    }

  viewerTest(
    "in original-site mode the frame is part of the cycle and focus stays in the dialog",
    async ({ page, world }) => {
      await openViewer(page, world.ids.pilots);
      const dialog = page.locator("dialog.viewer:modal");
      await dialog.getByRole("button", { name: "Original Site" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.frameLocator("iframe.viewer-frame").getByRole("heading", { level: 1 })).toHaveText(
        PILOTS.title,
      );
      await expectFocusTrapped(page, dialog, "viewer, original site");
      await page.keyboard.press("Escape");
      await expect(page.locator("dialog.viewer")).toHaveCount(0);
    },
  );

  viewerTest(
    "'Previous Article' / 'Next Article' are the keyboard way to do what dragging does",
    async ({ page, world }) => {
      await openViewer(page, world.ids.pilots);
      const dialog = viewer(page);
      const count = dialog.locator(".viewer-count");
      const next = dialog.getByRole("button", { name: "Next Article" });
      const previous = dialog.getByRole("button", { name: "Previous Article" });
      await expect(previous).toBeDisabled();

      // Reached with Tab alone from the dialog's first stop.
      let presses = 0;
      while (!(await next.evaluate((element) => element === document.activeElement)) && presses++ < 20)
        await page.keyboard.press("Tab");
      await expect(next).toBeFocused();
      expectVisibleFocus(await focusState(page), "Next Article");
      await page.keyboard.press("Enter");
      await expect(count).toHaveText("2 of 5");
      await page.keyboard.press("Space");
      await expect(count).toHaveText("3 of 5");
      await expect(next).toBeFocused();

      await page.keyboard.press("Shift+Tab");
      await expect(previous).toBeFocused();
      expectVisibleFocus(await focusState(page), "Previous Article");
      await page.keyboard.press("Enter");
      await expect(count).toHaveText("2 of 5");
      await page.keyboard.press("Space");
      await expect(count).toHaveText("1 of 5");
      // At the first article the button is disabled and focus moves on to 'Next Article'.
      await expect(previous).toBeDisabled();
      await expect(next).toBeFocused();
    },
  );
});

/**
 * Tabs from the top of a dashboard section to `stop` (when given) and presses Enter on it, then
 * on to the end and back to the first control: every control, in order, with a visible focus
 * indicator that no sticky bar hides.
 */
async function walkDashboard(page: Page, where: string, stop?: Locator) {
  let controls = await markTabbables(page);
  expectReadingOrder(controls, where);
  let from = 0;
  if (stop) {
    const marked = await stop.getAttribute("data-kb");
    expect(marked, `${where}: the item's toggle is not among the controls Tab reaches`).not.toBeNull();
    const key = Number(marked);
    const visited = await pressAndTrack(page, "Tab", key + 1, where);
    expect(visited.map((state) => state.key)).toEqual(
      controls.slice(0, key + 1).map((control) => control.key),
    );
    await page.keyboard.press("Enter");
    await expect(stop).toHaveAttribute("aria-expanded", "true");
    controls = await markTabbables(page);
    expectReadingOrder(controls, `${where}, expanded`);
    from = Number(await stop.getAttribute("data-kb")) + 1;
  }
  const rest = controls.slice(from);
  const forward = await pressAndTrack(page, "Tab", rest.length, where);
  expect(
    forward.map((state) => state.key),
    `${where}: Tab order\n${forward.map((state) => `  ${state.key}: ${state.label}`).join("\n")}`,
  ).toEqual(rest.map((control) => control.key));
  const back = await pressAndTrack(page, "Shift+Tab", controls.length - 1, `${where} backwards`);
  expect(back.map((state) => state.key)).toEqual(
    controls
      .slice(0, -1)
      .map((control) => control.key)
      .reverse(),
  );
}

for (const size of WIDTHS) {
  ownerTest.describe(`dashboard by keyboard, ${size.name} (${size.width} px)`, () => {
    ownerTest.use({ viewport: { width: size.width, height: size.height } });

    for (const { section, heading } of COLLECTION_SECTIONS) {
      ownerTest(
        `${heading}: open an item with Enter; Tab and Shift+Tab reach every control with a visible focus indicator`,
        async ({ page }) => {
          await openSection(page, section, heading);
          await walkDashboard(
            page,
            `${heading} at ${size.width}px`,
            page.locator(".items > li .item__toggle").first(),
          );
        },
      );
    }

    ownerTest(
      "Settings: Tab and Shift+Tab reach every control with a visible focus indicator",
      async ({ page }) => {
        await openSection(page, "settings", "Settings");
        await walkDashboard(page, `Settings at ${size.width}px`);
      },
    );
  });
}

test.describe("pointer targets are at least 24 × 24 CSS px", () => {
  for (const size of WIDTHS) {
    test.describe(`${size.name} (${size.width} px)`, () => {
      test.use({ viewport: { width: size.width, height: size.height } });

      test("the landing page, with the contact form and an accordion entry open", async ({ page }) => {
        await openLanding(page);
        await page.locator(".lp-accordion__button").first().click();
        await page.locator("#contact").getByRole("button", { name: "Send Message" }).click();
        await page.evaluate(() => window.scrollTo({ top: 900, behavior: "instant" }));
        await expect(page.getByRole("button", { name: "Back to top" })).toBeVisible();
        await expectTargetsAtLeast24(page, `/ at ${size.width}px`);
      });

      test("the portfolio overlay with a dropdown open", async ({ page }) => {
        await openLanding(page, "/?portfolio=1");
        const dialog = page.getByRole("dialog", { name: "Portfolio" });
        await dialog.getByRole("button", { name: /^Type\b/ }).click();
        await expect(dialog.getByRole("listbox", { name: "Type" })).toBeVisible();
        await expectTargetsAtLeast24(page, `portfolio at ${size.width}px`, "dialog.portfolio");
      });

      test("/admin", async ({ page }) => {
        await page.goto("/admin");
        await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
        await expectTargetsAtLeast24(page, `/admin at ${size.width}px`);
      });
    });
  }
});

viewerTest.describe("viewer targets are at least 24 × 24 CSS px", () => {
  for (const size of WIDTHS) {
    viewerTest(`reader mode, fallback panel and failure view at ${size.width}px`, async ({ page, world }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await openViewer(page, world.ids.pilots);
      await expect(viewer(page).locator("article.reader")).toBeVisible();
      await expectTargetsAtLeast24(page, `viewer reader at ${size.width}px`, "dialog.viewer");
      await openViewer(page, world.ids.locked);
      await viewer(page).getByRole("button", { name: "Original Site" }).click();
      await expect(viewer(page).locator(".viewer-fallback")).toBeVisible();
      await expectTargetsAtLeast24(page, `viewer fallback at ${size.width}px`, "dialog.viewer");
      await openViewer(page, world.ids.gone);
      await expect(viewer(page).locator(".viewer-failure")).toBeVisible();
      await expectTargetsAtLeast24(page, `viewer failure at ${size.width}px`, "dialog.viewer");
    });
  }
});

ownerTest.describe("dashboard targets are at least 24 × 24 CSS px", () => {
  for (const size of WIDTHS) {
    ownerTest.describe(`${size.name} (${size.width} px)`, () => {
      ownerTest.use({ viewport: { width: size.width, height: size.height } });

      for (const { section, heading } of COLLECTION_SECTIONS) {
        ownerTest(`${heading}, an item expanded and its delete confirmation`, async ({ page }) => {
          await openSection(page, section, heading);
          await page.locator(".items > li .item__toggle").first().click();
          await expect(expanded(page)).toBeVisible();
          await expectTargetsAtLeast24(page, `${heading} at ${size.width}px`);
          await expanded(page).getByRole("button", { name: "Delete", exact: true }).click();
          await expect(page.getByRole("dialog")).toBeVisible();
          await expectTargetsAtLeast24(page, `${heading} delete dialog at ${size.width}px`, "dialog[open]");
        });
      }

      ownerTest("Settings", async ({ page }) => {
        await openSection(page, "settings", "Settings");
        await expect(page.getByLabel("Tagline")).toBeVisible();
        await expectTargetsAtLeast24(page, `Settings at ${size.width}px`);
      });
    });
  }

  ownerTest("Messages, with a message", async ({ page, server }) => {
    const subject = `Targets ${Date.now().toString(36)}`;
    const sent = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ name: "Grace Hopper", email: "grace@example.org", subject, message: "A tip." }),
    });
    expect(sent.status).toBe(201);
    try {
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await openSection(page, "messages", "Messages");
        await expect(page.getByRole("article").filter({ hasText: subject })).toBeVisible();
        await expectTargetsAtLeast24(page, `Messages at ${size.width}px`);
      }
    } finally {
      const { messages } = (await (await server.api("/api/messages")).json()) as {
        messages: { id: string; subject: string }[];
      };
      for (const message of messages.filter((m) => m.subject === subject))
        await server.api(`/api/messages/${message.id}`, { method: "DELETE" });
    }
  });
});

test.describe("reduced motion", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the name is shown whole from the first paint, never typed", async ({ page, server }) => {
    const site = (await (await server.api("/api/site")).json()) as { name: string };
    // Every state the typed copy is ever in, from the first parse on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __typed: string[] }).__typed = seen;
      const record = () => {
        const typed = document.querySelector<HTMLElement>(".lp-typed");
        const shown = typed?.querySelector<HTMLElement>(".lp-typed__shown");
        if (!typed || !shown) return;
        const caret = typed.querySelector(".lp-typed__caret") ? "+caret" : "";
        seen.push(
          `${typed.dataset.phase}|${getComputedStyle(shown).visibility}|${shown.textContent}${caret}`,
        );
      };
      new MutationObserver(record).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      document.addEventListener("DOMContentLoaded", record);
    });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.locator(".lp-typed")).toHaveAttribute("data-phase", "done");
    await page.waitForTimeout(1500);
    const seen = await page.evaluate(() => (window as unknown as { __typed: string[] }).__typed);
    expect(seen.length).toBeGreaterThan(0);
    for (const state of new Set(seen))
      expect(state).toMatch(
        new RegExp(`^(static|done)\\|visible\\|${site.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
      );
    await expect(page.locator(".lp-typed__shown")).toHaveText(site.name);
    await expect(page.locator(".lp-typed__caret")).toHaveCount(0);
  });

  /** requestAnimationFrame callbacks asked for during one second of an idle page. */
  async function framesPerSecond(page: Page): Promise<number> {
    await page.evaluate(() => ((window as unknown as { __frames: number }).__frames = 0));
    await page.waitForTimeout(1000);
    return page.evaluate(() => (window as unknown as { __frames: number }).__frames);
  }

  async function glassPage(page: Page, reduce: boolean) {
    await page.addInitScript(() => {
      const original = window.requestAnimationFrame.bind(window);
      (window as unknown as { __frames: number }).__frames = 0;
      window.requestAnimationFrame = (callback) => {
        (window as unknown as { __frames: number }).__frames++;
        return original(callback);
      };
    });
    await page.emulateMedia({ reducedMotion: reduce ? "reduce" : "no-preference" });
    await pretendHardwareGpu(page);
    await openLanding(page);
    // Debian's Chromium draws WebGL2 in software (SwiftShader) even with --disable-gpu.
    const webgl2 = await page.evaluate(() => document.createElement("canvas").getContext("webgl2") !== null);
    expect(webgl2, "this Chromium offers WebGL2").toBe(true);
    const canvas = page.locator("canvas.lp-glass");
    await expect(canvas).toHaveAttribute("data-state", reduce ? "still" : "running");
    return { canvas };
  }

  test("the glass holds one still frame: no animation-frame loop and no change on screen", async ({
    page,
  }) => {
    const { canvas } = await glassPage(page, true);
    expect(await framesPerSecond(page)).toBeLessThanOrEqual(1);
    const first = await canvas.screenshot();
    await page.waitForTimeout(1500);
    expect((await canvas.screenshot()).equals(first)).toBe(true);
  });

  test("without reduced motion the same probes see the glass move (so the probes work)", async ({ page }) => {
    // The probe counts the page's animation frames, so the glass is drawn on the page here, as
    // where a browser has no OffscreenCanvas; the Worker is checked in landing-scroll.spec.ts.
    await page.addInitScript(() => {
      delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
    });
    const { canvas } = await glassPage(page, false);
    await expect(canvas).toHaveAttribute("data-render", "page");
    expect(await framesPerSecond(page)).toBeGreaterThan(1);
    const first = await canvas.screenshot();
    await page.waitForTimeout(1500);
    expect((await canvas.screenshot()).equals(first)).toBe(false);
  });

  test("section buttons and back-to-top jump at once (scroll behaviour 'auto')", async ({ page }) => {
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { __scrolls: string[] }).__scrolls = calls;
      const original = window.scrollTo.bind(window);
      window.scrollTo = ((...args: unknown[]) => {
        const options = args[0];
        if (options && typeof options === "object")
          calls.push(String((options as ScrollToOptions).behavior ?? "auto"));
        return (original as (...a: unknown[]) => void)(...args);
      }) as typeof window.scrollTo;
    });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openLanding(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
    const nav = page.getByRole("navigation", { name: "Sections" });
    const top = (id: string) =>
      page.evaluate((sel) => Math.round(document.getElementById(sel)!.getBoundingClientRect().top), id);

    for (const [label, id] of SECTION_JUMPS) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      // Read in the same moment as the click: no smooth scroll could have arrived yet.
      expect(await top(id), `${label} lands at once`).toBe(80);
    }
    await nav.getByRole("link", { name: "FRONT PAGE", exact: true }).click();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: "instant" }));
    await page.getByRole("button", { name: "Back to top" }).click();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const behaviours = await page.evaluate(() => (window as unknown as { __scrolls: string[] }).__scrolls);
    expect(behaviours.filter((behaviour) => behaviour === "smooth")).toEqual([]);
    expect(behaviours.filter((behaviour) => behaviour === "auto").length).toBeGreaterThanOrEqual(6);
  });
});
