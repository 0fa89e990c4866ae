import { afterEach, describe, expect, it } from "vitest";
import type { AccountCheck } from "../../src/domain/accounts";
import type { Site } from "../../src/domain/content";
import { startFakeIdentity, type FakeIdentity } from "../e2e/support/fake-identity";
import { createTestApp, ORIGIN, type TestApp } from "./support/test-app";

/**
 * 'Check my accounts' against a fake Mastodon (WebFinger, the actor with attributionDomains, a
 * profile page with rel="me") and a fake Bluesky handle host, all on loopback; and the DID the
 * site answers at /.well-known/atproto-did.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function world(): Promise<{
  t: TestApp;
  fake: FakeIdentity;
  owner: Awaited<ReturnType<TestApp["signIn"]>>["owner"];
}> {
  const fake = await startFakeIdentity(() => `${ORIGIN}/`);
  cleanups.push(() => fake.close());
  const t = await createTestApp(
    { FETCH_ALLOW_PRIVATE: "true" },
    // Bluesky's HTTPS method asks https://<handle>/.well-known/atproto-did: here, the fake.
    { identity: { handleDidUrl: () => `${fake.origin}/.well-known/atproto-did` } },
  );
  cleanups.push(() => t.close());
  const { owner } = await t.signIn();
  return { t, fake, owner };
}

const byLabel = (checks: AccountCheck[], label: string) => checks.find((check) => check.label === label)!;

describe("Your accounts", () => {
  it("normalises a Mastodon address and a Bluesky handle, and refuses bad ones with the field's message, changing nothing", async () => {
    const { owner } = await world();
    const saved = await owner("/api/site", {
      method: "PUT",
      json: {
        name: "Ada Reporter",
        accounts: { mastodon: "@ada@Mastodon.Social", bluesky: "@Ada.bsky.social", x: "@ada", other: [] },
      },
    });
    expect(saved.status).toBe(200);
    const site = (await saved.json()) as Site;
    expect(site.accounts).toMatchObject({
      mastodon: "https://mastodon.social/@ada",
      bluesky: "ada.bsky.social",
      x: "https://x.com/ada",
    });

    const refused = await owner("/api/site", {
      method: "PUT",
      json: {
        accounts: {
          mastodon: "ada at mastodon",
          blueskyDid: "did:example:1",
          muckRack: "https://evil.example/ada",
        },
      },
    });
    expect(refused.status).toBe(400);
    const { error } = (await refused.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields["accounts.mastodon"]).toMatch(/Mastodon address, such as @you@mastodon.social/);
    expect(error.fields["accounts.blueskyDid"]).toMatch(/did:plc:/);
    expect(error.fields["accounts.muckRack"]).toMatch(/Muck Rack profile's address/);
    const after = (await (await owner("/api/site")).json()) as Site;
    expect(after.accounts.mastodon).toBe("https://mastodon.social/@ada");
  });

  it("answers the Bluesky DID at /.well-known/atproto-did as text, and 404 without one", async () => {
    const { t, owner } = await world();
    expect((await t.request("/.well-known/atproto-did")).status).toBe(404);
    await owner("/api/site", {
      method: "PUT",
      json: { name: "Ada Reporter", accounts: { blueskyDid: "did:web:ada.example" } },
    });
    const answer = await t.request("/.well-known/atproto-did");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await answer.text()).toBe("did:web:ada.example");
  });
});

describe("Check my accounts", () => {
  it("finds the Mastodon account verified and crediting the site, the other page not linking back with its fix, and the Bluesky handle resolving", async () => {
    const { t, fake, owner } = await world();
    await owner("/api/site", {
      method: "PUT",
      json: {
        name: "Ada Reporter",
        accounts: {
          mastodon: fake.profile("alice"),
          bluesky: "ada.bsky.social",
          blueskyDid: fake.did,
          other: [fake.elsewhere],
        },
      },
    });
    expect((await owner("/api/identity/checks")).status).toBe(200);
    const answer = await owner("/api/identity/checks", { method: "POST" });
    expect(answer.status).toBe(200);
    const { checks } = (await answer.json()) as { checks: AccountCheck[] };
    expect(checks.map((check) => check.label)).toEqual(["Mastodon", "Bluesky", "127.0.0.1"]);

    const mastodon = byLabel(checks, "Mastodon");
    expect(mastodon.linksBack).toBe(true);
    expect(mastodon.findings.every((finding) => finding.ok)).toBe(true);
    expect(mastodon.findings.map((finding) => finding.says).join(" ")).toContain(
      "Mastodon lets localhost credit",
    );
    // WebFinger, then the actor asked for as ActivityPub JSON.
    const webfinger = fake.hits.find((hit) => hit.path.startsWith("/.well-known/webfinger"));
    expect(webfinger?.path).toContain(encodeURIComponent(`acct:alice@${new URL(fake.origin).host}`));
    expect(fake.hits.find((hit) => hit.path === "/users/alice")?.accept).toMatch(
      /^application\/activity\+json/,
    );

    const other = byLabel(checks, "127.0.0.1");
    expect(other.linksBack).toBe(false);
    expect(other.findings[0]).toMatchObject({ ok: false, fix: expect.stringContaining(`rel="me"`) });

    const bluesky = byLabel(checks, "Bluesky");
    expect(bluesky.findings).toEqual([
      { ok: true, says: `The handle ada.bsky.social resolves to ${fake.did}.` },
    ]);

    // Stored with the time checked, and offered to the proof page.
    const stored = (await (await owner("/api/identity/checks")).json()) as { checks: AccountCheck[] };
    expect(stored.checks).toEqual(checks);
    expect(t.services.identity.verifiedAccounts()).toEqual(new Set([fake.profile("alice")]));
  });

  it("tells the owner where in Mastodon to link the site and allow it to credit them", async () => {
    const { owner, fake } = await world();
    await owner("/api/site", {
      method: "PUT",
      json: { name: "Ada Reporter", accounts: { mastodon: fake.profile("bob") } },
    });
    const { checks } = (await (await owner("/api/identity/checks", { method: "POST" })).json()) as {
      checks: AccountCheck[];
    };
    const [check] = checks;
    expect(check!.linksBack).toBe(false);
    expect(check!.findings.map((finding) => finding.fix)).toEqual([
      expect.stringContaining("Preferences → Public profile → Edit profile"),
      "In Mastodon, open Preferences → Public profile → Verification and add localhost under 'Websites allowed to credit you'.",
    ]);
  });

  it("is the owner's only, and rate-limited", async () => {
    const { t, owner } = await world();
    expect(
      (await t.request("/api/identity/checks", { method: "POST", headers: { Origin: ORIGIN } })).status,
    ).toBe(401);
    expect((await t.request("/api/identity/checks")).status).toBe(401);
    for (let i = 0; i < t.services.config.accountCheckRuns; i++)
      expect((await owner("/api/identity/checks", { method: "POST" })).status).toBe(200);
    const refused = await owner("/api/identity/checks", { method: "POST" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
