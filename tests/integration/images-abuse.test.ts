import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageCacheSrc } from "../../src/domain/image-src";
import { smallPng } from "../support/sample-images";
import { startFakePublisher, type FakePublisher } from "../e2e/support/fake-publisher";
import { serveOnSocket, type SocketServer } from "./support/socket-server";
import { createTestApp, type TestApp } from "./support/test-app";

let app: TestApp;
let server: SocketServer;
let publisher: FakePublisher;
const NAMES = Array.from({ length: 8 }, (_, i) => `/photo-${i}.png`);

beforeAll(async () => {
  app = await createTestApp({ FETCH_ALLOW_PRIVATE: "true", IMAGE_MISSES_PER_ADDRESS: "3" });
  const { owner } = await app.signIn();
  const picture = await smallPng();
  publisher = await startFakePublisher(
    Object.fromEntries(
      NAMES.map((name) => [name, { headers: { "Content-Type": "image/png" }, body: picture }]),
    ),
  );
  for (const name of NAMES) {
    const response = await owner("/api/articles", {
      method: "POST",
      json: {
        title: "Pictured",
        outlet: "Coast Gazette",
        url: `https://coast.example${name}`,
        image: publisher.url(name),
      },
    });
    expect(response.status).toBe(201);
  }
  server = await serveOnSocket(app.app);
});

afterAll(async () => {
  await server.close();
  await publisher.close();
  app.close();
});

const image = (from: string, name: string) => server.request(from, imageCacheSrc(publisher.url(name)));

describe("image cache under a crawl from one address", () => {
  it("limits the downloads one address causes, never the images already cached, nor other addresses", async () => {
    const statuses = [];
    for (const name of NAMES.slice(0, 5)) statuses.push((await image("127.0.0.2", name)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);

    const refused = await image("127.0.0.2", NAMES[3]!);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "too_many_images" } });

    // What is cached is served to the same address without counting.
    for (let i = 0; i < 5; i++) expect((await image("127.0.0.2", NAMES[0]!)).status).toBe(200);
    // Another visitor is not held back by the crawler, and what it fetches is then free for all.
    expect((await image("127.0.0.3", NAMES[3]!)).status).toBe(200);
    expect((await image("127.0.0.2", NAMES[3]!)).status).toBe(200);
    expect(NAMES.map((name) => publisher.hits(name))).toEqual([1, 1, 1, 1, 0, 0, 0, 0]);
  });
});
