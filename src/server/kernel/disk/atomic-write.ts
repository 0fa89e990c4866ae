import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";

/**
 * The one way Byline writes a file others may read: the bytes go to a temporary file beside the
 * target, which is renamed over it once complete, and removed when anything fails. A file under its
 * final name is therefore always whole, and a full disk leaves nothing behind.
 */

/** The temporary name: hidden, beside the target (same file system, so the rename is atomic). */
export function temporaryPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(8).toString("hex")}.tmp`);
}

/** Whether `name` is one of `temporaryPathFor`'s names (what a sweep may delete after a crash). */
export const isTemporaryName = (name: string) => /^\..+\.[0-9a-f]{16}\.tmp$/.test(name);

type Body = string | NodeJS.ArrayBufferView;
/** `temporary`: another name beside the target, for a store whose sweep knows its own names. */
type WriteOptions = { mode?: number; temporary?: string };

export function writeFileAtomicSync(target: string, data: Body, options: WriteOptions = {}): void {
  const { mode = 0o600, temporary = temporaryPathFor(target) } = options;
  try {
    fs.writeFileSync(temporary, data, { mode });
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** `data` may be bytes or a stream (a WACZ, an export) written as it comes. */
export async function writeFileAtomic(
  target: string,
  data: Body | NodeJS.ReadableStream | AsyncIterable<Uint8Array>,
  options: WriteOptions = {},
): Promise<void> {
  const { mode = 0o600, temporary = temporaryPathFor(target) } = options;
  try {
    if (typeof data === "string" || ArrayBuffer.isView(data)) {
      await fs.promises.writeFile(temporary, data, { mode });
    } else {
      await pipeline(data, fs.createWriteStream(temporary, { mode }));
    }
    await fs.promises.rename(temporary, target);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

/** Copies `source` to `target` the same way (backups). */
export async function copyFileAtomic(source: string, target: string): Promise<void> {
  await writeFileAtomic(target, fs.createReadStream(source));
}
