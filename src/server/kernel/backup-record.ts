import fs from "node:fs";
import path from "node:path";
import { writeFileAtomicSync } from "./disk/atomic-write";

/** `byline backup` runs in its own process (a nightly timer); it leaves the time here for Home. */
const FILE = "last-backup.json";

export function recordBackup(dataDir: string, at: Date): void {
  writeFileAtomicSync(path.join(dataDir, FILE), JSON.stringify({ at: at.toISOString() }));
}

/** When the last backup finished, or null when none did (or the record cannot be read). */
export function lastBackupAt(dataDir: string): string | null {
  try {
    const { at } = JSON.parse(fs.readFileSync(path.join(dataDir, FILE), "utf8")) as { at?: unknown };
    return typeof at === "string" && !Number.isNaN(Date.parse(at)) ? at : null;
  } catch {
    return null;
  }
}
