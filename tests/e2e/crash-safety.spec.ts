import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer } from "./support/test-server";

test("every acknowledged write survives SIGKILL in the middle of a stream of writes", async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-crash-"));
  try {
    const server = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
    await server.api("/api/session");
    const acknowledged: string[] = [];
    let sent = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        sent += 1;
        const title = `Write ${sent}`;
        try {
          const response = await server.api("/api/articles", {
            method: "POST",
            json: { title, outlet: "Crash Weekly", url: `https://crash.example/${sent}`, date: "2026-01-01" },
          });
          if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        } catch {
          // The connection died with the server: this write was never acknowledged.
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 10));
    server.process.kill("SIGKILL");
    await new Promise((r) => server.process.once("exit", r));
    stop = true;
    await Promise.all(writers);

    const restarted = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
    try {
      const articles = (await (await fetch(`${restarted.url}/api/articles`)).json()) as { id: string }[];
      const found = new Set(articles.map((a) => a.id));
      const missing = acknowledged.filter((id) => !found.has(id));
      console.log(
        `crash-safety: sent ${sent}, acknowledged ${acknowledged.length}, found ${found.size}, missing ${missing.length}`,
      );
      expect(missing).toEqual([]);
      expect(found.size).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await restarted.stop();
    }
    const db = new Database(path.join(dataDir, "byline.sqlite"), { readonly: true });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    db.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
