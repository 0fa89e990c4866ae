import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createDiskMonitor } from "./disk-monitor";

function monitorIn(dataDir: string) {
  const sqlite = new Database(path.join(dataDir, "byline.sqlite"));
  const parts = { captures: dataDir, imageCache: dataDir, uploads: dataDir, backups: dataDir };
  const disk = createDiskMonitor({ dataDir, sqlite, floorBytes: 0, warnBytes: 0, warnPercent: 0, parts });
  return { sqlite, disk };
}

describe("the disk monitor's low-space reason", () => {
  it("is none while there is room", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-disk-"));
    const { sqlite, disk } = monitorIn(dir);
    try {
      expect(disk.lowSpaceReason()).toBeUndefined();
    } finally {
      sqlite.close();
      fs.rmSync(dir, { recursive: true });
    }
  });

  it("says so, and never throws, once the data directory is gone (a background job asks before each pass)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-disk-"));
    const { sqlite, disk } = monitorIn(dir);
    sqlite.close();
    fs.rmSync(dir, { recursive: true });
    expect(disk.lowSpaceReason()).toMatch(/^The data directory cannot be looked at \(ENOENT/);
  });
});

describe("the disk monitor's health", () => {
  it("is writable while there is room", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-disk-"));
    const { sqlite, disk } = monitorIn(dir);
    try {
      expect(disk.health()).toMatchObject({ writable: true, database: "ok" });
    } finally {
      sqlite.close();
      fs.rmSync(dir, { recursive: true });
    }
  });

  it("says why not, and never throws, once the data directory is gone (/healthz answers 503 with it)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-disk-"));
    const { sqlite, disk } = monitorIn(dir);
    sqlite.close();
    fs.rmSync(dir, { recursive: true });
    expect(disk.health()).toMatchObject({
      writable: false,
      database: "unknown",
      reason: expect.stringMatching(/^The data directory cannot be looked at \(ENOENT/),
    });
  });
});
