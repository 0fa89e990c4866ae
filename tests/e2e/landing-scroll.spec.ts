import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import {
  SECTION_JUMPS,
  gotoHydrated,
  nextFrames,
  pageTop,
  pretendHardwareGpu,
  scrollToY,
} from "./landing-support";

test.describe("landing page scrolling", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("after more than 100px the bar gets its border and compact padding, and the glass turns down", async ({
    page,
  }) => {
    await gotoHydrated(page);
    const bar = page.locator("header.lp-bar");
    await expect(bar).toHaveAttribute("data-compact", "false");
    const roomy = await bar.evaluate((el) => el.getBoundingClientRect().height);

    await scrollToY(page, 100);
    await expect(bar).toHaveAttribute("data-compact", "false");
    const featuresTop = await pageTop(page, "#features");
    await scrollToY(page, 101);
    await expect(bar).toHaveAttribute("data-compact", "true");
    // The page below the sticky bar does not move when the bar shrinks.
    await expect.poll(async () => Math.round(await pageTop(page, "#features"))).toBe(Math.round(featuresTop));
    await expect(bar).toHaveCSS("border-bottom-color", "rgb(26, 26, 26)");
    await expect.poll(() => bar.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(roomy);

    await scrollToY(page, 0);
    await expect(bar).toHaveAttribute("data-compact", "false");
  });

  test("the glass canvas is decorative, 0.5 at the top and 0.3 scrolled, and pauses in a hidden tab", async ({
    page,
  }) => {
    await pretendHardwareGpu(page);
    await gotoHydrated(page);
    // Debian's Chromium draws WebGL2 in software (SwiftShader) even with --disable-gpu.
    const webgl2 = await page.evaluate(() => document.createElement("canvas").getContext("webgl2") !== null);
    expect(webgl2, "this Chromium offers WebGL2").toBe(true);
    const canvas = page.locator("canvas.lp-glass");
    await expect(canvas).toHaveAttribute("aria-hidden", "true");
    await expect(canvas).toHaveAttribute("data-state", "running");
    await expect(canvas).toHaveAttribute("data-intensity", "0.5");
    await scrollToY(page, 400);
    await expect(canvas).toHaveAttribute("data-intensity", "0.3");

    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect(canvas).toHaveAttribute("data-state", "paused");
    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect(canvas).toHaveAttribute("data-state", "running");
  });

  /**
   * Counts the shader's draw calls made on the page's own thread. A Worker has its own
   * WebGL2RenderingContext, so what it draws is not counted.
   */
  async function countMainThreadDraws(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { __mainThreadDraws: number };
      w.__mainThreadDraws = 0;
      const drawArrays = WebGL2RenderingContext.prototype.drawArrays;
      WebGL2RenderingContext.prototype.drawArrays = function (this: WebGL2RenderingContext, ...args) {
        w.__mainThreadDraws += 1;
        return drawArrays.apply(this, args);
      };
    });
    return () => page.evaluate(() => (window as unknown as { __mainThreadDraws: number }).__mainThreadDraws);
  }

  test("on a GPU the glass is drawn in a Worker: it moves, and the main thread draws none of its frames", async ({
    page,
  }) => {
    const mainThreadDraws = await countMainThreadDraws(page);
    await pretendHardwareGpu(page);
    await gotoHydrated(page);
    const canvas = page.locator("canvas.lp-glass");
    await expect(canvas).toHaveAttribute("data-render", "worker");
    await expect(canvas).toHaveAttribute("data-state", "running");
    const first = await canvas.screenshot();
    await page.waitForTimeout(2000);
    expect((await canvas.screenshot()).equals(first), "the glass moves").toBe(false);
    expect(await mainThreadDraws()).toBe(0);
  });

  test("control: without OffscreenCanvas the glass is drawn on the page, and the probe counts it", async ({
    page,
  }) => {
    const mainThreadDraws = await countMainThreadDraws(page);
    await page.addInitScript(() => {
      delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
    });
    await pretendHardwareGpu(page);
    await gotoHydrated(page);
    const canvas = page.locator("canvas.lp-glass");
    await expect(canvas).toHaveAttribute("data-render", "page");
    await expect(canvas).toHaveAttribute("data-state", "running");
    await expect.poll(mainThreadDraws).toBeGreaterThan(1);
  });

  test("without WebGL2 there is no glass and nothing else changes", async ({ page }) => {
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (
        this: HTMLCanvasElement,
        kind: string,
        ...rest: unknown[]
      ) {
        return kind === "webgl2"
          ? null
          : (original as (...a: unknown[]) => unknown).call(this, kind, ...rest);
      } as typeof original;
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await gotoHydrated(page);
    await expect(page.locator(".lp-typed")).toHaveAttribute("data-phase", "done");
    await expect(page.locator("canvas.lp-glass")).toHaveCount(0);
    await expect(page.locator("header.lp-bar")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the glass holds still and the name is not typed under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page);
    await expect(page.locator(".lp-typed")).toHaveAttribute("data-phase", "done");
    await expect(page.locator(".lp-typed__caret")).toHaveCount(0);
    await expect(page.locator("canvas.lp-glass")).toHaveAttribute("data-state", "still");
  });

  test("where WebGL2 draws in software the glass is a still CSS rendition that still dims when scrolled", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const contexts: string[] = [];
      (window as unknown as { __contexts: string[] }).__contexts = contexts;
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (
        this: HTMLCanvasElement,
        kind: string,
        ...rest: unknown[]
      ) {
        if (this.classList.contains("lp-glass")) contexts.push(kind);
        return (original as (...a: unknown[]) => unknown).call(this, kind, ...rest);
      } as typeof original;
    });
    await gotoHydrated(page);
    const renderer = await page.evaluate(() => {
      const gl = document.createElement("canvas").getContext("webgl2")!;
      return gl.getParameter(gl.getExtension("WEBGL_debug_renderer_info")!.UNMASKED_RENDERER_WEBGL) as string;
    });
    expect(renderer, "this Chromium draws WebGL2 in software").toMatch(/SwiftShader/);
    const glass = page.locator("canvas.lp-glass");
    await expect(glass).toHaveAttribute("data-render", "css");
    await expect(glass).toHaveAttribute("data-state", "still");
    await expect(glass).toHaveCSS("opacity", "1");
    expect(await glass.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain("linear-gradient");
    // The renderer was asked on a throwaway canvas; the glass itself never gets a context.
    expect(await page.evaluate(() => (window as unknown as { __contexts: string[] }).__contexts)).toEqual([]);
    await scrollToY(page, 400);
    await expect(glass).toHaveAttribute("data-intensity", "0.3");
    await expect(glass).toHaveCSS("opacity", "0.6");
  });

  test("the back-to-top button appears after more than 500px and returns to the top", async ({ page }) => {
    await gotoHydrated(page);
    const button = page.getByRole("button", { name: "Back to top" });
    await expect(button).toHaveCount(0);
    await scrollToY(page, 500);
    await expect(button).toHaveCount(0);
    await scrollToY(page, 501);
    await expect(button).toBeVisible();
    // At the foot of the page it sits above the footer, not over it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole("contentinfo");
    await expect
      .poll(async () => {
        const [own, foot] = [await button.boundingBox(), await footer.boundingBox()];
        return own && foot ? own.y + own.height <= foot.y : null;
      })
      .toBe(true);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test("the active section follows scroll y + 200px", async ({ page }) => {
    await gotoHydrated(page);
    const nav = page.getByRole("navigation", { name: "Sections" });
    const current = nav.locator("[aria-current]");
    await expect(current).toHaveText("FRONT PAGE");

    for (const [id, label, previous] of [
      ["features", "FEATURES", "FRONT PAGE"],
      ["work", "WORK", "FEATURES"],
      ["experience", "EXPERIENCE", "WORK"],
      ["education", "EDUCATION", "EXPERIENCE"],
    ] as const) {
      const top = await pageTop(page, `#${id}`);
      await scrollToY(page, Math.ceil(top - 200) - 2);
      await expect(current).toHaveText(previous);
      await scrollToY(page, Math.ceil(top - 200) + 1);
      await expect(current).toHaveText(label);
    }
  });

  test("section buttons scroll their section to 80px below the top", async ({ page }) => {
    await gotoHydrated(page);
    const nav = page.getByRole("navigation", { name: "Sections" });
    for (const [label, id] of SECTION_JUMPS) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect
        .poll(() =>
          page.evaluate(
            (sel) => Math.round(document.querySelector(sel)!.getBoundingClientRect().top),
            `#${id}`,
          ),
        )
        .toBe(80);
      await expect(nav.locator("[aria-current]")).toHaveText(label);
    }

    // Contact sits near the end: it lands at 80px or the page is scrolled to its end.
    await nav.getByRole("link", { name: "CONTACT", exact: true }).click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const top = Math.round(document.getElementById("contact")!.getBoundingClientRect().top);
          const atEnd =
            Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
          return top === 80 || atEnd;
        }),
      )
      .toBe(true);

    await nav.getByRole("link", { name: "FRONT PAGE", exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await nextFrames(page);
    await expect(nav.locator("[aria-current]")).toHaveText("FRONT PAGE");
  });
});
