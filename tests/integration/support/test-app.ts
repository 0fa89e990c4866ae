import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp, type AppOptions } from "../../../src/server/app";
import { loadConfig } from "../../../src/server/kernel/config";
import { createLogger } from "../../../src/server/kernel/logger";
import { hashPassword } from "../../../src/server/auth/passwords";
import { createServices, type ServiceOptions } from "../../../src/server/services";

export const OWNER = { email: "owner@example.com", password: "correct horse battery staple" };
export const ORIGIN = "http://localhost:3000";

// scrypt at OWASP cost takes a few hundred milliseconds: hash the test password once per file.
let ownerHash: Promise<string> | undefined;

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A real app on a temporary SQLite file, driven in-process through `app.request()`. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: AppOptions &
    Pick<ServiceOptions, "live" | "generatedImages" | "now" | "wayback" | "clipBooks" | "identity"> = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-test-"));
  // No pause between requests to one fake outlet unless a test asks for one.
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false", LINK_CHECK_PAUSE_MS: "0", ...env });
  const { live: liveOptions, generatedImages, now, wayback, clipBooks, identity, ...appOptions } = options;
  const services = createServices(config, createLogger("silent"), {
    live: liveOptions,
    generatedImages,
    now,
    wayback,
    clipBooks,
    identity,
  });
  ownerHash ??= hashPassword(OWNER.password);
  services.store.sqlite
    .prepare("insert into owner (id, email, password_hash, updated_at) values (1, ?, ?, ?)")
    .run(OWNER.email, await ownerHash, new Date().toISOString());
  const { app } = createApp(services, appOptions);
  const { live, publicCache } = services;

  const request = (pathname: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    return app.request(`${ORIGIN}${pathname}`, { ...init, headers, body });
  };

  async function signIn(credentials = OWNER) {
    const response = await request("/api/session", { method: "POST", json: credentials });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    /** Requests as the signed-in owner, from our own origin, with the CSRF token. */
    const owner = (pathname: string, init: RequestInit & { json?: unknown } = {}) => {
      const headers = new Headers(init.headers);
      headers.set("Cookie", cookie);
      if (!headers.has("X-CSRF-Token")) headers.set("X-CSRF-Token", csrfToken);
      if (!headers.has("Origin")) headers.set("Origin", ORIGIN);
      return request(pathname, { ...init, headers });
    };
    return { cookie, csrfToken, owner };
  }

  return {
    app,
    live,
    publicCache,
    services,
    dataDir,
    request,
    signIn,
    close() {
      live.closeAll();
      services.store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
