import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { serveOnSocket, type SocketServer } from "./support/socket-server";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp | undefined;
let server: SocketServer | undefined;
const held: http.ClientRequest[] = [];
afterEach(async () => {
  for (const request of held.splice(0)) request.destroy();
  await server?.close();
  t?.close();
  server = t = undefined;
});

/** Opens `GET /api/events` from a loopback source address and keeps it open; resolves with the status and first bytes. */
function openStream(port: number, from: string): Promise<{ status: number; first: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: "/api/events", localAddress: from, agent: false },
      (response) => {
        response.setEncoding("utf8");
        response.once("data", (chunk: string) => resolve({ status: response.statusCode ?? 0, first: chunk }));
      },
    );
    request.on("error", reject);
    held.push(request);
  });
}

describe("live streams under a flood from one address", () => {
  it("one address holding 1,000 streams gets its share, and another address still gets a stream", async () => {
    t = await createTestApp({}, { live: { maxStreams: 1000, heartbeatMs: 60_000 } });
    server = await serveOnSocket(t.app);
    const flood = await Promise.all(
      Array.from({ length: 1000 }, () => openStream(server!.port, "127.0.0.2")),
    );
    const statuses = flood.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(994);

    const visitor = await openStream(server.port, "127.0.0.3");
    expect(visitor.status).toBe(200);
    expect(visitor.first).toContain("event: ready");
  });

  it("gives a closed stream's place back to its address", async () => {
    t = await createTestApp({ LIVE_STREAMS_PER_ADDRESS: "2" }, { live: { heartbeatMs: 60_000 } });
    server = await serveOnSocket(t.app);
    expect((await openStream(server.port, "127.0.0.2")).status).toBe(200);
    expect((await openStream(server.port, "127.0.0.2")).status).toBe(200);
    expect((await openStream(server.port, "127.0.0.2")).status).toBe(429);
    held.shift()!.destroy();
    await expect.poll(() => t!.live.openStreams()).toBe(1);
    expect((await openStream(server.port, "127.0.0.2")).status).toBe(200);
  });
});

describe("the change log", () => {
  it("keeps only the newest change of each topic, and catch-up still names every topic that changed", async () => {
    t = await createTestApp();
    const { store } = t.services;
    const since = store.currentSeq();
    for (let i = 0; i < 50; i++) store.write("articles", () => undefined);
    store.write("education", () => undefined);
    const afterEducation = store.currentSeq();
    store.write(["articles", "site"], () => undefined);

    const rows = store.sqlite.prepare("select collection as topic, seq from changes order by seq").all();
    expect(rows).toEqual([
      { topic: "education", seq: afterEducation },
      { topic: "articles", seq: afterEducation + 1 },
      { topic: "site", seq: afterEducation + 2 },
    ]);

    const caughtUp = async (from: number) => {
      const response = await t!.request(`/api/events?since=${from}`);
      const reader = response.body!.getReader();
      let text = "";
      // Everything a catch-up sends comes at once; read until the stream has been quiet a while.
      for (;;) {
        const next = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), 300)),
        ]);
        if (!next || next.done) break;
        text += new TextDecoder().decode(next.value);
      }
      expect(text).toContain("event: ready");
      await reader.cancel();
      return [...text.matchAll(/"topic":"(\w+)"/g)].map((m) => m[1]);
    };
    expect(await caughtUp(since)).toEqual(["education", "articles", "site"]);
    expect(await caughtUp(afterEducation)).toEqual(["articles", "site"]);
    expect(await caughtUp(store.currentSeq())).toEqual([]);
  });
});
