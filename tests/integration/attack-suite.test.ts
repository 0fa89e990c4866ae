/**
 * The attack suite: every category tries many payloads and all must be blocked. It prints how many
 * payloads it tried per category, so a reviewer can see the coverage. Its siblings cover the safe
 * fetcher's refusals (attack-ssrf.test.ts) and path traversal (attack-paths.test.ts); stored XSS is
 * checked in a real browser (tests/e2e/stored-xss.spec.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { attackCounter } from "./support/attack-counter";
import { createTestApp, ORIGIN, OWNER, type TestApp } from "./support/test-app";

const count = attackCounter("attack suite");

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const article = {
  title: "T",
  outlet: "O",
  url: "https://o.example/a",
  date: "2025-01-01",
  description: "",
  image: "",
  featured: false,
  content: "",
  tags: [],
};
const experience = {
  role: "R",
  organization: "O",
  type: "",
  duration: "Jan 2020 - Present",
  bullets: [],
  links: [],
};
const education = { institution: "I", credential: "", duration: "2019 - 2022", details: [] };

/** Every owner-only write the API has, with a valid body. */
async function ownerWrites(t: TestApp) {
  const { owner } = await t.signIn();
  const ids = {
    articles: (
      (await (await owner("/api/articles", { method: "POST", json: article })).json()) as { id: string }
    ).id,
    experiences: (
      (await (await owner("/api/experiences", { method: "POST", json: experience })).json()) as { id: string }
    ).id,
    education: (
      (await (await owner("/api/education", { method: "POST", json: education })).json()) as { id: string }
    ).id,
  };
  return [
    ["PUT", "/api/site", { name: "Changed" }],
    ["POST", "/api/articles", article],
    ["PUT", `/api/articles/${ids.articles}`, article],
    ["DELETE", `/api/articles/${ids.articles}`, undefined],
    ["POST", "/api/experiences", experience],
    ["PUT", `/api/experiences/${ids.experiences}`, experience],
    ["DELETE", `/api/experiences/${ids.experiences}`, undefined],
    ["POST", "/api/education", education],
    ["PUT", `/api/education/${ids.education}`, education],
    ["DELETE", `/api/education/${ids.education}`, undefined],
  ] as const;
}

const snapshot = async (t: TestApp) =>
  JSON.stringify(
    await Promise.all(
      ["/api/site", "/api/articles", "/api/experiences", "/api/education"].map(async (p) =>
        (await t.request(p)).json(),
      ),
    ),
  );

