import type { Logger } from "pino";
import { CAPABILITIES } from "./capabilities";
import type { Config } from "./kernel/config";
import {
  CapabilityError,
  orderCapabilities,
  type AnyCapability,
  type CapabilityOptions,
  type Kernel,
  type Offered,
} from "./kernel/capability";
import { openStore } from "./kernel/db/open-database";
import { safeFetch } from "./kernel/fetch/safe-fetch";
import { createOutletGate, type GatedRequest } from "./kernel/fetch/outlet-gate";
import { clientIpResolver } from "./kernel/http/client-address";
import { wireWriteReactions } from "./write-reactions";

export { clipWatchUserAgent } from "./clip-watch/capability";
export { linkCheckUserAgent } from "./link-health/capability";

/** What the routes, the pages' loaders and the CLI read: the kernel's parts and every capability's offers. */
export type Services = Kernel & Offered & { capabilities: readonly AnyCapability[] };

export type ServiceOptions = CapabilityOptions;

/**
 * Everything the server needs, built once per process (or per test) from the configuration: the
 * kernel, then each capability of `capabilities` after those it needs.
 */
export function createServices(
  config: Config,
  logger: Logger,
  options: ServiceOptions = {},
  capabilities: readonly AnyCapability[] = CAPABILITIES,
): Services {
  // Before the database is opened: a missing need or a cycle changes nothing.
  const ordered = orderCapabilities(capabilities);
  const store = openStore(config.dataDir);
  // Every request to a publisher (pages, feeds, sitemaps, lead images, link checks) goes through
  // this one gate: robots.txt, and the pauses per outlet.
  const clock = options.now;
  const outlets = createOutletGate({
    fetch: (url, request) => safeFetch(url, { allowPrivate: config.fetchAllowPrivate, ...request }),
    pauseMs: config.linkCheckPauseMs,
    now: clock && (() => clock().getTime()),
  });
  const kernel: Kernel = {
    config,
    logger,
    store,
    options,
    outlets,
    fromPublisher: (url: string, request: GatedRequest = {}) => outlets.fetch(url, request),
    clientIp: clientIpResolver(config.trustProxy),
  };
  const offered: Record<string, unknown> = {};
  for (const capability of ordered) {
    const needs = Object.fromEntries(capability.needs.map((name: string) => [name, offered[name]]));
    const made: Record<string, unknown> = capability.create(needs, kernel);
    for (const name of capability.offers) {
      if (!(name in made))
        throw new CapabilityError(`${capability.name} offers '${name}' but did not make it`);
      offered[name] = made[name];
    }
  }
  const services = { ...kernel, ...(offered as unknown as Offered), capabilities: ordered };
  wireWriteReactions(services);
  return services;
}

/** Creates the owner from ADMIN_EMAIL/ADMIN_PASSWORD, or returns a one-time setup link. */
export async function ensureOwner(services: Services): Promise<string | undefined> {
  const { config, owner } = services;
  if (owner.get()) return undefined;
  if (config.adminEmail && config.adminPassword) {
    await owner.set(config.adminEmail, config.adminPassword);
    services.logger.info({ email: config.adminEmail }, "Created the owner account from ADMIN_EMAIL");
    return undefined;
  }
  return `${config.publicUrl}/admin/setup?token=${owner.createSetupToken()}`;
}
