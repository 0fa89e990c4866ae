import { test as base, expect, type Page } from "@playwright/test";
import { photoJpeg } from "../../support/sample-images";
import { articlePage, hostilePage, startFakePublisher, type FakePublisher } from "./fake-publisher";
import { perWorker } from "./fixtures";
import { startServer, type TestServer } from "./test-server";

/**
 * The article viewer's world: a production server allowed to fetch loopback addresses
 * (FETCH_ALLOW_PRIVATE=true), a fake publisher on 127.0.0.1, and five articles pointing at it
 * (the demo articles are removed so positions are known). Newest first, as the landing lists them:
 *   pilots (normal, frameable) · locked (refuses framing) · gone (404) · hostile (payloads) · stored (own text)
 */

export const PILOTS = {
  title: "Harbour pilots warn of night-time risks",
  outlet: "The Coast Gazette",
  author: "Jane Doe",
  description: "Pilots say cuts leave the harbour exposed after dark.",
  paragraphs: [
    "Harbour pilots have warned that night-time arrivals are being handled by a single crew, leaving no cover if something goes wrong.",
    "The warning came in a letter to the port authority signed by eleven of the fourteen pilots who work the estuary.",
    "The letter describes three near misses in the past year, each during a night shift with one pilot on duty.",
    "The port authority said safety was its first priority and that staffing would be reviewed in the new year.",
    "A meeting between the pilots and the authority is planned for next month, according to people familiar with the talks.",
  ],
  headings: ["What The Pilots Say", "WHAT HAPPENS NEXT"],
};

export const LOCKED = {
  title: "Ferry operator fined over late sailings",
  outlet: "Estuary Times",
  description: "The regulator's largest penalty this year follows a summer of cancellations.",
};

export const GONE = {
  title: "The story that was taken down",
  outlet: "Vanished Weekly",
  description: "It used to be here.",
};

export const HOSTILE = {
  title: "Council hides the harbour report",
  outlet: "Hostile Herald",
  description: "A page full of traps.",
};

export const STORED = {
  title: "Owner's own copy of a lighthouse feature",
  outlet: "Northgate Courier",
  description: "The keeper's last winter, as filed.",
  content:
    "The last keeper of the Northgate light spent his final winter writing letters to the harbour board.\n\nTHE LETTERS\n\nEach letter asked for the same thing: a second pair of hands before the storms came in January.",
};

/** The five articles in the order the landing lists them, newest first. */
export const NEWEST_FIRST = [PILOTS, LOCKED, GONE, HOSTILE, STORED];

export type ViewerWorld = {
  server: TestServer;
  publisher: FakePublisher;
  ids: { pilots: string; locked: string; gone: string; hostile: string; stored: string };
  /** The articles' ids in NEWEST_FIRST order. */
  idsNewestFirst: string[];
  /** Points the 'pilots' article at another address of the same page (the server has read none of them yet). */
  movePilots(url: string): Promise<void>;
};

async function createWorld(): Promise<ViewerWorld> {
  const publisher = await startFakePublisher();
  const server = await startServer({ env: { FETCH_ALLOW_PRIVATE: "true" } });
  const photo = { headers: { "Content-Type": "image/jpeg" }, body: await photoJpeg(1600, 1000) };
  publisher.route("/pilots.jpg", photo);
  publisher.route("/locked.jpg", photo);
  publisher.route("/pilots", {
    body: articlePage({
      title: PILOTS.title,
      author: PILOTS.author,
      published: "2026-05-05T09:00:00Z",
      siteName: PILOTS.outlet,
      description: PILOTS.description,
      image: publisher.url("/pilots.jpg"),
      blocks: [
        PILOTS.paragraphs[0]!,
        PILOTS.paragraphs[1]!,
        { heading: PILOTS.headings[0]! },
        PILOTS.paragraphs[2]!,
        PILOTS.paragraphs[3]!,
        { heading: PILOTS.headings[1]! },
        PILOTS.paragraphs[4]!,
      ],
    }),
  });
  publisher.route("/locked", {
    headers: { "X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'" },
    body: articlePage({
      title: LOCKED.title,
      blocks: [
        "The regulator fined the ferry operator for a summer of late and cancelled sailings on the estuary crossing.",
        "Passengers' groups said the fine was welcome but would not bring back the lost evening services.",
      ],
    }),
  });
  publisher.route("/hostile", { body: hostilePage(publisher.url("/pilots.jpg")) });

  const existing = (await (await server.api("/api/articles")).json()) as { id: string }[];
  for (const { id } of existing) await server.api(`/api/articles/${id}`, { method: "DELETE" });
  const create = async (fields: Record<string, unknown>) => {
    const response = await server.api("/api/articles", {
      method: "POST",
      json: { featured: true, ...fields },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const ids = {
    pilots: await create({
      ...PILOTS,
      url: publisher.url("/pilots"),
      date: "2026-05-05",
      image: publisher.url("/pilots.jpg"),
    }),
    locked: await create({
      ...LOCKED,
      url: publisher.url("/locked"),
      date: "2026-04-04",
      image: publisher.url("/locked.jpg"),
    }),
    gone: await create({ ...GONE, url: publisher.url("/gone"), date: "2026-03-03" }),
    hostile: await create({ ...HOSTILE, url: publisher.url("/hostile"), date: "2026-02-02" }),
    stored: await create({
      ...STORED,
      url: publisher.url("/stored"),
      date: "2026-01-01",
      image: "/demo/harbour-dawn.jpg",
    }),
  };
  const movePilots = async (url: string) => {
    const response = await server.api(`/api/articles/${ids.pilots}`, {
      method: "PUT",
      json: { ...PILOTS, url, date: "2026-05-05", image: publisher.url("/pilots.jpg"), featured: true },
    });
    expect(response.status).toBe(200);
  };
  const idsNewestFirst = [ids.pilots, ids.locked, ids.gone, ids.hostile, ids.stored];
  return { server, publisher, ids, idsNewestFirst, movePilots };
}

/** A worker fixture for a world of a server and a fake publisher: both are stopped after the worker's last test. */
export function publisherWorld<World extends { server: TestServer; publisher: FakePublisher }>(
  create: () => Promise<World>,
) {
  return perWorker(create, async (world) => {
    await world.server.stop();
    await world.publisher.close();
  });
}

export const test = base.extend<object, { world: ViewerWorld }>({
  world: publisherWorld(createWorld),
  baseURL: async ({ world }, use) => use(world.server.url),
});

export { expect };

/** The open viewer dialog. */
export const viewer = (page: Page) => page.getByRole("dialog");

/** Opens the page with the viewer at `id`, once the scripts are running (the dialog is modal). */
export async function openViewer(page: Page, id: string): Promise<void> {
  await page.goto(`/?article=${encodeURIComponent(id)}`);
  await expect(page.locator("dialog.viewer:modal")).toBeVisible();
}
