import { startFakePublisher } from "./fake-publisher";
import { perWorker } from "./fixtures";
import { startServer } from "./test-server";

/**
 * Worker fixtures for specs that read pages from a fake publisher on 127.0.0.1: the publisher,
 * and a worker server that may fetch loopback addresses (FETCH_ALLOW_PRIVATE=true) so that it can
 * read it, with any other settings in `env`. The publisher starts with no pages: each spec routes
 * its own.
 */
export const publisherFixtures = (env: Record<string, string> = {}) => ({
  server: perWorker(
    () => startServer({ env: { FETCH_ALLOW_PRIVATE: "true", ...env } }),
    (server) => server.stop(),
  ),
  publisher: perWorker(
    () => startFakePublisher(),
    (publisher) => publisher.close(),
  ),
});
