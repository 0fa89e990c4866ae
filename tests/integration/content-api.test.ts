import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, ORIGIN, type TestApp } from "./support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const validArticle = {
  title: "A story",
  outlet: "The Paper",
  url: "https://paper.example/story",
  date: "2025-01-02",
  description: "About things",
  image: "https://paper.example/a.jpg",
  featured: true,
  content: "Body",
  tags: ["news"],
};
const validExperience = {
  role: "Reporter",
  organization: "The Paper",
  type: "Full-time",
  duration: "Jan 2020 - Mar 2021 · 1 yr 3 mos",
  bullets: ["Wrote things"],
  links: [{ label: "Profile", url: "https://paper.example/me" }],
};
const validEducation = {
  institution: "Uni",
  credential: "BA",
  duration: "2019 - 2022",
  details: ["Honours"],
};

const collections = [
  {
    path: "/api/articles",
    valid: validArticle,
    defaults: { title: "New Article", outlet: "", url: "" },
    required: ["title", "outlet", "url"],
  },
  {
    path: "/api/experiences",
    valid: validExperience,
    defaults: { role: "New Role", organization: "Organization" },
    required: ["role", "organization"],
  },
  {
    path: "/api/education",
    valid: validEducation,
    defaults: { institution: "New Institution", credential: "" },
    required: ["institution", "duration"],
  },
] as const;

