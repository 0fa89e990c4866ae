import { defineConfig } from "@playwright/test";
import { QUIET_CHROMIUM_ARGS } from "./scripts/lib/chromium";

/**
 * Real Chromium from Debian; `npx playwright install` cannot download browsers here. The tests
 * drive Debian's `chromium-headless-shell` (the same Chromium build, without the desktop browser
 * around it), as Playwright itself does in headless mode: on 2 cores it runs the suite about a
 * third faster than the full browser (docs/decisions/022-headless-shell-for-tests.md).
 */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: ["--headless", ...QUIET_CHROMIUM_ARGS, "--disable-quic"],
    },
  },
});
