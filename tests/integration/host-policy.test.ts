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

const get = (app: TestApp, url: string) => app.app.request(url);

describe("Host names without PUBLIC_URL", () => {
  it("serves loopback names and the listening address", async () => {
    t = await createTestApp({ HOST: "192.0.2.10" });
    for (const origin of [
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://127.8.9.1",
      "http://[::1]:3000",
      "http://192.0.2.10:3000",
    ]) {
      expect((await get(t, `${origin}/healthz`)).status, origin).toBe(200);
    }
  });

  it("answers 421 to any other Host, API and pages alike", async () => {
    t = await createTestApp();
    for (const url of [
      "http://attacker.example/healthz",
      "http://rebind.example:3000/api/site",
      "http://localhost.attacker.example/feed.xml",
    ]) {
      const response = await get(t, url);
      expect(response.status, url).toBe(421);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toContain("PUBLIC_URL");
    }
  });

  it("refuses a made-up Host over a real socket too", async () => {
    t = await createTestApp();
    server = await serveOnSocket(t.app);
    const made = await server.request("127.0.0.2", "/healthz", {
      headers: { Host: "news.attacker.example" },
    });
    expect(made.status).toBe(421);
    const plain = await server.request("127.0.0.2", "/healthz");
    expect(plain.status).toBe(200);
  });

  it("serves any Host once PUBLIC_URL names the site", async () => {
    t = await createTestApp({ PUBLIC_URL: "https://clips.example" });
    expect((await get(t, "http://clips.example/healthz")).status).toBe(200);
    expect((await get(t, "http://127.0.0.1:3000/healthz")).status).toBe(200);
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent on every answer when PUBLIC_URL is https", async () => {
    t = await createTestApp({ PUBLIC_URL: "https://clips.example" });
    for (const path of ["/healthz", "/api/site", "/api/nothing-here"]) {
      const response = await get(t, `https://clips.example${path}`);
      expect(response.headers.get("strict-transport-security"), path).toBe(
        "max-age=31536000; includeSubDomains",
      );
    }
  });

  it("is not sent for an http site", async () => {
    t = await createTestApp({ PUBLIC_URL: "http://clips.example" });
    expect(
      (await get(t, "http://clips.example/healthz")).headers.get("strict-transport-security"),
    ).toBeNull();
  });
});
