import http from "node:http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createApp } from "./app";
import { ConfigError, loadConfig } from "./kernel/config";
import { nodeListener } from "./kernel/http/node-listener";
import { createLogger } from "./kernel/logger";
import { developmentPages, productionPages } from "./pages";
import { keepNewFilesPrivate } from "./kernel/private-files";
import { createServices, ensureOwner } from "./services";

async function main() {
  keepNewFilesPrivate();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const development = process.argv.includes("--dev");

  let vite: ViteDevServer | undefined;
  if (development) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  }
  const viteServer = vite;
  const pages = viteServer
    ? developmentPages(
        () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      )
    : await productionPages(config.buildDir);
  // After the build is found: without one, the server stops before it opens or creates anything.
  const services = createServices(config, logger, { warmImages: true });
  const { app } = createApp(services, { pages, development });
  const { live, publicCache } = services;
  const listener = nodeListener(app.fetch, viteServer ? undefined : publicCache);
  const server = http.createServer((req, res) =>
    viteServer ? viteServer.middlewares(req, res, () => listener(req, res)) : listener(req, res),
  );
  server.keepAliveTimeout = 65_000;
  // Before listening: once /healthz answers, the owner named by ADMIN_EMAIL can sign in.
  const setupLink = await ensureOwner(services);

  server.listen(config.port, config.host, async () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const origin = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`;
    // The public pages are in the cache before the first visitor comes, and again after every
    // write (write-reactions.ts). Without PUBLIC_URL, pages are kept per host: the one printed here.
    if (!viteServer)
      await services.pageWarmer.start(app.fetch, config.publicUrlIsSet ? config.publicUrl : origin);
    logger.info(`Byline is serving ${origin}`);
    if (!config.publicUrlIsSet) {
      logger.warn(
        `PUBLIC_URL is not set: only requests for localhost, 127.x.x.x, [::1] or ${config.host} are served (any other Host gets 421). ` +
          "On a server, set PUBLIC_URL to the site's https:// address (see docs/deploy.md).",
      );
    }
    services.contact.start();
    services.imports.resume();
    if (config.linkCheckDaily) services.linkHealth.start();
    services.watch.start();
    services.wayback.start();
    services.fediverse.start();
    // The hero and the first articles' images are cached ahead of visitors (again after every change: write-reactions.ts).
    services.images.scheduleWarm();
    // Another process (the CLI's import) writes to the same file: its changes reach pages and streams too.
    externalWrites = setInterval(() => services.store.emitExternalWrites(), 1000);
    if (setupLink) logger.warn(`No owner account yet. Open this one-time link to create it: ${setupLink}`);
  });

  let externalWrites: NodeJS.Timeout | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping`);
    clearInterval(externalWrites);
    live.closeAll();
    services.outlets.stop();
    const contactStopped = Promise.all([
      services.contact.stop(),
      services.imports.stop(),
      services.pageReading.stop(),
    ]);
    const linksStopped = Promise.all([
      services.linkHealth.stop(),
      services.watch.stop(),
      services.wayback.stop(),
      services.fediverse.stop(),
    ]);
    server.close(() => {
      void Promise.all([contactStopped, linksStopped]).finally(() => {
        services.store.close();
        process.exit(0);
      });
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
