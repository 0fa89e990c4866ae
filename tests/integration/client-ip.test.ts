import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, OWNER, type TestApp } from "./support/test-app";

let t: TestApp | undefined;
afterEach(() => t?.close());

// A different account each time, so only the per-address limit can answer 429.
const attempt = (app: TestApp, forwardedFor: string, n: number) =>
  app.request("/api/session", { method: "POST", json: { email: `x${n}@example.com`, password: OWNER.password }, headers: { "X-Forwarded-For": forwardedFor } });

describe("client address for rate limits", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    t = await createTestApp();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(t, `203.0.113.${i}`, i)).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it("uses the last X-Forwarded-For entry behind a trusted proxy", async () => {
    t = await createTestApp({ TRUST_PROXY: "true" });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(t, `198.51.100.7, 203.0.113.${i}`, i)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
  });
});
