import fs from "node:fs";

/**
 * The data directory holds sources' names and unpublished tip-offs: nobody but the service's own
 * user may read it. The mask covers every file the process creates later (database, WAL,
 * backups, uploads, image cache); `makePrivate` fixes what an older version left readable.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/** Creates `dir` if needed and makes it and the named files in it private (0700 / 0600). */
export function makePrivate(dir: string, files: readonly string[] = []): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  for (const file of files) {
    try {
      fs.chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}
