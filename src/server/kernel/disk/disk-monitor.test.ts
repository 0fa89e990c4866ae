import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createDiskMonitor } from "./disk-monitor";

let dataDir: string;
let sqlite: Database.Database;
let disk: ReturnType<typeof createDiskMonitor>;

// Each test makes its monitor on a fresh data directory; it and its database go after.
afterEach(() => {
  if (sqlite.open) sqlite.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function monitor() {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-disk-"));
  sqlite = new Database(path.join(dataDir, "byline.sqlite"));
  const parts = { captures: dataDir, imageCache: dataDir, uploads: dataDir, backups: dataDir };
  disk = createDiskMonitor({ dataDir, sqlite, floorBytes: 0, warnBytes: 0, warnPercent: 0, parts });
}

/** The data directory goes away under the monitor: deleted, its database closed. */
function removeDataDir() {
  sqlite.close();
  fs.rmSync(dataDir, { recursive: true });
}

describe("the disk monitor's low-space reason", () => {
  it("is none while there is room", () => {
    monitor();
    expect(disk.lowSpaceReason()).toBeUndefined();
  });

  it("says so, and never throws, once the data directory is gone (a background job asks before each pass)", () => {
    monitor();
    removeDataDir();
    expect(disk.lowSpaceReason()).toMatch(/^The data directory cannot be looked at \(ENOENT/);
  });
});

describe("the disk monitor's health", () => {
  it("is writable while there is room", () => {
    monitor();
    expect(disk.health()).toMatchObject({ writable: true, database: "ok" });
  });

  it("says why not, and never throws, once the data directory is gone (/healthz answers 503 with it)", () => {
    monitor();
    removeDataDir();
    expect(disk.health()).toMatchObject({
      writable: false,
      database: "unknown",
      reason: expect.stringMatching(/^The data directory cannot be looked at \(ENOENT/),
    });
  });
});
