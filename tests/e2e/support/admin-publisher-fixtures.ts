import { test as adminTest } from "../admin-helpers";
import { startFakePublisher, type FakePublisher } from "./fake-publisher";
import { startServer } from "./test-server";

/**
 * The admin specs' fixtures with a fake publisher on 127.0.0.1 per worker, and a worker server
 * that may fetch loopback addresses (FETCH_ALLOW_PRIVATE=true) so that it can read the publisher.
 * The publisher starts with no pages: each spec routes its own.
 */
export const test = adminTest.extend<object, { publisher: FakePublisher }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ env: { FETCH_ALLOW_PRIVATE: "true" } });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  publisher: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const publisher = await startFakePublisher();
      await use(publisher);
      await publisher.close();
    },
    { scope: "worker" },
  ],
});
