import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, ORIGIN, OWNER, type TestApp } from "./support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const json = (response: Response) => response.json() as Promise<Record<string, unknown>>;

describe("owner sign-in", () => {
  it("signs in, observes the session and signs out", async () => {
    expect(await json(await t.request("/api/session"))).toMatchObject({ signedIn: false });
    const { cookie, owner } = await t.signIn();
    expect(cookie).toMatch(/^byline_session=/);
    expect(await json(await owner("/api/session"))).toMatchObject({ signedIn: true, email: OWNER.email });
    expect((await owner("/api/session", { method: "DELETE" })).status).toBe(200);
    expect(await json(await owner("/api/session"))).toMatchObject({ signedIn: false });
  });

  it("signs out only with the session's CSRF token, like every other owner write", async () => {
    const { cookie, csrfToken, owner } = await t.signIn();
    const signOut = (token?: string) =>
      t.request("/api/session", {
        method: "DELETE",
        headers: {
          Cookie: cookie,
          Origin: ORIGIN,
          ...(token === undefined ? {} : { "X-CSRF-Token": token }),
        },
      });
    for (const token of [undefined, "", "not-the-token"]) {
      const refused = await signOut(token);
      expect(refused.status).toBe(403);
      expect(await json(refused)).toMatchObject({ error: { code: "csrf" } });
      expect(refused.headers.get("set-cookie")).toBeNull();
      expect(await json(await owner("/api/session"))).toMatchObject({ signedIn: true });
    }
    const signedOut = await signOut(csrfToken);
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get("set-cookie")).toMatch(/^byline_session=;/);
    expect(await json(await owner("/api/session"))).toMatchObject({ signedIn: false });
  });

  it("lets a sign-out without a session (expired, or never signed in) drop the cookie", async () => {
    const response = await t.request("/api/session", {
      method: "DELETE",
      headers: { Cookie: "byline_session=gone", Origin: ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^byline_session=;/);
  });

  it("sets an HttpOnly, SameSite=Lax cookie, Secure behind https", async () => {
    const response = await t.request("/api/session", { method: "POST", json: OWNER });
    const header = response.headers.get("set-cookie") ?? "";
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).not.toContain("Secure");
    const secure = await createTestApp({ PUBLIC_URL: "https://portfolio.example" });
    try {
      const res = await secure.app.request("https://portfolio.example/api/session", {
        method: "POST",
        body: JSON.stringify(OWNER),
        headers: { "Content-Type": "application/json", Origin: "https://portfolio.example" },
      });
      expect(res.headers.get("set-cookie")).toMatch(/^__Host-byline_session=.*Secure/);
    } finally {
      secure.close();
    }
  });

  it("gives the same answer for a wrong password and an unknown account", async () => {
    const wrong = await t.request("/api/session", { method: "POST", json: { ...OWNER, password: "nope" } });
    const unknown = await t.request("/api/session", {
      method: "POST",
      json: { email: "x@example.com", password: "nope" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await json(wrong)).toEqual(await json(unknown));
  });

  it("rotates the session id at sign-in (no fixation) and the old id stops working", async () => {
    const first = await t.signIn();
    const second = await t.request("/api/session", {
      method: "POST",
      json: OWNER,
      headers: { Cookie: first.cookie },
    });
    const newCookie = (second.headers.get("set-cookie") ?? "").split(";")[0];
    expect(newCookie).not.toBe(first.cookie);
    expect(await json(await t.request("/api/session", { headers: { Cookie: first.cookie } }))).toMatchObject({
      signedIn: false,
    });
  });

  it("slows an account after 5 failures instead of locking it: the right password still signs in", async () => {
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request("/api/session", { method: "POST", json: { ...OWNER, password: `wrong${i}` } }),
      ),
    );
    expect(guesses.map((r) => r.status)).toEqual(Array(8).fill(401));
    expect(await json(guesses[7]!)).toMatchObject({ error: { code: "invalid_credentials" } });
    // The ninth attempt on the account waits 3 s (signInDelayMs); one password check alone takes well under that.
    const started = Date.now();
    expect((await t.request("/api/session", { method: "POST", json: OWNER })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  });

  it("limits sign-in attempts per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await t.request("/api/session", {
        method: "POST",
        json: { email: `u${i}@example.com`, password: "x" },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("does not count successful sign-ins against the address", async () => {
    for (let i = 0; i < 12; i++) {
      expect((await t.request("/api/session", { method: "POST", json: OWNER })).status).toBe(200);
    }
  });

  it("counts parallel guesses before the slow password check, so none slip past the limits", async () => {
    const guess = (email: string) =>
      t.request("/api/session", { method: "POST", json: { email, password: "guess" } });
    const sameAccount = await Promise.all(Array.from({ length: 8 }, () => guess(OWNER.email)));
    expect(sameAccount.map((r) => r.status)).toEqual(Array(8).fill(401));
    const manyAccounts = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(`p${i}@example.com`)));
    expect(manyAccounts.filter((r) => r.status === 401)).toHaveLength(2);
    expect(manyAccounts.filter((r) => r.status === 429)).toHaveLength(10);
  });

  it("validates the sign-in body", async () => {
    const response = await t.request("/api/session", { method: "POST", json: { email: "", password: "" } });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({
      error: { fields: { email: expect.any(String), password: expect.any(String) } },
    });
  });
});

describe("owner setup link", () => {
  it("creates the owner once with a valid token and refuses reuse", async () => {
    const fresh = await createTestApp();
    try {
      fresh.services.store.sqlite.prepare("delete from owner").run();
      const token = fresh.services.owner.createSetupToken();
      const bad = await fresh.request("/api/setup", {
        method: "POST",
        json: { token: "wrong", email: "me@example.com", password: "a long enough password" },
      });
      expect(bad.status).toBe(403);
      const short = await fresh.request("/api/setup", {
        method: "POST",
        json: { token, email: "me@example.com", password: "short" },
      });
      expect(short.status).toBe(400);
      const ok = await fresh.request("/api/setup", {
        method: "POST",
        json: { token, email: "me@example.com", password: "a long enough password" },
      });
      expect(ok.status).toBe(200);
      const again = await fresh.request("/api/setup", {
        method: "POST",
        json: { token, email: "evil@example.com", password: "a long enough password" },
      });
      expect(again.status).toBe(403);
      expect(fresh.services.owner.get()?.email).toBe("me@example.com");
    } finally {
      fresh.close();
    }
  });
});