describe.each(collections)("$path", ({ path, valid, defaults, required }) => {
  it("adds with the spec's defaults, overwrites, lists and deletes", async () => {
    const { owner } = await t.signIn();
    const created = await owner(path, { method: "POST" });
    expect(created.status).toBe(201);
    const item = (await created.json()) as { id: string };
    expect(item).toMatchObject(defaults);

    const saved = await owner(`${path}/${item.id}`, { method: "PUT", json: valid });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject(valid);

    const list = (await (await t.request(path)).json()) as { id: string }[];
    expect(list.map((i) => i.id)).toEqual([item.id]);

    expect((await owner(`${path}/${item.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await (await t.request(path)).json()).toEqual([]);
  });

  it("answers 400 with a message per invalid field and writes nothing", async () => {
    const { owner } = await t.signIn();
    const item = (await (await owner(path, { method: "POST", json: valid })).json()) as { id: string };
    const blank = Object.fromEntries(required.map((field) => [field, ""]));
    const response = await owner(`${path}/${item.id}`, { method: "PUT", json: { ...valid, ...blank } });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe("invalid_input");
    expect(Object.keys(error.fields).sort()).toEqual([...required].sort());
    const [stored] = (await (await t.request(path)).json()) as object[];
    expect(stored).toMatchObject(valid);
  });

  it("refuses writes without a session (401), from another site (403) and without the CSRF token (403)", async () => {
    expect((await t.request(path, { method: "POST", json: valid })).status).toBe(401);
    const { cookie, owner } = await t.signIn();
    const crossSite = await t.request(path, {
      method: "POST",
      json: valid,
      headers: { Cookie: cookie, Origin: "https://evil.example", "X-CSRF-Token": "x" },
    });
    expect(crossSite.status).toBe(403);
    const fetchSite = await owner(path, {
      method: "POST",
      json: valid,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(fetchSite.status).toBe(403);
    const noToken = await t.request(path, {
      method: "POST",
      json: valid,
      headers: { Cookie: cookie, Origin: ORIGIN },
    });
    expect(noToken.status).toBe(403);
    expect((await noToken.json()) as object).toMatchObject({ error: { code: "csrf" } });
    const forged = await owner(path, { method: "POST", json: valid, headers: { "X-CSRF-Token": "forged" } });
    expect(forged.status).toBe(403);
    expect(await (await t.request(path)).json()).toEqual([]);
  });

  it("answers 404 for unknown ids", async () => {
    const { owner } = await t.signIn();
    expect((await owner(`${path}/nope`, { method: "PUT", json: valid })).status).toBe(404);
    expect((await owner(`${path}/nope`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("URL fields", () => {
  const bad = [
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "JaVaScRiPt:alert(1)",
    "ftp://x.example/a",
    "//evil.example/x",
  ];
  it.each(bad)("refuses %s in every URL field", async (url) => {
    const { owner } = await t.signIn();
    const cases = [
      ["/api/articles", { ...validArticle, url }, "url"],
      ["/api/articles", { ...validArticle, image: url }, "image"],
      ["/api/experiences", { ...validExperience, links: [{ label: "x", url }] }, "links.0.url"],
    ] as const;
    for (const [path, body, field] of cases) {
      const response = await owner(path, { method: "POST", json: body });
      expect(response.status, `${path} ${field}`).toBe(400);
      expect(
        ((await response.json()) as { error: { fields: Record<string, string> } }).error.fields,
      ).toHaveProperty(field);
    }
    const site = await owner("/api/site", { method: "PUT", json: { social: { linkedin: url } } });
    expect(site.status).toBe(400);
    const latest = await owner("/api/site", { method: "PUT", json: { hero: { latestArticleUrl: url } } });
    expect(latest.status).toBe(400);
  });

  it("accepts mailto only where an e-mail address belongs", async () => {
    const { owner } = await t.signIn();
    expect(
      (await owner("/api/site", { method: "PUT", json: { social: { email: "me@example.com" } } })).status,
    ).toBe(200);
    expect(
      (await owner("/api/site", { method: "PUT", json: { social: { linkedin: "mailto:me@example.com" } } }))
        .status,
    ).toBe(400);
  });
});

describe("site settings", () => {
  it("merges nested groups field by field and keeps the block list private", async () => {
    const { owner } = await t.signIn();
    await owner("/api/site", {
      method: "PUT",
      json: { name: "Sam", hero: { tagline: "One", location: "Leeds" }, blockList: ["spam@x.example"] },
    });
    const merged = await owner("/api/site", { method: "PUT", json: { hero: { tagline: "Two" } } });
    expect(await merged.json()).toMatchObject({ name: "Sam", hero: { tagline: "Two", location: "Leeds" } });
    const publicView = (await (await t.request("/api/site")).json()) as Record<string, unknown>;
    expect(publicView).toMatchObject({ name: "Sam" });
    expect(publicView).not.toHaveProperty("blockList");
    const ownerView = (await (await owner("/api/site")).json()) as Record<string, unknown>;
    expect(ownerView.blockList).toEqual(["spam@x.example"]);
  });

  it("refuses a bad merge and keeps the stored document", async () => {
    const { owner } = await t.signIn();
    await owner("/api/site", { method: "PUT", json: { name: "Sam" } });
    const response = await owner("/api/site", {
      method: "PUT",
      json: { name: "", featuredOutlets: Array(101).fill("x") },
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(["featuredOutlets", "name"]);
    expect(await (await t.request("/api/site")).json()).toMatchObject({ name: "Sam" });
  });
});

describe("featured outlets", () => {
  it("stores up to 100 outlets and refuses more", async () => {
    const { owner } = await t.signIn();
    const ten = Array.from({ length: 10 }, (_, i) => `Outlet ${i + 1}`);
    const saved = await owner("/api/site", { method: "PUT", json: { name: "Sam", featuredOutlets: ten } });
    expect(saved.status).toBe(200);
    expect(
      ((await (await t.request("/api/site")).json()) as { featuredOutlets: string[] }).featuredOutlets,
    ).toEqual(ten);
    const hundred = Array.from({ length: 100 }, (_, i) => `Outlet ${i + 1}`);
    expect((await owner("/api/site", { method: "PUT", json: { featuredOutlets: hundred } })).status).toBe(
      200,
    );
    const tooMany = await owner("/api/site", {
      method: "PUT",
      json: { featuredOutlets: [...hundred, "One more"] },
    });
    expect(tooMany.status).toBe(400);
    const { error } = (await tooMany.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields.featuredOutlets).toBe("At most 100 entries");
  });
});

describe("orderings", () => {
  it("lists education by institution, articles by date descending and experiences newest first", async () => {
    const { owner } = await t.signIn();
    for (const institution of ["Zeta College", "alpha University", "Beta School"]) {
      await owner("/api/education", { method: "POST", json: { ...validEducation, institution } });
    }
    for (const date of ["2021-05-01", "12 March 2024", "2023-01-09"]) {
      await owner("/api/articles", { method: "POST", json: { ...validArticle, date, title: date } });
    }
    for (const duration of [
      "Jan 2018 - Feb 2019 · 1 yr 2 mos",
      "Mar 2022 - Present · 2 yrs",
      "Jun 2020 - Jan 2022 · 1 yr 8 mos",
    ]) {
      await owner("/api/experiences", { method: "POST", json: { ...validExperience, duration } });
    }
    const names = async <T>(path: string, key: keyof T) =>
      ((await (await t.request(path)).json()) as T[]).map((item) => item[key]);
    expect(await names<{ institution: string }>("/api/education", "institution")).toEqual([
      "alpha University",
      "Beta School",
      "Zeta College",
    ]);
    expect(await names<{ title: string }>("/api/articles", "title")).toEqual([
      "12 March 2024",
      "2023-01-09",
      "2021-05-01",
    ]);
    expect(await names<{ duration: string }>("/api/experiences", "duration")).toEqual([
      "Mar 2022 - Present · 2 yrs",
      "Jun 2020 - Jan 2022 · 1 yr 8 mos",
      "Jan 2018 - Feb 2019 · 1 yr 2 mos",
    ]);
  });
});

describe("request limits and errors", () => {
  it("answers 413 for an oversized body and 400 for malformed JSON", async () => {
    const { owner } = await t.signIn();
    const huge = await owner("/api/articles", {
      method: "POST",
      json: { ...validArticle, content: "x".repeat(2 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    const malformed = await owner("/api/articles", {
      method: "POST",
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: "invalid_json" } });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.request("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
  });
});

describe("security headers", () => {
  it("sends a CSP without inline scripts that forbids framing, and nosniff", async () => {
    const response = await t.request("/healthz");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self';/);
    const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|data:/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("isolates sign-in and the dashboard from other sites' windows, not the public pages", async () => {
    for (const path of ["/admin", "/admin/dashboard/articles"]) {
      const response = await t.request(path);
      expect(response.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
    }
    for (const path of ["/", "/?portfolio=1", "/administrator"]) {
      const response = await t.request(path);
      expect(response.headers.get("cross-origin-opener-policy"), path).toBeNull();
    }
  });
});
