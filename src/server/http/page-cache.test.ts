import { describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache";

const page = (body: string) => new Response(body, { headers: { "Content-Type": "text/html" } });

describe("createPageCache", () => {
  it("expires entries after maxAgeMs and evicts the least recently used beyond maxEntries", async () => {
    let now = 0;
    const cache = createPageCache({ maxEntries: 2, maxAgeMs: 1000, now: () => now });
    await cache.store("/a", cache.generation(), "N1", page("a N1"));
    await cache.store("/b", cache.generation(), "N1", page("b N1"));
    expect(await cache.get("/a", "N2")?.text()).toBe("a N2");
    await cache.store("/c", cache.generation(), "N1", page("c"));
    expect(cache.get("/b", "x")).toBeUndefined();
    expect(cache.get("/a", "x")).toBeDefined();
    now = 1001;
    expect(cache.get("/a", "x")).toBeUndefined();
  });

  it("drops a render that started before an invalidation", async () => {
    const cache = createPageCache({ maxEntries: 10, maxAgeMs: 60_000 });
    const startedAt = cache.generation();
    cache.invalidate();
    const response = await cache.store("/", startedAt, "N", page("stale"));
    expect(await response.text()).toBe("stale");
    expect(cache.get("/", "N")).toBeUndefined();
  });
});
