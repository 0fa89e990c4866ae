import { spawn } from "node:child_process";
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImportJob } from "../../src/domain/back-catalogue";
import { CatalogueBusyError } from "../../src/server/back-catalogue/back-catalogue-service";
import { ATOM_FEED, DUPLICATE, RSS_FEED, serveFakeOutlet } from "../e2e/support/fake-outlet";
import { startFakePublisher, type FakePublisher } from "../e2e/support/fake-publisher";
import { importDataDir, openImportProcess, type ImportProcess } from "./support/import-process";
import { createTestApp, type TestApp } from "./support/test-app";

let publisher: FakePublisher;
let articles: string[];

beforeAll(async () => {
  publisher = await startFakePublisher();
  const outlet = serveFakeOutlet(publisher);
  articles = [...outlet.jane, ...outlet.others, publisher.url(DUPLICATE.path)];
});

afterAll(() => publisher.close());

const opened: ImportProcess[] = [];
const cleanups: (() => void | Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const process of opened.splice(0)) await process.close();
});

function dataDir() {
  const dir = importDataDir();
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function open(dir: string, options?: Parameters<typeof openImportProcess>[1]) {
  const process = openImportProcess(dir, options);
  opened.push(process);
  return process;
}

/** Every article page waits until the returned function is called (also when the test ends). */
function holdArticles(): () => void {
  const releases = articles.map((url) => publisher.hold(new URL(url).pathname));
  const release = () => releases.forEach((open) => open());
  cleanups.push(release);
  return release;
}

const requested = () => articles.reduce((sum, url) => sum + publisher.hits(new URL(url).pathname), 0);
/** Until `count` more article pages were asked for than `before`: an import is reading. */
const untilReading = (before: number, count = 2) =>
  vi.waitFor(() => expect(requested()).toBeGreaterThanOrEqual(before + count), {
    timeout: 20_000,
    interval: 10,
  });

/** A command line's import of the feed, reading its first pages (held until `release`). */
async function cliReading() {
  const dir = dataDir();
  const release = holdArticles();
  const before = requested();
  const cli = open(dir);
  const { id } = cli.imports.start(publisher.url(RSS_FEED));
  await untilReading(before);
  return { dir, cli, id, release };
}

describe("one process runs an import at a time (issue 26)", () => {
  it("while the command line runs an import, the server leaves that job alone and refuses to start another", async () => {
    const { dir, cli, id, release } = await cliReading();
    const { holder } = cli.lease(id);

    const server = open(dir);
    server.imports.resume();
    expect(server.lease(id)).toMatchObject({ holder, interruptions: 0 });
    expect(() => server.imports.start(publisher.url(ATOM_FEED))).toThrow(CatalogueBusyError);

    release();
    await cli.imports.finished(id);
    expect(server.imports.get(id)!.status).toBe("done");
    expect(server.lease(id)).toEqual({ holder: null, leaseUntil: 0, interruptions: 0 });
  });

  it("a process that stalls past its lease loses the job to the server, which reads the rest; the stalled one writes nothing more", async () => {
    const { dir, cli, id, release } = await cliReading();
    const stalled = cli.lease(id).holder!;

    // The server's clock is a minute ahead: to it, the command line's lease lapsed long ago.
    const server = open(dir, { now: () => Date.now() + 60_000 });
    server.imports.resume();
    const taken = server.lease(id);
    expect(taken.interruptions).toBe(1);
    expect(taken.holder).not.toBe(stalled);

    const unread = server.imports.get(id)!.candidates.find((c) => c.status === "pending")!;
    cli.jobs.saveRead(id, stalled, unread.id, { error: "written by the stalled process" });
    cli.jobs.finish(id, stalled, "failed", "written by the stalled process");
    expect(server.imports.get(id)!.status).toBe("reading");
    expect(server.imports.get(id)!.candidates[unread.id]!.status).toBe("pending");

    release();
    await cli.imports.finished(id);
    await server.imports.finished(id);
    const job = server.imports.get(id)!;
    expect(job.status).toBe("done");
    expect(job.candidates.every((c) => c.status === "ready")).toBe(true);
  });

  it("an import whose process stopped answering does not block a new one: it is left 'interrupted'", async () => {
    const { dir, cli, id, release } = await cliReading();

    // Another `import-from`, after the first one's lease lapsed.
    const later = open(dir, { now: () => Date.now() + 60_000 });
    const next = later.imports.start(publisher.url(ATOM_FEED));
    expect(next.status).toBe("discovering");
    expect(later.imports.get(id)!.status).toBe("interrupted");

    release();
    await cli.imports.finished(id);
    await later.imports.finished(next.id);
    expect(later.imports.get(next.id)!.status).toBe("done");
    expect(later.imports.get(id)!.status).toBe("interrupted");
  });
});

describe("the owner and an interrupted import", () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<TestApp["signIn"]>>["owner"];

  beforeAll(async () => {
    app = await createTestApp({ FETCH_ALLOW_PRIVATE: "true" });
    owner = (await app.signIn()).owner;
  });

  afterAll(async () => {
    await app.services.imports.stop();
    app.close();
  });

  const job = async (id: string) => (await (await owner(`/api/imports/${id}`)).json()) as ImportJob;
  const post = (path: string, json?: unknown) => owner(path, { method: "POST", json });

  it("sees it as 'interrupted' and resumes it (once nothing else runs) or cancels it", async () => {
    const started = await post("/api/imports", { url: publisher.url(RSS_FEED) });
    const { id } = (await started.json()) as ImportJob;
    await app.services.imports.finished(id);
    // As if its process had stopped twice with ten pages still to read.
    const sqlite = app.services.store.sqlite;
    const interrupt = () => {
      sqlite.prepare("update import_jobs set status = 'interrupted' where id = ?").run(id);
      sqlite
        .prepare(
          "update import_candidates set status = 'pending', title = '' where job_id = ? and position < 10",
        )
        .run(id);
    };
    interrupt();
    expect(((await (await owner("/api/imports/latest")).json()) as { job: ImportJob }).job.status).toBe(
      "interrupted",
    );
    expect((await post("/api/imports/no-such-import/resume")).status).toBe(404);

    // Another import runs: the interrupted one waits.
    const release = holdArticles();
    const other = (await (await post("/api/imports", { url: publisher.url(ATOM_FEED) })).json()) as ImportJob;
    const busy = await post(`/api/imports/${id}/resume`);
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ error: { code: "busy" } });
    await post(`/api/imports/${other.id}/cancel`);
    release();
    await app.services.imports.finished(other.id);

    const resumed = await post(`/api/imports/${id}/resume`);
    expect(resumed.status).toBe(202);
    expect(((await resumed.json()) as ImportJob).status).toBe("reading");
    await app.services.imports.finished(id);
    const done = await job(id);
    expect(done.status).toBe("done");
    expect(done.candidates.every((c) => c.status === "ready" && c.title !== "")).toBe(true);
    const again = await post(`/api/imports/${id}/resume`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: "not_interrupted" } });

    interrupt();
    const cancelled = await post(`/api/imports/${id}/cancel`);
    expect(((await cancelled.json()) as ImportJob).status).toBe("cancelled");
  });
});

