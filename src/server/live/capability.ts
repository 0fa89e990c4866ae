import { defineCapability } from "../kernel/capability";
import { createLiveEvents, type LiveEvents } from "./events-route";

declare module "../kernel/capability" {
  interface Offered {
    live: LiveEvents;
  }
  interface CapabilityOptions {
    live?: { maxStreams?: number; heartbeatMs?: number };
  }
}

export const live = defineCapability({
  name: "live",
  needs: [],
  offers: ["live"],
  tables: [],
  create: (_, { store, config, options, clientIp }) => ({
    live: createLiveEvents(store, {
      maxStreams: options.live?.maxStreams ?? config.liveStreamsTotal,
      maxStreamsPerAddress: config.liveStreamsPerAddress,
      clientIp,
      heartbeatMs: options.live?.heartbeatMs ?? 15_000,
    }),
  }),
  routes: ({ live }) => ({ api: live.app }),
  // Open pages hear of every write over SSE (each stream keeps the owner's collections from visitors).
  reactions:
    ({ live }) =>
    (event) =>
      live.publish(event),
  background: ({ live }) => ({ stop: () => live.closeAll() }),
});