describe("attack suite", () => {
  it("blocks cross-site writes (Origin and Sec-Fetch-Site), even with a valid session and token", async () => {
    const writes = await ownerWrites(t);
    const { cookie, csrfToken } = await t.signIn();
    const before = await snapshot(t);
    const origins = [
      "https://evil.example",
      "http://localhost:3000.evil.example",
      "null",
      "http://127.0.0.1:3000",
    ];
    for (const [method, path, json] of writes) {
      for (const origin of origins) {
        const response = await t.request(path, {
          method,
          json,
          headers: { Cookie: cookie, "X-CSRF-Token": csrfToken, Origin: origin },
        });
        expect(response.status, `${method} ${path} from ${origin}`).toBe(403);
        count("cross-site write");
      }
      for (const site of ["cross-site", "same-site"]) {
        const response = await t.request(path, {
          method,
          json,
          headers: { Cookie: cookie, "X-CSRF-Token": csrfToken, "Sec-Fetch-Site": site },
        });
        expect(response.status, `${method} ${path} Sec-Fetch-Site ${site}`).toBe(403);
        count("cross-site write");
      }
    }
    expect(await snapshot(t)).toBe(before);
  });

  it("blocks forged and missing CSRF tokens on every owner write", async () => {
    const writes = await ownerWrites(t);
    const { cookie, csrfToken } = await t.signIn();
    const before = await snapshot(t);
    const forgeries = [
      undefined,
      "",
      "forged",
      csrfToken.slice(0, -1),
      csrfToken.toUpperCase(),
      `${csrfToken}x`,
    ];
    for (const [method, path, json] of writes) {
      for (const token of forgeries) {
        const headers: Record<string, string> = { Cookie: cookie, Origin: ORIGIN };
        if (token !== undefined) headers["X-CSRF-Token"] = token;
        const response = await t.request(path, { method, json, headers });
        expect(response.status, `${method} ${path} token ${JSON.stringify(token)}`).toBe(403);
        count("forged or missing CSRF");
      }
      const signedOut = await t.request(path, {
        method,
        json,
        headers: { Origin: ORIGIN, "X-CSRF-Token": csrfToken },
      });
      expect(signedOut.status).toBe(401);
      count("write without a session");
    }
    expect(await snapshot(t)).toBe(before);
  });

  it("limits brute-force sign-in: 429 after the address's limit, and the account is slowed, never locked", async () => {
    const responses: number[] = [];
    for (let i = 0; i < 12; i++) {
      responses.push(
        (await t.request("/api/session", { method: "POST", json: { ...OWNER, password: `guess-${i}` } }))
          .status,
      );
      count("brute-force sign-in");
    }
    expect(responses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(responses.slice(10)).toEqual([429, 429]);
  }, 30_000);

  it("prevents session fixation: a planted cookie is never adopted and the id changes at sign-in", async () => {
    for (const planted of ["attacker-chosen-id", "AAAAAAAAAAAAAAAAAAAAAA", "../../etc/passwd"]) {
      const response = await t.request("/api/session", {
        method: "POST",
        json: OWNER,
        headers: { Cookie: `byline_session=${planted}` },
      });
      const issued = (response.headers.get("set-cookie") ?? "").split(";")[0]!.split("=")[1];
      expect(issued).toBeTruthy();
      expect(issued).not.toBe(planted);
      const planted_ = await t.request("/api/session", { headers: { Cookie: `byline_session=${planted}` } });
      expect(await planted_.json()).toMatchObject({ signedIn: false });
      count("session fixation");
    }
  });

  it("refuses javascript:, data: and other unsafe URLs in every URL field", async () => {
    const { owner } = await t.signIn();
    const before = await snapshot(t);
    const payloads = [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "javascript&colon;alert(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "//evil.example/x",
      "\\\\evil.example\\x",
      "https://",
      "http://exa mple.com/",
    ];
    const fields: [string, string, (url: string) => unknown][] = [
      ["POST", "/api/articles", (url) => ({ ...article, url })],
      ["POST", "/api/articles", (url) => ({ ...article, image: url })],
      ["POST", "/api/experiences", (url) => ({ ...experience, links: [{ label: "L", url }] })],
      ["PUT", "/api/site", (url) => ({ social: { linkedin: url } })],
      ["PUT", "/api/site", (url) => ({ hero: { latestArticleUrl: url } })],
      ["PUT", "/api/site", (url) => ({ heroImage: url })],
      ["PUT", "/api/site", (url) => ({ social: { email: url } })],
    ];
    for (const [method, path, body] of fields) {
      for (const url of payloads) {
        const response = await owner(path, { method, json: body(url) });
        expect(response.status, `${path} ${JSON.stringify(body(url))}`).toBe(400);
        count("unsafe URL");
      }
    }
    expect(await snapshot(t)).toBe(before);
  });

  it("refuses oversized and malformed bodies on every write without changing anything", async () => {
    const writes = await ownerWrites(t);
    const { owner } = await t.signIn();
    const before = await snapshot(t);
    const malformed = [
      "{",
      "[]",
      "null",
      '"text"',
      '{"title": 5}',
      "\u0000",
      '{"__proto__": {"admin": true}}',
    ];
    for (const [method, path] of writes) {
      if (method === "DELETE") continue;
      for (const body of malformed) {
        const response = await owner(path, { method, body, headers: { "Content-Type": "application/json" } });
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
        count("malformed body");
      }
      const huge = await owner(path, {
        method,
        body: JSON.stringify({ title: "x".repeat(1_100_000) }),
        headers: { "Content-Type": "application/json" },
      });
      expect(huge.status).toBe(413);
      count("oversized body");
    }
    const signIn = await t.request("/api/session", {
      method: "POST",
      body: "x".repeat(2_000_000),
      headers: { "Content-Type": "application/json" },
    });
    expect(signIn.status).toBe(413);
    count("oversized body");
    expect(await snapshot(t)).toBe(before);
  });
});
