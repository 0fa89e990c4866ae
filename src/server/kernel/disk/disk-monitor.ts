import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { errorReason } from "../../../domain/error-reason";
import { createBackgroundWorker } from "../background-worker";
import { createTtlCache } from "../ttl-cache";
import { writeFileAtomicSync } from "./atomic-write";

/** What the data directory holds that grows on its own, measured for Home. */
export type DiskPart = "captures" | "imageCache" | "uploads" | "backups";

export type DiskMonitorDeps = {
  dataDir: string;
  sqlite: Database.Database;
  /** Below this many free bytes no write is expected to succeed: /healthz answers 503. */
  floorBytes: number;
  /** Home warns, and background writing pauses, below the smaller of these two. */
  warnBytes: number;
  warnPercent: number;
  parts: Record<DiskPart, string>;
  /** Sends the owner a note (the contact capability's mail path); false when mail is not set up. */
  notifyOwner?: (notice: { subject: string; text: string }) => boolean;
  now?: () => Date;
  onError?: (error: unknown) => void;
};

export type DiskSpace = { freeBytes: number; totalBytes: number; warnBelowBytes: number };
/** "unknown" when the data directory cannot be looked at (gone, or its database closed). */
export type DatabaseState = "ok" | "full" | "unknown";
export type DiskHealth = DiskSpace & { database: DatabaseState; writable: boolean; reason?: string };
export type DiskReport = DiskSpace & { low: string | null; usage: Record<DiskPart, number> };

const MB = 1024 * 1024;
/** How often the disk is looked at when nobody opens Home (the owner's e-mail goes once a day). */
const CHECK_EVERY_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** While the last probe succeeded, another is written at most this often (/healthz is public). */
const PROBE_EVERY_MS = 10_000;
const PROBE = ".disk-probe";

export const megabytes = (bytes: number) => `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;

/** Bytes the files under `dir` take (0 when it does not exist). */
export function bytesUnder(dir: string): number {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(file);
    else if (entry.isFile()) total += fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
}

/**
 * The data directory's disk: its free space (statfs), whether the database can still grow, and a
 * probe write. /healthz, Home and the background jobs ask it; none of them writes to find out.
 */
export function createDiskMonitor(deps: DiskMonitorDeps) {
  const now = deps.now ?? (() => new Date());
  let probedAt = 0;
  let probeFailure: string | undefined;
  let notifiedAt: number | undefined;
  const usageCache = createTtlCache<Record<DiskPart, number>>({
    ttlMs: 60_000,
    maxEntries: 1,
    now: () => now().getTime(),
  });
  const pageCount = deps.sqlite.prepare("pragma page_count").pluck();
  const maxPageCount = deps.sqlite.prepare("pragma max_page_count").pluck();
  const freelistCount = deps.sqlite.prepare("pragma freelist_count").pluck();

  function space(): DiskSpace {
    const stats = fs.statfsSync(deps.dataDir);
    const totalBytes = stats.blocks * stats.bsize;
    const warnBelowBytes = Math.min(deps.warnBytes, (totalBytes * deps.warnPercent) / 100);
    return { freeBytes: stats.bavail * stats.bsize, totalBytes, warnBelowBytes };
  }

  /** "full" when the database has reached its page limit with no free page left in it. */
  function database(): DatabaseState {
    const used = pageCount.get() as number;
    return used >= (maxPageCount.get() as number) && (freelistCount.get() as number) === 0 ? "full" : "ok";
  }

  function probe(): string | undefined {
    const at = now().getTime();
    if (probeFailure === undefined && at - probedAt < PROBE_EVERY_MS) return undefined;
    probedAt = at;
    const file = path.join(deps.dataDir, PROBE);
    try {
      writeFileAtomicSync(file, Buffer.alloc(4096));
      fs.rmSync(file, { force: true });
      probeFailure = undefined;
    } catch (error) {
      probeFailure = `A test write to the data directory failed (${(error as NodeJS.ErrnoException).code ?? "error"}).`;
    }
    return probeFailure;
  }

  const cannotLook = (error: unknown) => `The data directory cannot be looked at (${errorReason(error)}).`;

  /** Whether a write can succeed now, and why not when it cannot. Never throws: /healthz asks it. */
  function health(): DiskHealth {
    let free: DiskSpace;
    let state: DatabaseState;
    try {
      free = space();
      state = database();
    } catch (error) {
      const nothing = { freeBytes: 0, totalBytes: 0, warnBelowBytes: 0 };
      return { ...nothing, database: "unknown", writable: false, reason: cannotLook(error) };
    }
    const reason =
      free.freeBytes < deps.floorBytes
        ? `The data directory's disk has ${megabytes(free.freeBytes)} free; writes need at least ${megabytes(deps.floorBytes)}.`
        : state === "full"
          ? "The database has reached its size limit."
          : probe();
    return { ...free, database: state, writable: reason === undefined, ...(reason && { reason }) };
  }

  /**
   * Why background writing should wait (space below the warning, or a data directory that cannot
   * be looked at: gone, or its database closed), or undefined when it need not. Never throws: a
   * background job asks it before each pass.
   */
  function lowSpaceReason(): string | undefined {
    try {
      const free = space();
      if (free.freeBytes < free.warnBelowBytes)
        return `Only ${megabytes(free.freeBytes)} free on the data directory's disk (the warning is below ${megabytes(free.warnBelowBytes)}).`;
      return database() === "full" ? "The database has reached its size limit." : undefined;
    } catch (error) {
      return cannotLook(error);
    }
  }

  /** Home's figures; e-mails the owner once a day while space is low. */
  function report(): DiskReport {
    const low = lowSpaceReason() ?? null;
    if (low) notifyOnceADay(low);
    // Home is read again after every change: the folders are walked at most once a minute.
    let usage = usageCache.get("usage");
    if (!usage) {
      usage = Object.fromEntries(
        Object.entries(deps.parts).map(([part, dir]) => [part, bytesUnder(dir)]),
      ) as Record<DiskPart, number>;
      usageCache.set("usage", usage);
    }
    return { ...space(), low, usage };
  }

  function notifyOnceADay(low: string): void {
    const at = now().getTime();
    if (notifiedAt !== undefined && at - notifiedAt < DAY_MS) return;
    let sent = false;
    try {
      sent = notify(low);
    } catch {
      // The note is queued in the database: when even that is full, the next check tries again.
    }
    if (sent) notifiedAt = at;
  }

  function notify(low: string): boolean {
    return (
      deps.notifyOwner?.({
        subject: "Byline: the server's disk is nearly full",
        text: `${low}\n\nUntil there is more space, captures, image warm-up, the clip watch and the Wayback queue wait. Free some space (old backups, the image cache), then open your dashboard's Home to see what each part takes.`,
      }) ?? false
    );
  }

  /** What the background check calls: the e-mail goes even when nobody opens Home. */
  function check(): void {
    const low = lowSpaceReason();
    if (low) notifyOnceADay(low);
  }

  const worker = createBackgroundWorker({
    pass: async () => check(),
    intervalMs: CHECK_EVERY_MS,
    firstWaitMs: CHECK_EVERY_MS,
    onError: deps.onError ?? (() => undefined),
  });

  return { space, database, health, lowSpaceReason, report, check, start: worker.start, stop: worker.stop };
}

export type DiskMonitor = ReturnType<typeof createDiskMonitor>;
