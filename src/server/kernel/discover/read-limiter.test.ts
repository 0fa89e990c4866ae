import { describe, expect, it } from "vitest";
import { createReadLimiter, outletOf } from "./read-limiter";

describe("outletOf", () => {
  it.each([
    ["https://www.bbc.co.uk/news/1", "bbc.co.uk"],
    ["https://news.bbc.co.uk/2", "bbc.co.uk"],
    ["https://s41.outlet.example/story", "outlet.example"],
    ["https://one.blogspot.com/p", "blogspot.com"],
    ["http://127.0.0.1:8080/a", "127.0.0.1"],
    ["http://[::1]:8080/a", "[::1]"],
    ["http://localhost:3000/a", "localhost"],
    ["not a url", ""],
  ])("%s is read as part of %s", (url, outlet) => {
    expect(outletOf(url)).toBe(outlet);
  });
});

describe("createReadLimiter", () => {
  /** Reads that end when the test says so; counts how many run at once, in all and per outlet. */
  function controlledReads() {
    const finish = new Map<string, () => void>();
    const running = new Map<string, number>();
    let now = 0;
    let peak = 0;
    let peakPerOutlet = 0;
    const read = ({ url }: { url: string }) => {
      const outlet = outletOf(url);
      running.set(outlet, (running.get(outlet) ?? 0) + 1);
      peak = Math.max(peak, ++now);
      peakPerOutlet = Math.max(peakPerOutlet, running.get(outlet)!);
      return new Promise<void>((resolve) =>
        finish.set(url, () => {
          running.set(outlet, running.get(outlet)! - 1);
          now -= 1;
          resolve();
        }),
      );
    };
    return { read, finish, started: () => [...finish.keys()], peaks: () => ({ peak, peakPerOutlet }) };
  }

  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it("starts queued reads in order, skipping an outlet at its cap, and never more than the total", async () => {
    const limiter = createReadLimiter({ total: 3, perOutlet: 2 });
    const reads = controlledReads();
    const pages = ["a1", "a2", "a3", "b1", "c1", "c2"].map((name) => ({
      url: `https://${name}.${name[0]}-outlet.example/`,
    }));
    const done = limiter.readAll(pages, new AbortController().signal, reads.read);
    expect(reads.started()).toEqual([pages[0]!.url, pages[1]!.url, pages[3]!.url]);
    reads.finish.get(pages[0]!.url)!();
    await settle();
    // a3 may start now: a-outlet has one read left, and it was queued first.
    expect(reads.started()).toContain(pages[2]!.url);
    for (let step = 0; step < 10; step++) {
      for (const [url, end] of reads.finish) {
        reads.finish.delete(url);
        end();
      }
      await settle();
    }
    await done;
    expect(reads.peaks()).toEqual({ peak: 3, peakPerOutlet: 2 });
  });

  it("shares its caps between jobs, and drops a job's waiting reads when it is aborted", async () => {
    const limiter = createReadLimiter({ total: 2, perOutlet: 2 });
    const reads = controlledReads();
    const first = new AbortController();
    const one = limiter.readAll(
      [{ url: "https://x.one.example/1" }, { url: "https://x.one.example/2" }],
      first.signal,
      reads.read,
    );
    const two = limiter.readAll([{ url: "https://two.example/1" }], new AbortController().signal, reads.read);
    limiter.readAll([{ url: "https://x.one.example/3" }], first.signal, reads.read);
    expect(reads.started()).toEqual(["https://x.one.example/1", "https://x.one.example/2"]);
    first.abort();
    reads.finish.get("https://x.one.example/1")!();
    await settle();
    // The aborted job's third page was dropped; the other job's page took the free place.
    expect(reads.started()).toEqual([
      "https://x.one.example/1",
      "https://x.one.example/2",
      "https://two.example/1",
    ]);
    reads.finish.get("https://x.one.example/2")!();
    await one;
    reads.finish.get("https://two.example/1")!();
    await two;
  });

  it("rejects with a read's error once the reads it started have ended, and starts no more", async () => {
    const limiter = createReadLimiter({ total: 1, perOutlet: 1 });
    const started: string[] = [];
    const done = limiter.readAll(
      [{ url: "https://a.example/1" }, { url: "https://a.example/2" }],
      new AbortController().signal,
      async ({ url }) => {
        started.push(url);
        throw new Error("database is locked");
      },
    );
    await expect(done).rejects.toThrow("database is locked");
    expect(started).toEqual(["https://a.example/1"]);
  });
});
