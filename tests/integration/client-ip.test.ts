import { afterEach, describe, expect, it } from "vitest";
import { serveOnSocket, type SocketServer } from "./support/socket-server";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp | undefined;
let server: SocketServer | undefined;
afterEach(async () => {
  await server?.close();
  t?.close();
  server = undefined;
});

async function start(env: Record<string, string>) {
  t = await createTestApp(env);
  server = await serveOnSocket(t.app);
  return server;
}

/** Contact messages from one machine, each claiming a different X-Forwarded-For; the statuses. */
async function contactFlood(s: SocketServer, from: string, forwardedFor: (i: number) => string, n = 12) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const response = await s.request(from, "/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor(i) },
      body: JSON.stringify({
        name: "Sam",
        email: `sam${i}@example.org`,
        subject: "Tip",
        message: "A tip about the council.",
      }),
    });
    statuses.push(response.status);
  }
  return statuses;
}

// The contact form's per-address limit (5 in 10 minutes) is the yardstick: 12 tries from one
// address reach 429, 12 tries from 12 addresses do not.
describe("client address for rate limits, over real sockets", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", async () => {
    const s = await start({});
    const statuses = await contactFlood(s, "127.0.0.2", (i) => `203.0.113.${i}`);
    expect(statuses).toContain(429);
  });

  it("ignores X-Forwarded-For from a peer that is not a listed proxy", async () => {
    const s = await start({ TRUST_PROXY: "127.0.0.1" });
    const statuses = await contactFlood(s, "127.0.0.2", (i) => `203.0.113.${i}`);
    expect(statuses).toContain(429);
  });

  it("from a listed proxy, counts the right-most address that is not a proxy", async () => {
    const s = await start({ TRUST_PROXY: "127.0.0.1" });
    // Twelve visitors behind the proxy: none is limited by the others.
    const visitors = await contactFlood(s, "127.0.0.1", (i) => `198.51.100.7, 203.0.113.${i}`);
    expect(visitors.every((status) => status === 201)).toBe(true);
    // One visitor who writes a fresh left-hand entry each time is still one visitor.
    const spoofer = await contactFlood(s, "127.0.0.1", (i) => `10.9.9.${i}, 192.0.2.44`);
    expect(spoofer).toContain(429);
  });

  it("keys IPv6 visitors by their /64", async () => {
    const s = await start({ TRUST_PROXY: "loopback" });
    const statuses = await contactFlood(s, "127.0.0.1", (i) => `2001:db8:7:7::${(i + 1).toString(16)}`);
    expect(statuses).toContain(429);
  });
});
