import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { directiveSources } from "../../../../tests/e2e/support/csp";
import type { AppEnv } from "./app-env";
import { securityHeaders } from "./security-headers";

/** A page with one marked inline script and one marked inline style, as the renderer writes them. */
function appServing(development: boolean) {
  const app = new Hono<AppEnv>();
  app.use(securityHeaders({ development, https: false }));
  app.get("/", (c) => {
    const mark = ` nonce="${c.get("renderMark")}"`;
    return c.html(
      `<html><head><style${mark}>p{}</style></head><body><script${mark}>1</script></body></html>`,
    );
  });
  return app;
}

describe("securityHeaders", () => {
  it("allows a production page's own inline script and style by hash, and nothing inline besides", async () => {
    const response = await appServing(false).request("/");
    const policy = response.headers.get("content-security-policy")!;
    expect(directiveSources(policy, "script-src")).toEqual(["'self'", expect.stringMatching(/^'sha256-/)]);
    expect(directiveSources(policy, "style-src")).toEqual(["'self'", expect.stringMatching(/^'sha256-/)]);
    expect(await response.text()).not.toContain("nonce");
  });

  it("lets Vite's development client put in scripts and styles: 'unsafe-inline', with no hash to switch it off", async () => {
    const policy = (await appServing(true).request("/")).headers.get("content-security-policy")!;
    expect(directiveSources(policy, "script-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directiveSources(policy, "style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });
});
