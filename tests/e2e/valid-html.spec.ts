import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { openLanding, WIDTHS } from "./landing-support";
import { expect, test } from "./support/fixtures";

/**
 * The Nu HTML Checker (the W3C validator, `vnu-jar` on Debian's Java) finds no error in the server
 * HTML of the public page, the sign-in page and every dashboard tab, nor in the landing page's DOM
 * with each overlay open at 1280 and 375 px. One Java run checks every document at once.
 */

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const DASHBOARD_TABS = ["", "/experiences", "/education", "/articles", "/settings", "/messages", "/media"];

type VnuMessage = { type: string; url: string; lastLine?: number; message: string; extract?: string };

/** The landing page's DOM as the browser holds it, with `open` done. */
async function domWith(page: Page, open: (page: Page) => Promise<void>): Promise<string> {
  await openLanding(page);
  await open(page);
  return page.content();
}

const OVERLAYS: Record<string, (page: Page) => Promise<void>> = {
  portfolio: async (page) => {
    await page.getByRole("link", { name: "PORTFOLIO", exact: true }).click();
    await expect(page.locator("dialog.portfolio[open] .pf-card").first()).toBeVisible();
  },
  reader: async (page) => {
    await page.getByRole("link", { name: "LATEST", exact: true }).click();
    await expect(page.locator("dialog.viewer article.reader")).toBeVisible();
  },
  contact: async (page) => {
    const contact = page.locator("#contact");
    await contact.getByRole("button", { name: "Send Message" }).click();
    await expect(contact.getByLabel("Name", { exact: true })).toBeVisible();
  },
};

test("the Nu HTML Checker finds no error in the server HTML or in the DOM with each overlay open", async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const documents: Record<string, string> = {};
  const serverHtml = async (name: string, pathname: string, signedIn: boolean) => {
    const response = signedIn ? await server.api(pathname) : await fetch(`${server.url}${pathname}`);
    expect(response.status, pathname).toBe(200);
    documents[name] = await response.text();
  };
  await serverHtml("server-landing", "/", false);
  await serverHtml("server-sign-in", "/admin", false);
  for (const tab of DASHBOARD_TABS) {
    await serverHtml(
      `server-dashboard${tab.replace("/", "-") || "-overview"}`,
      `/admin/dashboard${tab}`,
      true,
    );
  }
  for (const size of WIDTHS) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    page.setDefaultNavigationTimeout(30_000);
    for (const [name, open] of Object.entries(OVERLAYS)) {
      await page.goto(server.url);
      documents[`dom-${name}-${size.width}`] = await domWith(page, open);
    }
    await context.close();
  }

  documents["control"] =
    '<!DOCTYPE html><html lang="en"><title>Control</title><style>p{line-clamp:3}</style><img src="a.jpg" sizes="100vw" alt="">';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-vnu-"));
  try {
    const files = Object.entries(documents).map(([name, html]) => {
      const file = path.join(dir, `${name}.html`);
      fs.writeFileSync(file, html);
      return file;
    });
    const output = await promisify(execFile)(
      "java",
      ["-jar", VNU_JAR, "--errors-only", "--format", "json", "--stdout", "--exit-zero-always", ...files],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(output.stdout) as { messages: VnuMessage[] };
    const errors = messages.map(
      (message) =>
        `${path.basename(message.url)}:${message.lastLine ?? "?"} ${message.message} ${message.extract ?? ""}`,
    );
    // The control document's mistakes show the checker ran, on its markup (the one the issue found
    // 90 times) and on the CSS in its style element, as it reads the public pages' inline CSS.
    expect(errors.filter((error) => error.startsWith("control.html"))).toEqual([
      expect.stringContaining("Property “line-clamp” doesn't exist"),
      expect.stringContaining(
        "The “sizes” attribute must only be specified if the “srcset” attribute is also specified",
      ),
    ]);
    expect(errors.filter((error) => !error.startsWith("control.html"))).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
