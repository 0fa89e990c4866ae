import { expect, type Page } from "@playwright/test";
import type { Article, Site } from "../../src/domain/content";
import type { TestServer } from "./support/test-server";

/**
 * Waits until the server's first image warm-up is done: each picture it stores changes the pages
 * (they link its version), and the page warmer renders them again at once.
 */
export async function imagesWarmed(server: TestServer) {
  await expect.poll(() => server.log(), { timeout: 30_000 }).toContain("Warmed the image cache");
}

/** Opens `/` (or `path`) and waits until React has hydrated it (the typing effect has begun). */
export async function gotoHydrated(page: Page, path = "/") {
  await page.goto(path);
  await page.locator(".lp-typed:not([data-phase='static'])").waitFor({ state: "attached" });
}

/**
 * This Chromium draws WebGL2 in software (SwiftShader), where the page shows the glass as a still
 * CSS rendition. To check the shader itself, the page is told its renderer is a hardware GPU.
 */
export async function pretendHardwareGpu(page: Page) {
  await page.addInitScript(() => {
    const UNMASKED_RENDERER_WEBGL = 0x9246;
    const proto = WebGL2RenderingContext.prototype;
    const getParameter = proto.getParameter;
    proto.getParameter = function (this: WebGL2RenderingContext, name: number) {
      return name === UNMASKED_RENDERER_WEBGL ? "Test GPU (hardware)" : getParameter.call(this, name);
    };
  });
}

/** The two widths the accessibility and keyboard suites check everything at. */
export const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 740 },
] as const;

/** The landing page after hydration, with the name fully typed (no half-drawn state is checked). */
export async function openLanding(page: Page, path = "/") {
  await gotoHydrated(page, path);
  await expect(page.locator(".lp-typed")).toHaveAttribute("data-phase", "done");
}

/** Section buttons and the sections they scroll to, in an order that moves both up and down. */
export const SECTION_JUMPS = [
  ["WORK", "work"],
  ["FEATURES", "features"],
  ["EXPERIENCE", "experience"],
  ["EDUCATION", "education"],
] as const;

/** Waits two animation frames, so scroll handlers (which measure once per frame) have run. */
export async function nextFrames(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
}

export async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await nextFrames(page);
}

/** An element's top edge in page coordinates. */
export async function pageTop(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) throw new Error(`no ${sel}`);
    return element.getBoundingClientRect().top + window.scrollY;
  }, selector);
}

export async function publicContent(server: TestServer) {
  const [site, articles] = await Promise.all([
    server.api("/api/site").then((r) => r.json() as Promise<Site>),
    server.api("/api/articles").then((r) => r.json() as Promise<Article[]>),
  ]);
  return { site, articles };
}
