import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("starting the server before a build", () => {
  it("says to run npm run build first, in one line, exits 1, and creates no data directory", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "byline-nobuild-"));
    const buildDir = path.join(root, "build");
    const dataDir = path.join(root, "data");
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "0", BUILD_DIR: buildDir, DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `No production build in ${buildDir}: run npm run build first (npm start builds, then serves).\n`,
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
