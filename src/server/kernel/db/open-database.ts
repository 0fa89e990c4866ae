import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { Topic } from "../../../domain/content";
import { makePrivate } from "../private-files";
import { changesTable } from "./schema";
import * as schema from "./schema";

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type Drizzle = BetterSQLite3Database<typeof schema>;

export type ChangeEvent = { seq: number; topic: Topic };

export type Store = {
  sqlite: Database.Database;
  db: Drizzle;
  /**
   * Runs `fn` in one transaction together with the change record, so that every committed
   * write produces exactly one live event, emitted only after the commit.
   */
  write<T>(topics: Topic | readonly Topic[], fn: (db: Drizzle) => T): T;
  onChange(listener: (event: ChangeEvent) => void): () => void;
  /**
   * `read`, kept until the next change of `topics` (this process's write, or another's once
   * `emitExternalWrites` has seen it): how repositories keep what every page reads.
   */
  readUntilChange<T>(topics: Topic | readonly Topic[], read: () => T): () => T;
  /** The sequence number of the newest change this process has seen committed. */
  currentSeq(): number;
  /**
   * Emits the changes another process committed (the CLI's import, say) since we last looked.
   * SQLite's data_version only moves for other connections' commits, so this is cheap to poll.
   */
  emitExternalWrites(): void;
  close(): void;
};

export function openStore(dataDir: string): Store {
  const file = path.join(dataDir, "byline.sqlite");
  // SQLite gives the WAL and shared-memory files the database file's mode, so 0600 here covers them.
  makePrivate(dataDir, [`${file}-wal`, `${file}-shm`]);
  fs.closeSync(fs.openSync(file, "a", 0o600));
  fs.chmodSync(file, 0o600);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // Writes are rare and an acknowledged write must survive a power cut.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS });

  const listeners = new Set<(event: ChangeEvent) => void>();
  // Bumped before any listener hears of the change, so a listener that reads sees the new data.
  const versions = new Map<Topic, number>();
  const emit = (events: readonly ChangeEvent[]) => {
    for (const event of events) {
      lastSeq = Math.max(lastSeq, event.seq);
      versions.set(event.topic, (versions.get(event.topic) ?? 0) + 1);
      for (const listener of listeners) listener(event);
    }
  };
  const dataVersion = () => sqlite.pragma("data_version", { simple: true }) as number;
  const newerChanges = sqlite.prepare<[number], ChangeEvent>(
    "select seq, collection as topic from changes where seq > ? order by seq",
  );
  // A change row only says "this topic changed at seq": readers want the newest per
  // topic (catch-up, other processes' writes), so older rows go in the same transaction and
  // the table stays as small as the number of topics.
  const pruneOlderChanges = sqlite.prepare<[string, number]>(
    "delete from changes where collection = ? and seq < ?",
  );
  let lastSeq = (sqlite.prepare("select coalesce(max(seq), 0) as seq from changes").get() as { seq: number })
    .seq;
  let seenVersion = dataVersion();

  return {
    sqlite,
    db,
    write(topics, fn) {
      const names: readonly Topic[] = typeof topics === "string" ? [topics] : topics;
      const { result, events } = sqlite.transaction(() => {
        const result = fn(db);
        const createdAt = new Date().toISOString();
        const events = names.map((topic) => {
          const seq = db
            .insert(changesTable)
            .values({ topic, createdAt })
            .returning({ seq: changesTable.seq })
            .get().seq;
          pruneOlderChanges.run(topic, seq);
          return { topic, seq };
        });
        return { result, events };
      })();
      emit(events);
      return result;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readUntilChange(topics, read) {
      const names: readonly Topic[] = typeof topics === "string" ? [topics] : topics;
      let kept: { version: number; value: ReturnType<typeof read> } | undefined;
      return () => {
        // Versions only grow: their sum moves whenever one of them does.
        let version = 0;
        for (const name of names) version += versions.get(name) ?? 0;
        if (kept?.version !== version) kept = { version, value: read() };
        return kept.value;
      };
    },
    currentSeq: () => lastSeq,
    emitExternalWrites() {
      const version = dataVersion();
      if (version === seenVersion) return;
      seenVersion = version;
      emit(newerChanges.all(lastSeq));
    },
    close() {
      listeners.clear();
      sqlite.close();
    },
  };
}

/**
 * Whether `dataDir` holds a site: a Byline database that has been migrated at least once. Looks
 * without creating anything, so a mistyped or unset DATA_DIR is not turned into an empty site.
 */
export function holdsSite(dataDir: string): boolean {
  const file = path.join(dataDir, "byline.sqlite");
  if (!fs.existsSync(file)) return false;
  try {
    const sqlite = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return (
        sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'site'").get() !==
        undefined
      );
    } finally {
      sqlite.close();
    }
  } catch {
    return false;
  }
}
