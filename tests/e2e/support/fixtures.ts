import { test as base, expect, type Page, type WorkerFixture } from "@playwright/test";
import { OWNER, startServer, type TestServer } from "./test-server";

type WorkerFixtures = { server: TestServer };
type TestFixtures = { signIn: (page?: Page) => Promise<void> };

/** A worker fixture: `start` runs before the worker's first test, `stop` after its last. */
export function perWorker<T>(
  start: () => Promise<T>,
  stop: (started: T) => Promise<void>,
): [WorkerFixture<T, object>, { scope: "worker" }] {
  return [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const started = await start();
      await use(started);
      await stop(started);
    },
    { scope: "worker" },
  ];
}

/**
 * One real server per worker with demo content (SEED_DEMO defaults to true) and the owner
 * account from ADMIN_EMAIL/ADMIN_PASSWORD. `baseURL` points at it.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: perWorker(
    () => startServer(),
    (server) => server.stop(),
  ),
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
