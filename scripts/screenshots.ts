/**
 * `npm run screenshots`: the production build with demo content at 1280 and 375 px, every
 * overlay and dashboard tab, as PNG files in `SHOTS_DIR` (default `screenshots/`), to look at
 * before calling a change to the pages done. Run `npm run build` first.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_PATH, QUIET_CHROMIUM_ARGS } from "./lib/chromium";
import { startProductionServer } from "./lib/production-server";
import { OWNER } from "../tests/e2e/support/test-server";

const dir = path.resolve(process.env.SHOTS_DIR ?? "screenshots");
fs.mkdirSync(dir, { recursive: true });
const server = await startProductionServer({ buildDir: "build", build: false });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ["--headless", ...QUIET_CHROMIUM_ARGS],
});
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
try {
  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 375, height: 740 }],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.locator(".lp-typed[data-phase=done]").waitFor();
    await page.waitForTimeout(500);
    await shot(page, `${label}-landing-top`);
    await shot(page, `${label}-landing-full`, true);
    await page.getByRole("link", { name: "PORTFOLIO", exact: true }).click();
    await page.locator("dialog.portfolio[open]").waitFor();
    await page.waitForTimeout(800);
    await shot(page, `${label}-portfolio`);
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "LATEST", exact: true }).click();
    await page.locator("dialog.viewer article.reader, dialog.viewer .viewer-failure").first().waitFor();
    await page.waitForTimeout(500);
    await shot(page, `${label}-viewer-reader`);
    await page.getByRole("button", { name: "Original Site" }).click();
    await page.waitForTimeout(1500);
    await shot(page, `${label}-viewer-original`);
    await page.keyboard.press("Escape");
    await page.locator("#contact").getByRole("button", { name: "Send Message" }).click();
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await shot(page, `${label}-contact-form`);
    const contact = page.locator("#contact");
    await contact.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await contact.getByLabel("Email", { exact: true }).fill("ada@example.org");
    await contact.getByLabel("Subject", { exact: true }).fill("A commission");
    await contact.getByLabel("Message", { exact: true }).fill("Would you write for us?");
    await contact.locator("form").getByRole("button", { name: "Send Message" }).click();
    await contact.getByRole("heading", { name: "Thank you for reaching out!" }).waitFor();
    await shot(page, `${label}-contact-thanks`);

    await page.goto(`${server.url}/admin`);
    await shot(page, `${label}-admin-login`);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    for (const section of [
      "home",
      "experiences",
      "education",
      "articles",
      "collections",
      "readers",
      "clips",
      "settings",
      "messages",
      "media",
    ]) {
      // Home is the dashboard's index.
      const address = section === "home" ? "" : section;
      await page.goto(`${server.url}/admin/dashboard/${address}`);
      await page.waitForTimeout(600);
      const toggle = page.locator(".items > li .item__toggle").first();
      if (["experiences", "education", "articles"].includes(section) && (await toggle.count()))
        await toggle.click();
      await page.waitForTimeout(300);
      await shot(page, `${label}-admin-${section}`, section === "home" || section === "clips");
    }

    // 'Follow my work' shows once the owner switches it on; its field with an error, as a visitor meets it.
    await page.goto(`${server.url}/admin/dashboard/settings`);
    const following = page.getByRole("switch", { name: "Let readers follow my work by e-mail" });
    if (!(await following.isChecked())) {
      await following.check();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").getByText("Settings saved successfully").waitFor();
    }
    await page.goto(server.url);
    const follow = page.getByRole("form", { name: "Follow my work" });
    await follow.scrollIntoViewIfNeeded();
    await follow.getByLabel("Email", { exact: true }).fill("not an address");
    await follow.getByRole("button", { name: "Follow" }).click();
    await page.waitForTimeout(400);
    await shot(page, `${label}-follow-form`);
    await context.close();
  }
  console.log(`screenshots in ${dir}`);
} finally {
  await browser.close();
  await server.stop();
}
