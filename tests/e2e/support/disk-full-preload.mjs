// The fallback of tests/e2e/full-disk.spec.ts where no tmpfs can be mounted: preloaded into the
// server (NODE_OPTIONS=--import), it makes the data directory behave as a full disk while the
// file DATA_DIR/.disk-full exists. SQLite's writing statements fail with SQLITE_FULL, file writes
// under DATA_DIR with ENOSPC, and statfs reports no free space, as a real full disk would.
import fs from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const Database = require("better-sqlite3");
const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
const full = () => fs.existsSync(path.join(dataDir, ".disk-full"));
const inDataDir = (file) =>
  typeof file === "string" && path.resolve(file).startsWith(`${dataDir}${path.sep}`);
const enospc = (file) =>
  Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), {
    code: "ENOSPC",
    path: file,
  });

const WRITES = /^\s*(insert|update|delete|replace)\b/i;
const statement = Object.getPrototypeOf(new Database(":memory:").prepare("select 1"));
for (const method of ["run", "get", "all"]) {
  const original = statement[method];
  statement[method] = function (...args) {
    if (full() && WRITES.test(this.source))
      throw new Database.SqliteError("database or disk is full", "SQLITE_FULL");
    return original.apply(this, args);
  };
}

const { writeFileSync, createWriteStream, statfsSync } = fs;
const writeFile = fs.promises.writeFile;
fs.writeFileSync = (file, ...rest) => {
  if (full() && inDataDir(file)) throw enospc(file);
  return writeFileSync(file, ...rest);
};
fs.promises.writeFile = async (file, ...rest) => {
  if (full() && inDataDir(file)) throw enospc(file);
  return writeFile(file, ...rest);
};
fs.createWriteStream = (file, options) => {
  const stream = createWriteStream(file, options);
  if (full() && inDataDir(file)) stream._write = (_chunk, _encoding, callback) => callback(enospc(file));
  return stream;
};
fs.statfsSync = (file, ...rest) => {
  const stats = statfsSync(file, ...rest);
  return full() && path.resolve(file) === dataDir ? Object.assign(stats, { bavail: 0, bfree: 0 }) : stats;
};
syncBuiltinESMExports();
