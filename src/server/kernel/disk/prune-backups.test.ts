import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { pruneBackups } from "./prune-backups";

let parent: string;
beforeEach(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), "byline-backups-"));
});
afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

function backup(name: string, bytes: number): string {
  const folder = path.join(parent, name);
  fs.mkdirSync(path.join(folder, "uploads"), { recursive: true });
  fs.writeFileSync(path.join(folder, "byline.sqlite"), Buffer.alloc(bytes / 2));
  fs.writeFileSync(path.join(folder, "uploads", "a.png"), Buffer.alloc(bytes / 2));
  return folder;
}

it("deletes the oldest backup folders first until all fit, never the one just made nor other folders", () => {
  backup("byline-2026-04-28T031500Z", 1000);
  backup("byline-2026-04-29T031500Z", 1000);
  backup("byline-2026-04-30T031500Z", 1000);
  fs.mkdirSync(path.join(parent, "keep-me"));
  const newest = backup("byline-2026-05-01T031500Z", 1000);

  expect(pruneBackups(newest, 2500)).toEqual([
    path.join(parent, "byline-2026-04-28T031500Z"),
    path.join(parent, "byline-2026-04-29T031500Z"),
  ]);
  expect(fs.readdirSync(parent).sort()).toEqual([
    "byline-2026-04-30T031500Z",
    "byline-2026-05-01T031500Z",
    "keep-me",
  ]);

  // Even alone over the cap, the backup just made stays.
  expect(pruneBackups(newest, 10)).toEqual([path.join(parent, "byline-2026-04-30T031500Z")]);
  expect(fs.existsSync(newest)).toBe(true);
});
