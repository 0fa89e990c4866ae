import { expect, item, openSection, test as ownerTest } from "./admin-helpers";
import { expectNoViolations } from "./support/axe";
import { perWorker } from "./support/fixtures";
import {
  FAKE_KEYS,
  FOUND_TIMESTAMP,
  SAVED_TIMESTAMP,
  startFakeWayback,
  type FakeWayback,
} from "./support/fake-wayback";
import { startServer, type TestServer } from "./support/test-server";

/**
 * The Wayback Machine as witness end to end (docs/product.md): a server with the owner's keys and
 * WAYBACK_URL pointing at a fake Save Page Now on loopback. One article is saved there; another's
 * original is gone (410) with no kept text, Save Page Now refused it, and the availability API
 * has a copy of it.
 */

const SAVED = { title: "Harbour pilots warn of night-time risks", outlet: "The Coast Gazette" };
const GONE = {
  title: "Market hall sold to developers",
  outlet: "Gone Gazette",
  description: "It used to be here: the sale of the market hall.",
};

type WaybackWorld = {
  server: TestServer;
  fake: FakeWayback;
  ids: { saved: string; gone: string };
  snapshots: { saved: string; gone: string };
};

async function createWorld(): Promise<WaybackWorld> {
  const fake = await startFakeWayback(() => Date.now());
  const server = await startServer({
    env: {
      SEED_DEMO: "false",
      FETCH_ALLOW_PRIVATE: "true",
      LINK_CHECK_PAUSE_MS: "0",
      WAYBACK_URL: fake.origin,
      WAYBACK_ACCESS_KEY: FAKE_KEYS.access,
      WAYBACK_SECRET_KEY: FAKE_KEYS.secret,
    },
  });
  const create = async (fields: Record<string, unknown>) => {
    const response = await server.api("/api/articles", { method: "POST", json: fields });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const savedUrl = "https://news.example/harbour-pilots";
  // Save Page Now refuses this one (the fake's `/refused`), so its copy is the availability API's.
  const goneUrl = `${fake.origin}/outlet/refused/market-hall`;
  const ids = {
    saved: await create({ ...SAVED, url: savedUrl, date: "2026-06-06" }),
    gone: await create({ ...GONE, url: goneUrl, date: "2026-03-03" }),
  };
  expect((await server.api("/api/link-checks", { method: "POST" })).status).toBe(202);
  const snapshots = {
    saved: `${fake.origin}/web/${SAVED_TIMESTAMP}/${savedUrl}`,
    gone: `${fake.origin}/web/${FOUND_TIMESTAMP}/${goneUrl}`,
  };
  // Save Page Now's job is asked after 10 s later; the gone original's copy comes after its check.
  await expect
    .poll(
      async () => {
        const articles = (await (await server.api("/api/articles")).json()) as {
          id: string;
          wayback?: string;
        }[];
        return [ids.saved, ids.gone].map((id) => articles.find((article) => article.id === id)?.wayback);
      },
      { timeout: 30_000 },
    )
    .toEqual([snapshots.saved, snapshots.gone]);
  return { server, fake, ids, snapshots };
}

const test = ownerTest.extend<object, { wayback: WaybackWorld; server: TestServer }>({
  wayback: perWorker(createWorld, async ({ server, fake }) => {
    await server.stop();
    await fake.close();
  }),
  server: [async ({ wayback }, use) => use(wayback.server), { scope: "worker" }],
});

test("the Articles manager says when each article was saved to the Wayback Machine, with the link", async ({
  page,
  wayback,
}) => {
  await openSection(page, "articles", "Articles");
  const saved = item(page, SAVED.title);
  await expect(saved.locator(".wayback-status")).toHaveText(
    "Saved to the Wayback Machine on 26 November 2026 View the saved copy",
  );
  await expect(saved.getByRole("link", { name: "View the saved copy" })).toHaveAttribute(
    "href",
    wayback.snapshots.saved,
  );
  await expectNoViolations(page, "Articles with their Wayback Machine lines", { include: [".manager"] });
});

test("a visitor is sent to the Wayback Machine's copy of a gone original, from the card and the viewer", async ({
  page,
  wayback,
}) => {
  await page.goto("/?portfolio=1");
  const card = page.locator(`#portfolio-card-${wayback.ids.gone}`);
  await expect(card.getByText("The original at Gone Gazette is no longer available.")).toBeVisible();
  await expect(card.getByRole("link", { name: /Read at the Wayback Machine/ })).toHaveAttribute(
    "href",
    wayback.snapshots.gone,
  );
  await expect(card.getByRole("link", { name: GONE.title })).toHaveAttribute("href", wayback.snapshots.gone);
  await expectNoViolations(page, "A card linking the Wayback Machine's copy");

  await page.goto(`/?article=${encodeURIComponent(wayback.ids.gone)}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("link", { name: "Read the copy at the Wayback Machine" })).toHaveAttribute(
    "href",
    wayback.snapshots.gone,
  );
  await expectNoViolations(page, "The viewer of a gone original with the Wayback Machine's copy");
  // The saved article's viewer offers its copy too.
  await page.goto(`/?article=${encodeURIComponent(wayback.ids.saved)}`);
  await expect(dialog.getByRole("link", { name: "The copy at the Wayback Machine" })).toHaveAttribute(
    "href",
    wayback.snapshots.saved,
  );
});
