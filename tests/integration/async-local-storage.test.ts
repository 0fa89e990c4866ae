import { createElement, Suspense, use } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * An AsyncLocalStorage, once used, stays switched on for the life of the process and tags every
 * new async resource (each timer, tick and socket write) with its store. On a cached answer that
 * cost a fifth of the throughput (decision 026), so nothing the server runs may switch one on.
 */
function storageSwitchedOn() {
  const timer = setTimeout(() => {}, 0);
  clearTimeout(timer);
  return Object.getOwnPropertySymbols(timer).some((symbol) => symbol.description === "kResourceStore");
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("no AsyncLocalStorage is switched on in the server process", () => {
  it("is off after the renderer the pages use draws a page that waits on data", async () => {
    const data = new Promise<string>((resolve) => setTimeout(() => resolve("the archived text"), 5));
    const Late = () => createElement("p", null, use(data));
    const stream = await renderToReadableStream(
      createElement(Suspense, { fallback: createElement("p", null, "Loading") }, createElement(Late)),
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    await stream.allReady;
    expect(await new Response(stream).text()).toContain("the archived text");
    expect(storageSwitchedOn()).toBe(false);
  });

  it("is off after the server answers public reads, the owner's writes and a share card", async () => {
    const { owner } = await t.signIn();
    const added = await owner("/api/articles", {
      method: "POST",
      json: { title: "A story", outlet: "The Paper", url: "https://paper.example/story", date: "2026-01-02" },
    });
    expect(added.status).toBe(201);
    for (const pathname of ["/api/articles", "/api/site", "/social-card.png", "/site.webmanifest"]) {
      expect((await t.request(pathname)).status, pathname).toBe(200);
    }
    expect(storageSwitchedOn()).toBe(false);
  });

  it("control: Node's React renderer does switch one on, and the probe sees it", async () => {
    // The renderer the lint rule forbids, loaded here only to show the probe can fail.
    const { renderToPipeableStream } = await import("react-dom/server.node");
    await new Promise<void>((resolve) => {
      renderToPipeableStream(createElement("p", null, "hello"), { onAllReady: resolve });
    });
    expect(storageSwitchedOn()).toBe(true);
  });
});
