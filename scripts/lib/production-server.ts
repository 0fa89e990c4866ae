import { execFileSync } from "node:child_process";
import { startServer, type TestServer } from "../../tests/e2e/support/test-server";

/**
 * Builds for production into `buildDir` (unless told not to; `buildEnv` adds to the build's
 * environment) and starts a server on a free port with demo content, from the checkout at `root`
 * (this one unless named).
 */
export async function startProductionServer(options: {
  buildDir: string;
  build?: boolean;
  buildEnv?: Record<string, string>;
  env?: Record<string, string>;
  root?: string;
}): Promise<TestServer> {
  if (options.build !== false) {
    execFileSync("npx", ["react-router", "build"], {
      cwd: options.root,
      env: { ...process.env, ...options.buildEnv, BUILD_DIR: options.buildDir },
      stdio: "ignore",
    });
  }
  return startServer({ env: { BUILD_DIR: options.buildDir, ...options.env }, root: options.root });
}
