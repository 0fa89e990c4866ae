import type { Page } from "@playwright/test";

/** The hash of every inline element `selector` finds, as a Content-Security-Policy names it. */
export function inlineHashes(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll(async (elements) => {
    const hashes: string[] = [];
    for (const element of elements) {
      const digest = await crypto.subtle.digest(
        "SHA-256",
        new TextEncoder().encode(element.textContent ?? ""),
      );
      hashes.push(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
    }
    return hashes;
  });
}

/** The sources one directive of a policy allows (`script-src`, `style-src`, …); none when it is absent. */
export const directiveSources = (policy: string, directive: string): string[] =>
  new RegExp(`(?:^|; )${directive} ([^;]*)`).exec(policy)?.[1]?.split(" ") ?? [];

/** What the page's Content-Security-Policy refuses from now on, as the console reports it. */
export function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}
