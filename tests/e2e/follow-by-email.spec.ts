import { expect, test, type Page } from "@playwright/test";
import { startSmtpInbox, type SmtpInbox } from "../integration/support/contact-smtp-inbox";
import { expectNoViolations } from "./support/axe";
import { OWNER, startServer, type TestServer } from "./support/test-server";

/**
 * Follow by e-mail in a real browser: the owner switches it on in Settings, a reader signs up
 * with the public form, confirms from the mail a real SMTP server on loopback received, and the
 * owner sees the count under Readers. At 1280 and 375 px, with axe.
 */

test.describe.configure({ mode: "serial" });

let inbox: SmtpInbox;
let server: TestServer;

test.beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startServer({ env: { SMTP_URL: inbox.url, MAIL_FROM: "Byline <site@byline.test>" } });
});
test.afterAll(async () => {
  await server?.stop();
  await inbox?.stop();
});

const WIDTHS = [1280, 375] as const;
const followForm = (page: Page) => page.getByRole("form", { name: "Follow my work" });

async function signIn(page: Page) {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
}

test("the public page has no 'Follow my work' form until the owner switches it on", async ({ page }) => {
  await page.goto(server.url);
  await expect(page.getByRole("heading", { name: "Get In Touch" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Follow my work" })).toHaveCount(0);
});

test("the owner switches following by e-mail on in Settings", async ({ page }) => {
  await signIn(page);
  await page.goto(`${server.url}/admin/dashboard/settings`);
  await expect(page.locator("fieldset.settings__fields")).toBeEnabled();
  const group = page.getByRole("group", { name: "Follow by e-mail" });
  const toggle = group.getByRole("switch", { name: "Let readers follow my work by e-mail" });
  await expect(toggle).not.toBeChecked();
  await expect(group.getByRole("radio", { name: "Immediately" })).toBeDisabled();
  await toggle.check();
  await expect(group.getByRole("radio", { name: "Immediately" })).toBeChecked();
  await group.getByRole("radio", { name: "Weekly" }).check();
  await group.getByRole("radio", { name: "Immediately" }).check();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `settings group at ${width} px`, { include: ["fieldset.settings-group"] });
  }
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByRole("status").getByText("Settings saved successfully", { exact: true }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Let readers follow my work by e-mail" })).toBeChecked();
});

for (const width of WIDTHS) {
  test(`a reader follows with the keyboard at ${width} px and confirms from the mail`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const address = `reader-${width}@example.org`;
    await page.goto(server.url);
    const form = followForm(page);
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByRole("button", { name: "Follow" })).toBeEnabled();
    await expectNoViolations(page, `follow form at ${width} px`, { include: [".follow"] });
    const field = form.getByLabel("Email", { exact: true });
    const box = await field.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await field.focus();
    await page.keyboard.type(address);
    await page.keyboard.press("Enter");
    const done = page.getByRole("status").filter({ hasText: "Check your inbox" });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await expectNoViolations(page, `sent state at ${width} px`, { include: [".follow"] });

    const mail = await inbox.waitFor((m) => m.envelopeTo.includes(address));
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const confirm = /\/follow\/confirm\/[A-Za-z0-9_-]+/.exec(mail.raw.replace(/=\r?\n/g, ""))![0];
    await page.goto(`${server.url}${confirm}`);
    await expect(page.getByRole("heading", { name: "Confirm your address", level: 1 })).toBeVisible();
    await expectNoViolations(page, `confirm page at ${width} px`);
    const button = page.getByRole("button", { name: "Confirm" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Your address is confirmed", level: 1 })).toBeVisible();
    await expectNoViolations(page, `confirmation page at ${width} px`);
    await page.goto(`${server.url}${confirm}`);
    await expect(page.getByRole("heading", { name: "This link was already used", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: /^Back to / }).click();
    await expect(page.getByRole("heading", { name: "Follow my work" })).toBeVisible();
  });
}

test("without JavaScript the form posts to /follow and answers with a page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(server.url);
  const form = followForm(page);
  await form.getByLabel("Email", { exact: true }).fill("no-script@example.org");
  await form.getByRole("button", { name: "Follow" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox", level: 1 })).toBeVisible();
  // (axe needs a script: this page is the confirmation page's template, scanned above.)
  await inbox.waitFor((m) => m.envelopeTo.includes("no-script@example.org"));
  await context.close();
});

test("a wrong address is refused with a message next to the field", async ({ page }) => {
  await page.goto(server.url);
  const form = followForm(page);
  await form.getByLabel("Email", { exact: true }).fill("not an address");
  await form.getByRole("button", { name: "Follow" }).click();
  // The browser's own check stops it; nothing was sent.
  await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toHaveCount(0);
  expect(
    await form.getByLabel("Email", { exact: true }).evaluate((el: HTMLInputElement) => el.validity.valid),
  ).toBe(false);
});

test("the owner sees the followers under Readers", async ({ page }) => {
  await signIn(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}/admin/dashboard/readers`);
    const panel = page.getByRole("region", { name: "Followers by e-mail" });
    await expect(panel.getByTestId("follower-counts")).toHaveText("2 followers confirmed · 1 waiting");
    await expect(panel.getByRole("link", { name: "Export as CSV" })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Remove reader-375@example.org" })).toBeVisible();
    await expectNoViolations(page, `followers panel at ${width} px`, { include: [".followers"] });
  }
  const panel = page.getByRole("region", { name: "Followers by e-mail" });
  await panel.getByRole("button", { name: "Remove reader-375@example.org" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(panel.getByTestId("follower-counts")).toHaveText("1 follower confirmed · 1 waiting");
  expect(server.log()).not.toContain("reader-1280@example.org");
});
