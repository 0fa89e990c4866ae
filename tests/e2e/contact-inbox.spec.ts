import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { OWNER, startServer, type TestServer } from "./support/test-server";

/**
 * The dashboard's Messages tab on a server without SMTP: messages are kept for the dashboard,
 * arrive live, carry an unread count on the tab, and can be marked read and deleted.
 */

test.describe.configure({ mode: "serial" });

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer();
  // The owner account is created just after the server starts listening: wait for it.
  expect((await server.api("/api/messages")).status).toBe(200);
});
test.afterAll(async () => {
  await server?.stop();
});

/** What a visitor's browser would post. */
async function sendMessage(values: { name: string; email: string; subject: string; message: string }) {
  const response = await fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify(values),
  });
  expect(response.status).toBe(201);
}

async function openInbox(page: Page) {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("link", { name: /^Messages/ }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/messages$/);
  await expect(page.getByRole("heading", { name: "Messages", level: 2 })).toBeVisible();
}

const tab = (page: Page) =>
  page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: /^Messages/ });
const card = (page: Page, subject: string) => page.getByRole("article").filter({ hasText: subject });

test("new messages arrive live, newest first, with the unread count on the tab; read marks and deletion with confirmation", async ({
  page,
}) => {
  await openInbox(page);
  await expect(page.getByText("No messages yet.")).toBeVisible();
  await expect(tab(page)).toHaveAccessibleName("Messages");

  await sendMessage({
    name: "Ada Lovelace",
    email: "ada@example.org",
    subject: "First tip",
    message: "About the bridge.",
  });
  await expect(card(page, "First tip")).toBeVisible();
  await expect(tab(page)).toHaveAccessibleName("Messages, 1 unread");
  await sendMessage({
    name: "Grace Hopper",
    email: "grace@example.org",
    subject: "Second tip",
    message: "About the harbour.",
  });
  await expect(tab(page)).toHaveAccessibleName("Messages, 2 unread");
  await expect(page.getByRole("article").first()).toContainText("Second tip");
  await expect(page.getByText("2 messages, 2 unread")).toBeVisible();

  const first = card(page, "First tip");
  await expect(first).toContainText("Ada Lovelace <ada@example.org>");
  await expect(first.getByText("Kept in dashboard", { exact: true })).toBeVisible();
  await expect(first.getByRole("heading", { name: "Unread: First tip" })).toBeVisible();
  await expect(first.getByRole("link", { name: "Reply to Ada Lovelace" })).toHaveAttribute(
    "href",
    "mailto:ada@example.org?subject=Re%3A%20First%20tip",
  );

  await first.getByRole("button", { name: "Mark as read" }).click();
  await expect(first.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  await expect(first.getByRole("heading", { name: "First tip", exact: true })).toBeVisible();
  await expect(tab(page)).toHaveAccessibleName("Messages, 1 unread");
  await first.getByRole("button", { name: "Mark as unread" }).click();
  await expect(tab(page)).toHaveAccessibleName("Messages, 2 unread");

  // Delete asks first; Cancel keeps the message.
  await first.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this message?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(first).toBeVisible();

  await first.getByRole("button", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message deleted" })).toBeVisible();
  await expect(card(page, "First tip")).toHaveCount(0);
  // Its Delete button went with it: keyboard focus stays in the inbox, on its heading.
  await expect(page.getByRole("heading", { name: "Messages", level: 2 })).toBeFocused();
  await expect(tab(page)).toHaveAccessibleName("Messages, 1 unread");
  const listed = (await (await server.api("/api/messages")).json()) as { messages: { subject: string }[] };
  expect(listed.messages.map((m) => m.subject)).toEqual(["Second tip"]);

  await expectNoViolations(page, "messages inbox", { include: [".dashboard__body", ".dashboard__tabs"] });
});

test("shows what visitors typed as text, never as markup", async ({ page }) => {
  const hostile = `<img src=x onerror="window.__owned=1"><b>bold</b> & "quotes"`;
  await sendMessage({
    name: "<script>x</script>",
    email: "mallory@example.org",
    subject: "<i>Markup</i> subject",
    message: hostile,
  });
  await openInbox(page);
  const message = card(page, "<i>Markup</i> subject");
  await expect(message).toContainText(hostile);
  await expect(message).toContainText("<script>x</script>");
  await expect(message.locator("img, b, i, script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
});

test("the unread count shows on every dashboard tab", async ({ page }) => {
  await openInbox(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(tab(page)).toHaveAccessibleName(/^Messages, \d+ unread$/);
  const before = Number((await tab(page).textContent())?.match(/\d+/)?.[0]);
  await sendMessage({
    name: "Live",
    email: "live@example.org",
    subject: "While on settings",
    message: "Hello",
  });
  await expect(tab(page)).toHaveAccessibleName(`Messages, ${before + 1} unread`);
});

test("a signed-out visitor is sent to sign in, and the inbox API refuses them", async ({ page }) => {
  await page.goto(`${server.url}/admin/dashboard/messages`);
  await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fdashboard%2Fmessages$/);
  expect((await fetch(`${server.url}/api/messages`)).status).toBe(401);
});

test("a failed write toasts why and keeps the message; an expired session goes to sign-in and back", async ({
  page,
}) => {
  await sendMessage({ name: "Kept", email: "kept@example.org", subject: "Stays put", message: "Hello" });
  await openInbox(page);
  const kept = card(page, "Stays put");
  await expect(kept).toBeVisible();

  await page.route("**/api/messages/*", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "Server error" } } })
      : route.fallback(),
  );
  await kept.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog", { name: "Delete this message?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("alert").getByText("Failed to delete message", { exact: true })).toBeVisible();
  await expect(kept).toBeVisible();
  await page.unroute("**/api/messages/*");

  await page.context().clearCookies();
  await kept.getByRole("button", { name: /^Mark as/ }).click();
  await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fdashboard%2Fmessages$/);
});
