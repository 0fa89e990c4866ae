import type { Page } from "@playwright/test";
import { expect, OWNER, test } from "./support/fixtures";
import { startServer } from "./support/test-server";

/** Holds back the requests to `url` (of `method`, if given) until the returned function is called. */
async function holdRequests(page: Page, url: string, method?: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (!method || route.request().method() === method) await held;
    await route.continue();
  });
  return release;
}

test.describe("owner sign-in", () => {
  test("signs in with the right password and lands on the dashboard, replacing history", async ({
    page,
    server,
  }) => {
    await page.goto("/");
    await page.goto("/admin");
    const button = page.getByRole("button", { name: "Sign In" });
    await expect(button).toBeEnabled();
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    // Hold the answer back long enough to see the pending label.
    const release = await holdRequests(page, "**/api/session", "POST");
    await button.click();
    await expect(page.getByRole("button", { name: "Signing in…" })).toBeDisabled();
    release();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const sections = page.getByRole("navigation", { name: "Sections" });
    for (const tab of ["Home", "Experiences", "Education", "Articles", "Settings"]) {
      await expect(sections.getByRole("link", { name: tab, exact: true })).toBeVisible();
    }
    // The sign-in page was replaced: Back goes to the page before it.
    await page.goBack();
    await expect(page).toHaveURL(`${server.url}/`);
  });

  test("the Sign In button waits for the page's script, so the password can never be sent in the URL", async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
    await context.close();
  });

  test("shows the error message for a wrong password and stays signed out", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("The e-mail address or password is incorrect.");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\?redirectTo=/);
  });

  test("redirects a signed-out visitor to /admin and returns to the requested page after sign-in", async ({
    page,
  }) => {
    await page.goto("/admin/dashboard/settings");
    await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fdashboard%2Fsettings$/);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/settings$/);
  });

  test("logout returns to /admin and the dashboard is guarded again", async ({ page, signIn }) => {
    await signIn();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\?redirectTo=/);
  });

  test("logout still signs out when the page's token is out of date (signed in again in another tab)", async ({
    page,
    server,
    signIn,
  }) => {
    await signIn();
    // Another tab signs in: the session is renewed in the shared cookie, and this page's token is stale.
    const again = await page.context().request.post("/api/session", {
      data: OWNER,
      headers: { Origin: server.url },
    });
    expect(again.status()).toBe(200);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    expect(await (await page.context().request.get("/api/session")).json()).toMatchObject({
      signedIn: false,
    });
  });

  test("unknown dashboard sections ask to choose one, unknown site paths show the landing page", async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto("/admin/dashboard/nothing-here");
    await expect(page.getByText("Choose a section to manage.")).toBeVisible();
    const response = await page.goto("/some/unknown/path");
    expect(response?.status()).toBe(200);
    await expect(page.locator("#work")).toBeAttached();
  });
});

test("the owner named by ADMIN_EMAIL can sign in as soon as a fresh server answers", async () => {
  // Its own server, with a fresh data directory: the owner is made at this start.
  const fresh = await startServer();
  try {
    expect((await fetch(`${fresh.url}/healthz`)).status).toBe(200);
    const signIn = await fetch(`${fresh.url}/api/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: fresh.url },
      body: JSON.stringify(OWNER),
    });
    expect(signIn.status).toBe(200);
  } finally {
    await fresh.stop();
  }
});

test("a change made through the API appears live on an open page", async ({ page, server }) => {
  await page.goto("/");
  const title = `Live headline ${Date.now()}`;
  await expect(page.getByText(title)).toHaveCount(0);
  const response = await server.api("/api/articles", {
    method: "POST",
    json: {
      title,
      outlet: "Live Outlet",
      url: "https://live.example/story",
      date: "2026-11-01",
      description: "Fresh",
      featured: true,
    },
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await expect(page.getByText(title).first()).toBeVisible();
  await server.api(`/api/articles/${id}`, { method: "DELETE" });
});

test("a change made after the page was rendered but before its live stream opened still arrives", async ({
  page,
  server,
}) => {
  const title = `Early headline ${Date.now()}`;
  // Hold the page's scripts back until the write has committed: the HTML is older than the write.
  const release = await holdRequests(page, "**/assets/**");
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.locator("#work")).toBeAttached();
  const response = await server.api("/api/articles", {
    method: "POST",
    json: {
      title,
      outlet: "Early Outlet",
      url: "https://early.example/story",
      date: "2026-11-02",
      description: "Early",
      featured: true,
    },
  });
  expect(response.status).toBe(201);
  await expect(page.getByText(title)).toHaveCount(0);
  release();
  await expect(page.getByText(title).first()).toBeVisible();
  const { id } = (await response.json()) as { id: string };
  await server.api(`/api/articles/${id}`, { method: "DELETE" });
});
