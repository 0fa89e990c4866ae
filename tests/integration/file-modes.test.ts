import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../src/server/kernel/db/open-database";

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("private data files", () => {
  it("creates the data directory 0700 and the database, WAL and shared memory 0600 under a lax umask", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "byline-modes-"));
    const dataDir = path.join(root, "data");
    const previous = process.umask(0o022);
    try {
      const store = openStore(dataDir);
      store.write("site", () => undefined);
      const db = path.join(dataDir, "byline.sqlite");
      expect(mode(dataDir)).toBe("700");
      expect([mode(db), mode(`${db}-wal`), mode(`${db}-shm`)]).toEqual(["600", "600", "600"]);
      store.close();
    } finally {
      process.umask(previous);
    }
  });

  it("tightens a data directory an older version left readable", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "byline-modes-"));
    const dataDir = path.join(root, "data");
    openStore(dataDir).close();
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, "byline.sqlite"), 0o644);
    openStore(dataDir).close();
    expect(mode(dataDir)).toBe("700");
    expect(mode(path.join(dataDir, "byline.sqlite"))).toBe("600");
  });

  it("writes backups 0600 from the command line under a lax umask", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "byline-modes-"));
    const dataDir = path.join(root, "data");
    openStore(dataDir).close();
    const backup = path.join(root, "nightly.sqlite");
    execFileSync("sh", ["-c", `umask 022 && exec "${process.execPath}" bin/byline.js backup "${backup}"`], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: "pipe",
    });
    expect(mode(backup)).toBe("600");
  });
});
