import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../../src/server/kernel/config";
import { createCatalogueJobs } from "../../../src/server/back-catalogue/catalogue-jobs";
import {
  createBackCatalogue,
  type BackCatalogueDeps,
} from "../../../src/server/back-catalogue/back-catalogue-service";
import { readTextPage } from "../../../src/server/kernel/discover/read-text-page";
import { safeFetch } from "../../../src/server/kernel/fetch/safe-fetch";
import { createLogger } from "../../../src/server/kernel/logger";
import { createServices } from "../../../src/server/services";

export const importDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "byline-import-"));

/**
 * One process's import service on the SQLite file in `dataDir` (the server, or `byline
 * import-from`), built like the real one, with the test's clock and a fast heartbeat.
 */
export function openImportProcess(
  dataDir: string,
  options: Pick<BackCatalogueDeps, "now" | "storedTextBytes"> = {},
) {
  const services = createServices(
    loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      FETCH_ALLOW_PRIVATE: "true",
      LINK_CHECK_PAUSE_MS: "0",
    }),
    createLogger("silent"),
  );
  const jobs = createCatalogueJobs(services.store);
  const imports = createBackCatalogue({
    jobs,
    articles: services.content.articles,
    fetchText: (url) =>
      readTextPage(url, (page, request) => safeFetch(page, { allowPrivate: true, ...request })),
    fetchDetails: (url) => services.pageReading.fetchDetails(url),
    keepLater: (articleIds) => services.pageReading.keepLater(articleIds),
    logger: services.logger,
    heartbeatMs: 20,
    ...options,
  });
  let closed: Promise<void> | undefined;
  return {
    imports,
    jobs,
    sqlite: services.store.sqlite,
    /** The job's lease row, as the processes see it. */
    lease(id: string) {
      return services.store.sqlite
        .prepare("select holder, lease_until as leaseUntil, interruptions from import_jobs where id = ?")
        .get(id) as { holder: string | null; leaseUntil: number; interruptions: number };
    },
    /** Stops like the server on SIGTERM: the pages being read end, the job stays unfinished. */
    close() {
      closed ??= imports.stop().then(() => services.store.close());
      return closed;
    },
  };
}

export type ImportProcess = ReturnType<typeof openImportProcess>;
