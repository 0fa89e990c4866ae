import type { Hono, MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { Config } from "./config";
import type { ChangeEvent, Store } from "./db/open-database";
import type * as schema from "./db/schema";
import type { createOutletGate, GatedRequest } from "./fetch/outlet-gate";
import type { AppEnv } from "./http/app-env";
import type { clientIpResolver } from "./http/client-address";

/**
 * What capabilities offer each other, by name. Each capability adds its own entries from its
 * `capability.ts` (`declare module "../kernel/capability" { interface Offered { … } }`), so a need
 * is typed by its owner and a misspelt one does not compile (decision 040).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Offered {}

/** Test hooks (`createServices`' options); each capability adds the ones it reads. */
export interface CapabilityOptions {
  now?: () => Date;
}

/** What the kernel gives every capability: no capability offers these. */
export type Kernel = {
  config: Config;
  logger: Logger;
  store: Store;
  options: CapabilityOptions;
  /** Every request to a publisher (pages, feeds, sitemaps, lead images, link checks). */
  outlets: ReturnType<typeof createOutletGate>;
  fromPublisher: (
    url: string,
    request?: GatedRequest,
  ) => ReturnType<ReturnType<typeof createOutletGate>["fetch"]>;
  clientIp: ReturnType<typeof clientIpResolver>;
};

export type OfferName = keyof Offered & string;

/** The tables of the schema, by their SQL name. */
export type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends { _: { name: infer N extends string } } ? N : never;
}[keyof typeof schema];

/**
 * Routes under `/api` and at the site's root; `largeBody` lifts the API's 1 MB body limit for one
 * POST path; `crossSiteWrites` names the paths anyone may post to from anywhere, by design (RFC
 * 8058's one-click unsubscribe, a signed fediverse inbox): the same-origin check lets them by.
 */
export type CapabilityRoutes = {
  api?: Hono<AppEnv>;
  site?: Hono<AppEnv>;
  largeBody?: { path: string; limit: MiddlewareHandler };
  crossSiteWrites?: (path: string) => boolean;
};

/** Work that runs beside requests in the serving process, started after it listens. */
export type Background = { start?(): void; stop?(): Promise<unknown> | void };

/** What a capability does after every committed write (write-reactions.ts calls them in order). */
export type WriteReaction = (event: ChangeEvent) => void;

export type Capability<N extends OfferName = OfferName, O extends OfferName = OfferName> = {
  /** The folder's name. */
  name: string;
  /** What it uses of other capabilities; they are built first. */
  needs: readonly N[];
  /** What it gives the others (and the routes, pages and CLI, through `Services`). */
  offers: readonly O[];
  /** The tables only its own code reads and writes (tests/integration/table-owners.test.ts). */
  tables: readonly TableName[];
  create(needs: Pick<Offered, N>, kernel: Kernel): Pick<Offered, O>;
  routes?(parts: Pick<Offered, N | O>, kernel: Kernel): CapabilityRoutes;
  background?(parts: Pick<Offered, N | O>, kernel: Kernel): Background;
  reactions?(parts: Pick<Offered, N | O>, kernel: Kernel): WriteReaction;
};

/** A capability's one definition, exported from its folder's `capability.ts`. */
export function defineCapability<const N extends OfferName = never, const O extends OfferName = never>(
  definition: Capability<N, O>,
): Capability<N, O> {
  return definition;
}

/** What a capability's routes, background work and reactions are given: its needs and its offers. */
export function partsOf(all: object, capability: AnyCapability) {
  const names: string[] = [...capability.needs, ...capability.offers];
  const values = all as Record<string, unknown>;
  return Object.fromEntries(names.map((name) => [name, values[name]]));
}

/** A capability as the wiring iterates over it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCapability = Capability<any, any>;

export class CapabilityError extends Error {}

type Shape = { name: string; needs: readonly string[]; offers: readonly string[] };

/**
 * The capabilities in an order where each comes after everything it needs: the list's own order
 * where it allows. A name offered twice, a need no capability offers, or a cycle is an error
 * that names both sides.
 */
export function orderCapabilities<C extends Shape>(list: readonly C[]): C[] {
  const owner = new Map<string, C>();
  for (const capability of list) {
    for (const name of capability.offers) {
      const other = owner.get(name);
      if (other)
        throw new CapabilityError(`'${name}' is offered by both ${other.name} and ${capability.name}`);
      owner.set(name, capability);
    }
  }
  const ordered: C[] = [];
  const state = new Map<C, "visiting" | "done">();
  const visit = (capability: C, path: C[]) => {
    if (state.get(capability) === "done") return;
    if (state.get(capability) === "visiting") {
      const loop = [...path.slice(path.indexOf(capability)), capability].map((c) => c.name);
      throw new CapabilityError(`cycle: ${loop.join(" -> ")}`);
    }
    state.set(capability, "visiting");
    for (const need of capability.needs) {
      const from = owner.get(need);
      if (!from) throw new CapabilityError(`${capability.name} needs '${need}', which no capability offers`);
      if (from !== capability) visit(from, [...path, capability]);
    }
    state.set(capability, "done");
    ordered.push(capability);
  };
  for (const capability of list) visit(capability, []);
  return ordered;
}
