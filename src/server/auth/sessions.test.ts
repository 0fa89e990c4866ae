import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../kernel/db/open-database";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, createSessionStore } from "./sessions";

let dir: string;
let store: Store;
let now: number;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-sessions-"));
  store = openStore(dir);
  now = Date.UTC(2026, 0, 1);
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("sessions", () => {
  it("issues 128-bit random ids and stores only their hash", () => {
    const sessions = createSessionStore(store, () => now);
    const { id } = sessions.create();
    expect(Buffer.from(id, "base64url")).toHaveLength(16);
    const stored = store.sqlite.prepare("select id_hash from sessions").pluck().all() as string[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain(id);
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("expires after the idle limit without use", () => {
    const sessions = createSessionStore(store, () => now);
    const { id } = sessions.create();
    now += SESSION_IDLE_MS - 1000;
    expect(sessions.find(id)).toBeDefined();
    now += SESSION_IDLE_MS - 1000;
    expect(sessions.find(id)).toBeDefined();
    now += SESSION_IDLE_MS + 1;
    expect(sessions.find(id)).toBeUndefined();
  });

  it("expires at the absolute limit even when used every hour", () => {
    const sessions = createSessionStore(store, () => now);
    const { id } = sessions.create();
    const end = now + SESSION_ABSOLUTE_MS;
    while (now + 3_600_000 < end) {
      now += 3_600_000;
      expect(sessions.find(id)).toBeDefined();
    }
    now = end + 1;
    expect(sessions.find(id)).toBeUndefined();
  });

  it("destroys one session or all of them", () => {
    const sessions = createSessionStore(store, () => now);
    const a = sessions.create();
    const b = sessions.create();
    sessions.destroy(a.id);
    expect(sessions.find(a.id)).toBeUndefined();
    expect(sessions.find(b.id)).toBeDefined();
    sessions.destroyAll();
    expect(sessions.find(b.id)).toBeUndefined();
  });
});
