import { test as base, expect } from "@playwright/test";
import { mf2 } from "microformats-parser";
import { freePort } from "../support/loopback";
import { expectNoViolations } from "./support/axe";
import { FAKE_DID, startFakeIdentity, type FakeIdentity } from "./support/fake-identity";
import { OWNER, perWorker } from "./support/fixtures";
import { startServer, type TestServer } from "./support/test-server";
import { WIDTHS } from "./landing-support";

/**
 * Identity others can check (issue 39): the owner's accounts as an h-card with rel="me" and as
 * schema.org data on `/`, read by independent parsers; and 'Check my accounts' in Settings
 * against a fake Mastodon and a page that does not link back, both on loopback.
 */

type World = { server: TestServer; fake: FakeIdentity; site: string };

const test = base.extend<object, { world: World }>({
  world: perWorker(
    async () => {
      // The site's public address is known before it starts, so the fake can link back to it.
      const port = await freePort();
      const site = `http://127.0.0.1:${port}`;
      const fake = await startFakeIdentity(() => `${site}/`);
      const server = await startServer({
        env: { SEED_DEMO: "false", FETCH_ALLOW_PRIVATE: "true", PORT: String(port), PUBLIC_URL: site },
      });
      return { server, fake, site };
    },
    async ({ server, fake }) => {
      await server.stop();
      await fake.close();
    },
  ),
  baseURL: async ({ world }, use) => use(world.site),
});

const NO_ACCOUNTS = {
  mastodon: "",
  bluesky: "",
  blueskyDid: "",
  muckRack: "",
  threads: "",
  x: "",
  other: [],
};

test("/ carries an h-card with every account as rel=me, a ProfilePage about the Person, and fediverse:creator", async ({
  world,
}) => {
  const { server, fake, site } = world;
  const accounts = {
    mastodon: "@ada@mastodon.social",
    bluesky: "ada.bsky.social",
    blueskyDid: FAKE_DID,
    muckRack: "https://muckrack.com/ada-reporter",
    threads: "@ada",
    x: "@ada",
    other: ["https://ada.example/about"],
  };
  const saved = await server.api("/api/site", {
    method: "PUT",
    json: {
      name: "Ada Reporter",
      heroImage: `${fake.origin}/ada.jpg`,
      hero: { tagline: "Local power, housing and public services." },
      social: { linkedin: "https://www.linkedin.com/in/ada-reporter" },
      accounts,
    },
  });
  expect(saved.status).toBe(200);
  const article = await server.api("/api/articles", {
    method: "POST",
    json: { title: "Council sells the market hall", outlet: "Herald", url: "https://herald.example/market" },
  });
  expect(article.status).toBe(201);
  const expectedAccounts = [
    "https://mastodon.social/@ada",
    "https://bsky.app/profile/ada.bsky.social",
    "https://www.linkedin.com/in/ada-reporter",
    "https://muckrack.com/ada-reporter",
    "https://www.threads.com/@ada",
    "https://x.com/ada",
    "https://ada.example/about",
  ];

  const html = await (await fetch(`${site}/`)).text();
  const parsed = mf2(html, { baseUrl: `${site}/` });
  const card = parsed.items.find((item) => item.type?.includes("h-card"));
  expect(card?.properties).toMatchObject({
    name: ["Ada Reporter"],
    photo: [`${fake.origin}/ada.jpg`],
    url: expect.arrayContaining([`${site}/`, ...expectedAccounts]),
    note: ["Local power, housing and public services."],
  });
  expect([...new Set(parsed.rels.me)].sort()).toEqual([...expectedAccounts].sort());

  expect(html).toContain('<meta name="fediverse:creator" content="@ada@mastodon.social"/>');

  const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const data = JSON.parse(script!) as { "@context": string; "@graph": Record<string, unknown>[] };
  expect(data["@context"]).toBe("https://schema.org");
  const personId = `${site}/#person`;
  const page = data["@graph"].find((node) => node["@type"] === "ProfilePage");
  const person = data["@graph"].find((node) => node["@type"] === "Person");
  expect(page).toMatchObject({ url: `${site}/`, mainEntity: { "@id": personId } });
  expect(person).toMatchObject({
    "@id": personId,
    name: "Ada Reporter",
    url: `${site}/`,
    image: `${fake.origin}/ada.jpg`,
    sameAs: expectedAccounts,
  });
  const list = data["@graph"].find((node) => node["@type"] === "ItemList") as {
    itemListElement: { item: { author: unknown } }[];
  };
  expect(list.itemListElement.map((entry) => entry.item.author)).toEqual([{ "@id": personId }]);

  const did = await fetch(`${site}/.well-known/atproto-did`);
  expect(did.status).toBe(200);
  expect(await did.text()).toBe(FAKE_DID);

  // No Mastodon account: no fediverse:creator.
  await server.api("/api/site", { method: "PUT", json: { accounts: { ...accounts, mastodon: "" } } });
  expect(await (await fetch(`${site}/`)).text()).not.toContain("fediverse:creator");
});

