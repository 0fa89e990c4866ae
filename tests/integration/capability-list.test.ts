import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { CAPABILITIES } from "../../src/server/capabilities";
import { defineCapability, type AnyCapability } from "../../src/server/kernel/capability";
import { loadConfig } from "../../src/server/kernel/config";
import { createLogger } from "../../src/server/kernel/logger";
import { createServices } from "../../src/server/services";
import { webArchive } from "../../src/server/web-archive/capability";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function build(capabilities: readonly AnyCapability[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-capabilities-"));
  dirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false" });
  return { dataDir, build: () => createServices(config, createLogger("silent"), {}, capabilities) };
}

describe("the capability list", () => {
  it("builds the app: every need is offered, every capability's routes are mounted", async () => {
    const services = build(CAPABILITIES).build();
    try {
      const { app } = createApp(services);
      expect((await app.request("/healthz")).status).toBe(200);
      // One route of each kind: a capability's API, its site routes, and the API's own 404.
      expect((await app.request("/api/site")).status).toBe(200);
      expect((await app.request("/site.webmanifest")).status).toBe(200);
      expect((await app.request("/api/no-such-thing")).status).toBe(404);
      for (const capability of CAPABILITIES)
        for (const name of capability.offers)
          expect(services, `${capability.name}'s ${name}`).toHaveProperty(name);
    } finally {
      services.store.close();
    }
  });

  it("refuses a list where a need is offered by nothing, naming both, before opening the database", () => {
    const { dataDir, build: withoutWebArchive } = build(CAPABILITIES.filter((c) => c !== webArchive));
    expect(withoutWebArchive).toThrow("page-reading needs 'webArchive', which no capability offers");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("refuses a list with a cycle, naming it", () => {
    // A made-up capability that needs the home page, which needs what it offers.
    const looped = defineCapability({
      name: "looped",
      needs: ["home"],
      offers: ["linkHealth"],
      tables: [],
      create: () => ({ linkHealth: undefined as never }),
    });
    const list = [...CAPABILITIES.filter((c) => c.name !== "link-health"), looped];
    expect(build(list).build).toThrow(/^cycle: (.+ -> )?home -> looped -> home$/);
  });
});
