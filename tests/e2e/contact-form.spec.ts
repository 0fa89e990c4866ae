import { expect, test, type Page } from "@playwright/test";
import { startSmtpInbox, type SmtpInbox } from "../integration/support/contact-smtp-inbox";
import { expectNoViolations } from "./support/axe";
import { OWNER, startServer, type TestServer } from "./support/test-server";

/**
 * The visitor's contact form against a real server whose SMTP_URL points at a real SMTP
 * server on loopback (the shared fixture has no SMTP, so this file starts its own server).
 */

test.describe.configure({ mode: "serial" });

let inbox: SmtpInbox;
let server: TestServer;

test.beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startServer({
    // The demo's e-mail is fictional and never receives mail (src/domain/demo-site.ts): the owner's
    // desk is named by CONTACT_TO.
    env: {
      SMTP_URL: inbox.url,
      MAIL_FROM: "Byline <site@byline.test>",
      CONTACT_TO: "desk@byline.test",
      CONTACT_RETRY_BASE_MS: "500",
    },
  });
  // The owner account is created just after the server starts listening: wait for it.
  expect((await server.api("/api/messages")).status).toBe(200);
});
test.afterAll(async () => {
  await server?.stop();
  await inbox?.stop();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const contact = (page: Page) => page.locator("#contact");
const field = (page: Page, label: string) => contact(page).getByLabel(label, { exact: true });
const submitButton = (page: Page) =>
  contact(page).locator("form").getByRole("button", { name: "Send Message" });

async function openForm(page: Page) {
  await page.goto(`${server.url}/#contact`);
  await contact(page).getByRole("button", { name: "Send Message" }).click();
  await expect(contact(page).getByRole("button", { name: "Hide Form" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(field(page, "Name")).toBeFocused();
}

async function fill(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  await field(page, "Name").fill(values.name);
  await field(page, "Email").fill(values.email);
  await field(page, "Subject").fill(values.subject);
  await field(page, "Message").fill(values.message);
}

async function signIn(page: Page) {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
}

test("shows 'Get In Touch' and toggles the form with 'Send Message' / 'Hide Form'", async ({ page }) => {
  await page.goto(server.url);
  await expect(contact(page).getByRole("heading", { name: "Get In Touch" })).toBeVisible();
  await expect(
    contact(page).getByText("Always interested in new opportunities and collaborations"),
  ).toBeVisible();
  await expect(field(page, "Name")).toBeHidden();
  const toggle = contact(page).getByRole("button", { name: "Send Message" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(field(page, "Name")).toBeVisible();
  await field(page, "Name").fill("Kept while hidden");
  await contact(page).getByRole("button", { name: "Hide Form" }).click();
  await expect(field(page, "Name")).toBeHidden();
  await contact(page).getByRole("button", { name: "Send Message" }).click();
  await expect(field(page, "Name")).toHaveValue("Kept while hidden");
});

test("keeps submit disabled until all four fields have text after trimming", async ({ page }) => {
  await openForm(page);
  for (const label of ["Name", "Email", "Subject", "Message"]) {
    await expect(field(page, label)).toHaveAttribute("required", "");
  }
  await expect(field(page, "Email")).toHaveAttribute("type", "email");
  await expect(submitButton(page)).toBeDisabled();
  // A disabled Send says what is missing.
  await expect(submitButton(page)).toHaveAccessibleDescription(
    "To send, fill in Name, Email, Subject and Message.",
  );
  await fill(page, { name: "Ada", email: "ada@example.org", subject: "Hello", message: "   " });
  await expect(submitButton(page)).toBeDisabled();
  await expect(contact(page).getByText("To send, fill in Message.")).toBeVisible();
  await field(page, "Message").fill("Some words");
  await expect(submitButton(page)).toBeEnabled();
  await expect(contact(page).getByText(/To send, fill in/)).toHaveCount(0);
  await field(page, "Name").fill("  ");
  await expect(submitButton(page)).toBeDisabled();
  await expect(submitButton(page)).toHaveAccessibleDescription("To send, fill in Name.");
});

test("hides the honeypot from keyboard and screen readers", async ({ page }) => {
  await openForm(page);
  await expect(contact(page).getByRole("textbox")).toHaveCount(4);
  await expect(page.getByRole("textbox", { name: "Website" })).toHaveCount(0);
  await fill(page, { name: "Ada", email: "ada@example.org", subject: "Hello", message: "Words" });
  await field(page, "Message").focus();
  await page.keyboard.press("Tab");
  await expect(submitButton(page)).toBeFocused();
  await expectNoViolations(page, "contact form", { include: ["#contact"] });
});

test("a message sent through the form arrives by SMTP; 'Send Another Message' gives an empty form", async ({
  page,
}) => {
  const subject = `Form to SMTP ${unique()}`;
  await openForm(page);
  await fill(page, {
    name: "Priya Raman",
    email: "priya@example.org",
    subject,
    message: "Line one of the tip.\nLine two.",
  });
  const sending = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
  await submitButton(page).click();
  expect((await sending).status()).toBe(202);

  await expect(contact(page).getByRole("heading", { name: "Thank you for reaching out!" })).toBeFocused();
  await expect(
    contact(page).getByText("I typically respond within 24 hours during business days."),
  ).toBeVisible();

  const mail = await inbox.waitFor((m) => m.headers["subject"] === `Portfolio contact: ${subject}`);
  expect(mail.envelopeTo).toEqual(["desk@byline.test"]);
  expect(mail.headers["to"]).toBe("desk@byline.test");
  expect(mail.headers["reply-to"]).toBe("Priya Raman <priya@example.org>");
  expect(mail.headers["from"]).toBe("Byline <site@byline.test>");
  expect(mail.text).toContain("Line one of the tip.\nLine two.");

  await contact(page).getByRole("button", { name: "Send Another Message" }).click();
  for (const label of ["Name", "Email", "Subject", "Message"])
    await expect(field(page, label)).toHaveValue("");
  await expect(field(page, "Name")).toBeFocused();
  await expect(submitButton(page)).toBeDisabled();
});

test("'Explore My Portfolio' on the thank-you panel opens the portfolio overlay; the reply promise is the owner's", async ({
  page,
}) => {
  const promise = "I answer within a week, often sooner.";
  expect((await server.api("/api/site", { method: "PUT", json: { replyNote: promise } })).status).toBe(200);
  try {
    await openForm(page);
    await page.route("**/api/contact", (route) => route.fulfill({ status: 202, json: { ok: true } }));
    await fill(page, { name: "Ada", email: "ada@example.org", subject: "Hi", message: "Words" });
    await submitButton(page).click();
    await expect(contact(page).getByText(promise)).toBeVisible();
  } finally {
    const reset = { replyNote: "I typically respond within 24 hours during business days." };
    expect((await server.api("/api/site", { method: "PUT", json: reset })).status).toBe(200);
  }
  await contact(page).getByRole("button", { name: "Explore My Portfolio" }).click();
  await expect(page).toHaveURL(/[?&]portfolio=1/);
  await expect(page.getByRole("dialog", { name: "Portfolio" })).toBeVisible();
});

test("a failure shows '✗ Failed to send. Please try again.' and keeps the typed text; 400 messages sit by their fields", async ({
  page,
}) => {
  await openForm(page);
  const typed = {
    name: "Ada",
    email: "ada@example.org",
    subject: "Keep me",
    message: "Please keep this text.",
  };
  await fill(page, typed);

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/contact", async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      json: { error: { code: "internal", message: "Something went wrong" } },
    });
  });
  await submitButton(page).click();
  await expect(contact(page).locator("form").getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expect(contact(page).getByRole("alert")).toHaveText("✗ Failed to send. Please try again.");
  for (const [label, value] of Object.entries({
    Name: typed.name,
    Email: typed.email,
    Subject: typed.subject,
    Message: typed.message,
  })) {
    await expect(field(page, label)).toHaveValue(value);
  }
  await expect(submitButton(page)).toBeEnabled();

  await page.unroute("**/api/contact");
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 400,
      json: {
        error: {
          code: "invalid_input",
          message: "Some fields need attention.",
          fields: { subject: "Keep it under 200 characters" },
        },
      },
    }),
  );
  await submitButton(page).click();
  await expect(contact(page).getByRole("alert")).toHaveText("✗ Failed to send. Please try again.");
  await expect(field(page, "Subject")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Subject")).toHaveAccessibleDescription("Keep it under 200 characters");
  await expect(field(page, "Subject")).toBeFocused();
  await field(page, "Subject").fill("Shorter");
  await expect(contact(page).getByText("Keep it under 200 characters")).toHaveCount(0);
});

test("with the SMTP server down the visitor is thanked, the dashboard shows it queued, and it is delivered once SMTP is back", async ({
  page,
}) => {
  const subject = `While SMTP was down ${unique()}`;
  await inbox.stop();
  try {
    await openForm(page);
    await fill(page, {
      name: "Tomás Ortega",
      email: "tomas@example.org",
      subject,
      message: "Sent while your mail server was away.",
    });
    await submitButton(page).click();
    await expect(contact(page).getByRole("heading", { name: "Thank you for reaching out!" })).toBeVisible();

    await signIn(page);
    await page.getByRole("link", { name: /^Messages/ }).click();
    const card = page.getByRole("article").filter({ hasText: subject });
    await expect(card.getByText("Queued", { exact: true })).toBeVisible();
    await expect(card).toContainText(/Last error: .*(ECONNREFUSED|connect)/);
  } finally {
    await inbox.start();
  }
  const mail = await inbox.waitFor((m) => m.headers["subject"] === `Portfolio contact: ${subject}`, 30_000);
  expect(mail.headers["reply-to"]).toBe("Tomás Ortega <tomas@example.org>");
  // The open dashboard hears about the delivery without a reload.
  const card = page.getByRole("article").filter({ hasText: subject });
  await expect(card.getByText("Delivered", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(card).not.toContainText("Last error");
});

test("LinkedIn opens a tab at the click and sends it to the profile after 1 s (+0.5–1.5 s the first time)", async ({
  page,
  context,
}) => {
  const profile = `${server.url.replace("127.0.0.1", "localhost")}/healthz`;
  expect(
    (await server.api("/api/site", { method: "PUT", json: { social: { linkedin: profile } } })).status,
  ).toBe(200);
  await page.clock.install();
  await page.goto(server.url);
  const link = contact(page).getByRole("link", { name: /LinkedIn/ });
  await expect(link).toHaveAttribute("href", profile);
  // Before hydration the link works as a plain link; wait until the page is interactive.
  await contact(page).getByRole("button", { name: "Send Message" }).click();
  await expect(contact(page).getByRole("button", { name: "Hide Form" })).toBeVisible();
  // From here on the page's time moves only when the test moves it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  const [first] = await Promise.all([context.waitForEvent("page"), link.click()]);
  expect(first.url()).toBe("about:blank");
  await page.clock.runFor(1499);
  expect(first.url()).toBe("about:blank");
  await page.clock.runFor(1001);
  await first.waitForURL(profile);
  expect(await first.evaluate(() => window.opener)).toBeNull();
  await first.close();

  const [second] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await page.clock.runFor(999);
  expect(second.url()).toBe("about:blank");
  await page.clock.runFor(1);
  await second.waitForURL(profile);
  await second.close();
});

test("without JavaScript LinkedIn is a plain new-tab link", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(server.url);
  const link = contact(page).getByRole("link", { name: /LinkedIn/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "me noopener noreferrer");
  await expect(link).toHaveAttribute("href", /^https?:\/\//);
  await context.close();
});

test("fits a 375 px phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openForm(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await submitButton(page).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
});