for (const viewport of WIDTHS) {
  test(`the owner sets two accounts, presses 'Check my accounts', and sees one verified and one with its fix (${viewport.name})`, async ({
    world,
    page,
  }) => {
    const { server, fake } = world;
    // Only the two accounts under test: the others would be fetched from the internet.
    await server.api("/api/site", {
      method: "PUT",
      json: { name: "Ada Reporter", social: { linkedin: "" }, accounts: NO_ACCOUNTS },
    });
    await page.setViewportSize(viewport);
    await page.goto("/admin");
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await page.goto("/admin/dashboard/settings");
    await expect(page.locator("fieldset.settings__fields")).toBeEnabled();

    const group = page.getByRole("group", { name: "Your accounts" });
    for (const label of [
      "Mastodon",
      "Bluesky",
      "Bluesky DID",
      "LinkedIn",
      "Muck Rack",
      "Threads",
      "X",
      "Other accounts",
    ])
      await expect(group.getByLabel(label, { exact: true })).toBeVisible();
    await expect(group.getByText("Not checked yet.")).toBeVisible();

    await group.getByLabel("Mastodon", { exact: true }).fill(fake.profile("alice"));
    await group.getByLabel("Other accounts", { exact: true }).fill(fake.elsewhere);
    await expect(group.getByText("Save first: the check asks the saved accounts.")).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByRole("status").getByText("Settings saved successfully", { exact: true }),
    ).toBeVisible();

    await group.getByRole("button", { name: "Check my accounts" }).click();
    await expect(group.getByRole("status").getByText("2 checked, 1 verified.")).toBeVisible();
    const results = group.getByRole("list", { name: "Account checks" });
    const mastodon = results.getByRole("listitem").filter({ hasText: "Mastodon" }).first();
    await expect(mastodon.getByText("Verified", { exact: true })).toBeVisible();
    const elsewhere = results.getByRole("listitem").filter({ hasText: fake.elsewhere }).first();
    await expect(elsewhere.getByText("Not verified", { exact: true })).toBeVisible();
    await expect(elsewhere.getByText(/To fix: On that page, link to .* with rel="me"/)).toBeVisible();

    // Visitors see the accounts in the Contact section, each rel="me".
    await page.goto("/");
    const accounts = page.getByRole("list", { name: "Elsewhere" });
    await expect(accounts.getByRole("link", { name: "Mastodon" })).toHaveAttribute("rel", "me");
    await expect(accounts.getByRole("link", { name: "127.0.0.1" })).toHaveAttribute("href", fake.elsewhere);
    await expectNoViolations(page, `The Contact section with the accounts (${viewport.name})`, {
      include: [".contact"],
    });
    await page.goto("/admin/dashboard/settings");
    await expect(page.locator("fieldset.settings__fields")).toBeEnabled();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoViolations(page, `Settings, 'Your accounts' (${viewport.name})`, {
      include: [".settings-group:has(.account-checks)"],
    });
  });
}
