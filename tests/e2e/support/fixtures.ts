import { test as base, expect, type Page } from "@playwright/test";
import { OWNER, startServer, type TestServer } from "./test-server";

type WorkerFixtures = { server: TestServer };
type TestFixtures = { signIn: (page?: Page) => Promise<void> };

/**
 * One real server per worker with demo content (SEED_DEMO defaults to true) and the owner
 * account from ADMIN_EMAIL/ADMIN_PASSWORD. `baseURL` points at it.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  signIn: async ({ page }, use) => {
    await use(async (target = page) => {
      await target.goto("/admin");
      await target.getByLabel("Email").fill(OWNER.email);
      await target.getByLabel("Password").fill(OWNER.password);
      await target.getByRole("button", { name: "Sign In" }).click();
      await expect(target.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    });
  },
});

export { expect, OWNER };
