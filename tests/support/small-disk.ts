import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { vi, type MockInstance } from "vitest";

/**
 * A data directory that really fills: a tmpfs of `sizeMb` mounted by the test (root, or a machine
 * that lets it mount) and unmounted after. Where mounting is impossible (an unprivileged CI
 * runner), the same tests run on an ordinary directory with the two fallbacks issue 41 names:
 * SQLite's `max_page_count` stops the database growing, and writes under the directory fail with
 * ENOSPC after writing part of their bytes (the fault a full disk causes).
 */
export type SmallDisk = {
  dir: string;
  /** "tmpfs" when a real file system fills; "fallback" otherwise. */
  kind: "tmpfs" | "fallback";
  /** Fills the disk to the last byte (or turns the fallbacks on). */
  fill(sqlite: Database.Database): void;
  /** Frees what `fill` took. */
  free(sqlite: Database.Database): void;
  /** Unmounts and deletes the directory. */
  remove(): void;
};

const FILLER = "filler.bin";

/** Whether the mount was made through sudo, so the unmount must be too. */
let sudoUnmount = false;

/**
 * Mounts a tmpfs of `sizeMb` at `dir`, owned by this process's user: directly as root, else
 * through `sudo -n` where it needs no password (a CI runner). False when neither may.
 */
export function mountTmpfs(dir: string, sizeMb: number): boolean {
  if (process.env.BYLINE_TEST_NO_MOUNT === "1") return false;
  const options = `size=${sizeMb}m,mode=0700,uid=${process.getuid?.() ?? 0},gid=${process.getgid?.() ?? 0}`;
  for (const command of [["mount"], ["sudo", "-n", "mount"]]) {
    try {
      execFileSync(command[0]!, [...command.slice(1), "-t", "tmpfs", "-o", options, "tmpfs", dir], {
        stdio: "pipe",
      });
      sudoUnmount = command[0] === "sudo";
      return true;
    } catch {
      // the next way, or none
    }
  }
  return false;
}

export function unmountTmpfs(dir: string): void {
  execFileSync(sudoUnmount ? "sudo" : "umount", sudoUnmount ? ["-n", "umount", dir] : [dir], {
    stdio: "pipe",
  });
}

/** Fills the file system holding `dir` to the last byte with one file, `filler.bin`; returns its path. */
export function fillFileSystem(dir: string): string {
  const file = path.join(dir, FILLER);
  const fd = fs.openSync(file, "a");
  try {
    for (const size of [1024 * 1024, 64 * 1024, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

const enospc = (file: string) =>
  Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), {
    code: "ENOSPC",
    errno: -28,
    syscall: "write",
    path: file,
  });

export function smallDisk(sizeMb: number): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-small-disk-"));
  const kind = mountTmpfs(dir, sizeMb) ? "tmpfs" : "fallback";
  let maxPages: number | undefined;
  let faults: MockInstance[] = [];
  const inDir = (file: unknown) =>
    typeof file === "string" && path.resolve(file).startsWith(`${dir}${path.sep}`);

  /** Writes under `dir` write half their bytes, then fail as a full disk does. */
  function injectFaults(): MockInstance[] {
    const { writeFileSync, createWriteStream } = fs;
    const writeFile = fs.promises.writeFile;
    const syncWrite = vi.spyOn(fs, "writeFileSync").mockImplementation((file, data, options) => {
      if (!inDir(file)) return writeFileSync(file, data, options);
      writeFileSync(
        file,
        Buffer.from(data as Buffer).subarray(0, Math.floor((data as Buffer).length / 2)),
        options,
      );
      throw enospc(String(file));
    });
    const asyncWrite = vi.spyOn(fs.promises, "writeFile").mockImplementation(async (file, data, options) => {
      if (!inDir(file)) return writeFile(file, data, options);
      const bytes = Buffer.from(data as Buffer);
      await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)), options);
      throw enospc(String(file));
    });
    const streamWrite = vi.spyOn(fs, "createWriteStream").mockImplementation((file, options) => {
      const stream = createWriteStream(file, options);
      if (inDir(file)) stream._write = (_chunk, _encoding, callback) => callback(enospc(String(file)));
      return stream;
    });
    return [syncWrite, asyncWrite, streamWrite];
  }

  return {
    dir,
    kind,
    fill(sqlite) {
      if (kind === "tmpfs") {
        // A WAL file keeps its size after a checkpoint, and a write that fits in it needs no disk:
        // truncated, every write must grow it, as on a disk that filled up long ago.
        sqlite.pragma("wal_checkpoint(TRUNCATE)");
        fillFileSystem(dir);
        return;
      }
      sqlite.exec("vacuum");
      maxPages = sqlite.pragma("max_page_count", { simple: true }) as number;
      sqlite.pragma(`max_page_count = ${sqlite.pragma("page_count", { simple: true }) as number}`);
      faults = injectFaults();
    },
    free(sqlite) {
      if (kind === "tmpfs") {
        fs.rmSync(path.join(dir, FILLER), { force: true });
        return;
      }
      for (const fault of faults) fault.mockRestore();
      faults = [];
      sqlite.pragma(`max_page_count = ${maxPages}`);
    },
    remove() {
      if (kind === "tmpfs") unmountTmpfs(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