/** `byline import-from` of the feed in its own process, once it reads its first pages. */
async function importFromReading(dir: string) {
  const before = requested();
  const child = spawn(process.execPath, ["bin/byline.js", "import-from", publisher.url(RSS_FEED)], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      FETCH_ALLOW_PRIVATE: "true",
      SEED_DEMO: "false",
      LINK_CHECK_PAUSE_MS: "0",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
  cleanups.push(() => void child.kill("SIGKILL"));
  await untilReading(before);
  return { process: child, exited, stderr: () => stderr };
}

describe("`byline import-from` in its own process", () => {
  it("cancels its import on Ctrl-C", async () => {
    const dir = dataDir();
    holdArticles();
    const cli = await importFromReading(dir);
    cli.process.kill("SIGINT");
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toContain("The import was cancelled.");
    const after = open(dir);
    expect(after.imports.latest()!.status).toBe("cancelled");
  });

  it("blocks a second import while it runs; after a kill -9, once its lease lapses, the server takes its job over and finishes it, and new imports start", async () => {
    const app = await createTestApp({ FETCH_ALLOW_PRIVATE: "true" });
    const { owner } = await app.signIn();
    // The server's start: it takes over the imports whose process stopped.
    app.services.imports.resume();
    cleanups.push(async () => {
      await app.services.imports.stop();
      app.close();
    });
    const release = holdArticles();
    const cli = await importFromReading(app.dataDir);
    const latest = (await (await owner("/api/imports/latest")).json()) as { job: ImportJob };
    const id = latest.job.id;
    expect(latest.job.status).toBe("reading");

    const refused = await owner("/api/imports", { method: "POST", json: { url: publisher.url(ATOM_FEED) } });
    expect(refused.status).toBe(409);

    cli.process.kill("SIGKILL");
    await cli.exited;
    const sqlite = app.services.store.sqlite;
    const lease = () =>
      sqlite.prepare("select holder, interruptions from import_jobs where id = ?").get(id) as {
        holder: string | null;
        interruptions: number;
      };
    const dead = lease().holder;
    // As if its 15 s had passed with no heartbeat from the killed process.
    sqlite.prepare("update import_jobs set lease_until = 0 where id = ?").run(id);
    await vi.waitFor(() => expect(lease().interruptions).toBe(1), { timeout: 20_000, interval: 50 });
    expect(lease().holder).not.toBe(dead);

    release();
    await app.services.imports.finished(id);
    const job = (await (await owner(`/api/imports/${id}`)).json()) as ImportJob;
    expect(job.status).toBe("done");
    expect(job.candidates.every((c) => c.status === "ready")).toBe(true);
    const next = await owner("/api/imports", { method: "POST", json: { url: publisher.url(ATOM_FEED) } });
    expect(next.status).toBe(202);
    await app.services.imports.finished(((await next.json()) as ImportJob).id);
  }, 60_000);
});
