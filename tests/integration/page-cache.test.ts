import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, ORIGIN, type TestApp } from "./support/test-app";

let t: TestApp;
let renders = 0;
beforeEach(async () => {
  renders = 0;
  t = await createTestApp(
    {},
    {
      // Stands in for React Router: renders the current site name and the request's nonce.
      pages: async (_c, context) => {
        renders += 1;
        const body = `<html><script nonce="${context.cspNonce}"></script><link rel="canonical" href="${context.publicUrl}/"><h1>${context.content.site().name}</h1></html>`;
        return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
      },
    },
  );
});
afterEach(() => t.close());

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

describe("rendered-page cache", () => {
  it("serves repeat visits from memory with a fresh nonce matching the CSP header", async () => {
    const first = await t.request("/");
    const firstBody = await first.text();
    const second = await t.request("/");
    const secondBody = await second.text();
    expect(renders).toBe(1);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(secondBody).toContain(`nonce="${nonceOf(second)}"`);
    expect(firstBody).toContain(`nonce="${nonceOf(first)}"`);
  });

  it("sends a cached page gzipped around its fresh nonce to a browser that accepts it", async () => {
    const browser = { headers: { "Accept-Encoding": "gzip, deflate, br" } };
    await t.request("/", browser);
    const hits = [await t.request("/", browser), await t.request("/", browser)];
    expect(renders).toBe(1);
    for (const hit of hits) {
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(hit.headers.get("content-encoding")).toBe("gzip");
      expect(hit.headers.get("vary")).toMatch(/Accept-Encoding/);
      const html = zlib.gunzipSync(Buffer.from(await hit.arrayBuffer())).toString();
      expect(html).toContain(`<script nonce="${nonceOf(hit)}">`);
      expect(html).toContain("<h1>");
    }
    expect(nonceOf(hits[0]!)).not.toBe(nonceOf(hits[1]!));
  });

  it("never serves a page rendered before a committed write", async () => {
    const { owner } = await t.signIn();
    await t.request("/");
    await owner("/api/site", { method: "PUT", json: { name: "Renamed Reporter" } });
    const after = await t.request("/");
    expect(after.headers.get("x-page-cache")).toBeNull();
    expect(await after.text()).toContain("Renamed Reporter");
  });

  it("keeps serving the cached page when a contact message arrives", async () => {
    await t.request("/");
    const sent = await t.request("/api/contact", {
      method: "POST",
      headers: { Origin: ORIGIN },
      json: {
        name: "Ada",
        email: "ada@example.org",
        subject: "Tip",
        message: "The council meets in secret.",
      },
    });
    expect(sent.status).toBe(201);
    expect((await t.request("/")).headers.get("x-page-cache")).toBe("hit");
    expect(renders).toBe(1);
  });

  it("does not cache the owner's views or data requests", async () => {
    const { owner } = await t.signIn();
    await owner("/");
    await owner("/");
    expect(renders).toBe(2);
    await t.request("/_root.data");
    await t.request("/_root.data");
    expect(renders).toBe(4);
  });

  it("keeps a page asked for under another Host away from other visitors", async () => {
    // Made-up names get 421 (host-policy.test.ts); another loopback name is served and named.
    const poisoned = await t.app.request("http://127.0.0.1:3000/");
    expect(await poisoned.text()).toContain('href="http://127.0.0.1:3000/"');
    const visitor = await t.request("/");
    expect(await visitor.text()).toContain('href="http://localhost:3000/"');
    expect(renders).toBe(2);
  });
});

describe("rendered-page cache with PUBLIC_URL set", () => {
  it("names PUBLIC_URL in every page, whatever Host the request carried", async () => {
    t.close();
    t = await createTestApp(
      { PUBLIC_URL: "https://clips.example" },
      {
        pages: async (_c, context) =>
          new Response(`<link rel="canonical" href="${context.publicUrl}/">`, {
            headers: { "Content-Type": "text/html; charset=utf-8" },
          }),
      },
    );
    for (const url of ["http://evil.example/", "https://clips.example/", "http://localhost:3000/"]) {
      expect(await (await t.app.request(url)).text()).toBe(
        '<link rel="canonical" href="https://clips.example/">',
      );
    }
  });
});
