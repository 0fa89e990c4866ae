import fs from "node:fs";
import path from "node:path";
import { bytesUnder } from "./disk-monitor";

/** The folders `deploy/byline-backup.sh` makes: `byline-<UTC date and time>`, so by name is by age. */
const BACKUP_FOLDER = /^byline-\d{4}-\d{2}-\d{2}T\d{6}Z$/;

/**
 * Deletes the oldest backup folders beside `kept` (the one just made, never deleted) until all of
 * them together take at most `maxBytes`. Returns the folders deleted.
 */
export function pruneBackups(kept: string, maxBytes: number): string[] {
  const parent = path.dirname(path.resolve(kept));
  const own = path.basename(path.resolve(kept));
  const folders = fs
    .readdirSync(parent)
    .filter((name) => BACKUP_FOLDER.test(name) || name === own)
    .sort();
  const sizes = new Map(folders.map((name) => [name, bytesUnder(path.join(parent, name))]));
  let total = [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
  const deleted: string[] = [];
  for (const name of folders) {
    if (total <= maxBytes) break;
    if (name === own) continue;
    fs.rmSync(path.join(parent, name), { recursive: true, force: true });
    total -= sizes.get(name) ?? 0;
    deleted.push(path.join(parent, name));
  }
  return deleted;
}
