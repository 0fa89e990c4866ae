import type * as DnsPromises from "node:dns/promises";
import fs from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { importDataDir, openImportProcess, type ImportProcess } from "./support/import-process";
import { startSubdomainOutlet, type SubdomainOutlet } from "./support/subdomain-outlet";

// Every `.test` name (a reserved top-level domain) reaches the fake outlets on 127.0.0.1; the safe
// fetcher still resolves, checks and pins each one as it would a public name.
vi.mock("node:dns/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof DnsPromises>();
  const lookup = (host: string, options: object) =>
    host.endsWith(".test")
      ? Promise.resolve([{ address: "127.0.0.1", family: 4 }])
      : actual.lookup(host, options as { all: true });
  return { ...actual, lookup };
});

const opened: ImportProcess[] = [];
const outlets: SubdomainOutlet[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const outlet of outlets) outlet.release();
  for (const process of opened.splice(0)) await process.close();
  for (const outlet of outlets.splice(0)) await outlet.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function outletOf(options: Parameters<typeof startSubdomainOutlet>[0]) {
  const outlet = await startSubdomainOutlet(options);
  outlets.push(outlet);
  return outlet;
}

function dataDir() {
  const dir = importDataDir();
  dirs.push(dir);
  return dir;
}

function open(dir: string, options?: Parameters<typeof openImportProcess>[1]) {
  const process = openImportProcess(dir, options);
  opened.push(process);
  return process;
}

const reading = (outlet: SubdomainOutlet) => [...outlet.inFlight().values()].reduce((sum, n) => sum + n, 0);
const requested = (outlet: SubdomainOutlet) =>
  outlet.articleUrls.filter((url) => outlet.hits(url) > 0).length;
/** Until `count` articles were asked for (while held: the import's reads in flight). */
const untilRequested = (outlet: SubdomainOutlet, count: number) =>
  vi.waitFor(() => expect(requested(outlet)).toBeGreaterThanOrEqual(count), {
    timeout: 20_000,
    interval: 10,
  });

describe("import limits (issue 26)", () => {
  it("reads at most 6 pages at once, and 2 per registrable domain, from a sitemap of 40 subdomains and 20 outlets", async () => {
    const outlet = await outletOf({ subdomains: 40, others: 20 });
    const server = open(dataDir());
    outlet.hold();
    const { id } = server.imports.start(outlet.sitemapUrl);
    await untilRequested(outlet, 6);
    expect(reading(outlet)).toBe(6);
    // The sitemap lists outlet-a's 40 subdomains first: two of them, then four other outlets.
    expect(outlet.inFlight().get("outlet-a.test")).toBe(2);
    outlet.release();
    await server.imports.finished(id);
    const job = server.imports.get(id)!;
    expect(job.status).toBe("done");
    expect(job.candidates.filter((c) => c.status === "ready")).toHaveLength(60);
    expect(outlet.peak()).toEqual({ total: 6, perOutlet: 2 });
  });

  it("a restart in the middle resumes the import once; a second interruption leaves it 'interrupted' until the owner resumes it", async () => {
    const outlet = await outletOf({ subdomains: 20, others: 10 });
    const dir = dataDir();
    const first = open(dir);
    first.imports.resume();
    outlet.hold();
    const { id } = first.imports.start(outlet.sitemapUrl);
    await untilRequested(outlet, 6);

    // The server stops (the six pages it is reading end), and starts again on the same file.
    const read = (process: ImportProcess) =>
      process.imports.get(id)!.candidates.filter((c) => c.status === "ready").length;
    let stopping = first.close();
    outlet.release();
    await stopping;
    outlet.hold();
    const second = open(dir);
    second.imports.resume();
    expect(second.imports.get(id)!.status).toBe("reading");
    expect(read(second)).toBe(6);
    await untilRequested(outlet, 12);

    stopping = second.close();
    outlet.release();
    await stopping;
    const third = open(dir);
    third.imports.resume();
    const waiting = third.imports.get(id)!;
    expect(waiting.status).toBe("interrupted");
    expect(read(third)).toBe(12);
    expect(requested(outlet)).toBe(12);

    // The owner's "Resume import": the rest is read, and no page twice.
    expect(third.imports.resumeInterrupted(id)!.status).toBe("reading");
    await third.imports.finished(id);
    expect(third.imports.get(id)!.status).toBe("done");
    expect(read(third)).toBe(30);
    expect(outlet.articleUrls.map((url) => outlet.hits(url))).toEqual(outlet.articleUrls.map(() => 1));
  });

  it("stops reading once the job holds its budget of page text, and says why", async () => {
    // About 50 KB of text a page against a 1 MB budget.
    const outlet = await outletOf({ subdomains: 20, others: 20, paragraphs: 250 });
    const budget = 1024 * 1024;
    const server = open(dataDir(), { storedTextBytes: budget });
    const { id } = server.imports.start(outlet.sitemapUrl);
    await server.imports.finished(id);
    const job = server.imports.get(id)!;
    expect(job.status).toBe("done");
    const sizes = (
      server.sqlite
        .prepare(
          "select length(cast(content as blob)) as bytes from import_candidates where job_id = ? and status = 'ready'",
        )
        .all(id) as { bytes: number }[]
    ).map((row) => row.bytes);
    const stored = sizes.reduce((sum, n) => sum + n, 0);
    // Reads start while the job holds less than the budget; at most 6 are in flight when it is reached.
    expect(stored).toBeGreaterThanOrEqual(budget);
    expect(stored).toBeLessThan(budget + 6 * Math.max(...sizes));
    const skipped = job.candidates.filter((c) => c.status === "failed");
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.length + sizes.length).toBe(40);
    for (const candidate of skipped) {
      expect(candidate.error).toBe(
        "Not read: this import already holds 1 MB of article text. Add the articles you want, then import again for the rest.",
      );
    }
  });
});
