/** What the owner reads when a write is refused for lack of space (issue 41's words). */
export const DISK_FULL_MESSAGE =
  "The server's disk is full: nothing was saved. Free some space, then save again.";

/** SQLite's "database or disk is full", and the file system's "no space" and "quota exceeded". */
const FULL_CODES = new Set(["SQLITE_FULL", "ENOSPC", "EDQUOT"]);

/**
 * Whether `error` (or one it wraps as `cause`) is a write refused for lack of space:
 * better-sqlite3's SqliteError carries `code: "SQLITE_FULL"`, Node's fs errors `code: "ENOSPC"`.
 */
export function isDiskFull(error: unknown): boolean {
  for (let seen = error, depth = 0; seen && depth < 5; depth += 1) {
    const code = (seen as { code?: unknown }).code;
    if (typeof code === "string" && FULL_CODES.has(code)) return true;
    seen = (seen as { cause?: unknown }).cause;
  }
  return false;
}
