import { test as adminTest } from "../admin-helpers";
import { startFakePublisher, type FakePublisher } from "./fake-publisher";
import { perWorker } from "./fixtures";
import { startServer } from "./test-server";

/**
 * The admin specs' fixtures with a fake publisher on 127.0.0.1 per worker, and a worker server
 * that may fetch loopback addresses (FETCH_ALLOW_PRIVATE=true) so that it can read the publisher.
 * The publisher starts with no pages: each spec routes its own.
 */
export const test = adminTest.extend<object, { publisher: FakePublisher }>({
  server: perWorker(
    () => startServer({ env: { FETCH_ALLOW_PRIVATE: "true" } }),
    (server) => server.stop(),
  ),
  publisher: perWorker(
    () => startFakePublisher(),
    (publisher) => publisher.close(),
  ),
});
