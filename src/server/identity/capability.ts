import { ownedSite } from "../../domain/demo-site";
import { defineCapability } from "../kernel/capability";
import { safeFetch } from "../kernel/fetch/safe-fetch";
import { createAccountCheckRepository } from "./account-check-repository";
import { createAccountChecks, type AccountChecks } from "./account-checks";
import { identityRoutes } from "./identity-routes";

declare module "../kernel/capability" {
  interface Offered {
    identity: AccountChecks;
  }
  interface CapabilityOptions {
    /** Where a Bluesky handle's DID is asked (tests: a fake on loopback in place of https://<handle>). */
    identity?: { handleDidUrl?: (handle: string) => string };
  }
}

/** Identity (issue 39): 'Check my accounts' and the Bluesky DID the site answers. */
export const identity = defineCapability({
  name: "identity",
  needs: ["content"],
  offers: ["identity"],
  tables: ["account_checks"],
  create: ({ content }, { store, config, options }) => ({
    identity: createAccountChecks({
      checks: createAccountCheckRepository(store),
      site: () => ownedSite(content.site.get()),
      publicUrl: config.publicUrl,
      fetch: (url, request) =>
        safeFetch(url, { allowPrivate: config.fetchAllowPrivate, maxBytes: 2 * 1024 * 1024, ...request }),
      handleDidUrl: options.identity?.handleDidUrl,
      now: options.now,
    }),
  }),
  routes: ({ identity }, { config }) => identityRoutes(identity, { runsPerWindow: config.accountCheckRuns }),
});
