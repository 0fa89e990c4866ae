import http from "node:http";
import type { AddressInfo } from "node:net";
import { createFederation, MemoryKvStore, signRequest } from "@fedify/fedify";
import type { Activity } from "@fedify/vocab";
import {
  Accept,
  Create,
  Endpoints,
  Follow,
  Person,
  Reject,
  Undo,
  type Object as APObject,
} from "@fedify/vocab";
import { getRequestListener } from "@hono/node-server";
import { rsaKeyPair } from "../../../src/server/fediverse/fediverse-service";

export type Received = {
  type: string;
  id: string;
  objectName?: string;
  signed: boolean;
};

/**
 * A second, independent ActivityPub server on loopback (127.0.0.2): a Fedify federation of the
 * test's own with one actor, `alice`, whose inbox keeps what arrived. Fedify checks each
 * activity's HTTP Signature before it is kept. Private addresses are allowed here, in the test's
 * server only.
 */
export async function startPeer() {
  const received: Received[] = [];
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  const origin = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  const keys = await rsaKeyPair();

  const federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true, origin });
  federation
    .setActorDispatcher("/users/{identifier}", async (ctx, identifier) => {
      if (identifier !== "alice") return null;
      const [pair] = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: "Alice Peer",
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pair?.cryptographicKey ?? null,
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => (identifier === "alice" ? [keys] : []));
  const keep = async (activity: Activity, signed: boolean) => {
    const object: APObject | null = await activity.getObject().catch(() => null);
    received.push({
      type: activity.constructor.name,
      id: activity.id?.href ?? "",
      objectName: object?.name?.toString(),
      signed,
    });
  };
  federation
    .setInboxListeners("/users/{identifier}/inbox", "/inbox")
    .on(Accept, (_ctx, activity) => keep(activity, true))
    .on(Create, (_ctx, activity) => keep(activity, true))
    .on(Reject, (_ctx, activity) => keep(activity, true));

  // Every POST as it arrived, before Fedify's own idempotence drops a repeated activity.
  const posted: { type: string; signature: string; objectId?: string }[] = [];
  const state = { gone: false };
  const listener = getRequestListener(async (request) => {
    // A server that has shut down for good: 410 Gone to every delivery.
    if (state.gone && request.method === "POST") return new Response("Gone", { status: 410 });
    if (request.method === "POST") {
      const { type, object } = (await request.clone().json()) as {
        type: string;
        object?: string | { id?: string };
      };
      const signature = request.headers.get("signature-input") ?? request.headers.get("signature") ?? "";
      posted.push({ type, signature, objectId: typeof object === "string" ? object : object?.id });
    }
    return federation.fetch(request, { contextData: undefined });
  });
  handler = (req, res) => void listener(req, res);
  const ctx = federation.createContext(new URL(origin));
  const alice = ctx.getActorUri("alice");

  return {
    origin,
    alice,
    received,
    posted,
    /** Answers every delivery with 410 Gone from now on. */
    goAway: () => void (state.gone = true),
    /** Alice follows `actorUrl` (a signed POST to its inbox); the Follow is returned for Undo. */
    async follow(actorUrl: string) {
      const target = await ctx.lookupObject(actorUrl);
      if (!target || !("inboxId" in target)) throw new Error(`No actor at ${actorUrl}`);
      const follow = new Follow({
        id: new URL(`${alice.href}#follows/${crypto.randomUUID()}`),
        actor: alice,
        object: target.id,
      });
      await ctx.sendActivity({ identifier: "alice" }, target as Person, follow, { immediate: true });
      return { follow, target: target as Person };
    },
    async unfollow(follow: Follow, target: Person) {
      const undo = new Undo({
        id: new URL(`${alice.href}#undos/${crypto.randomUUID()}`),
        actor: alice,
        object: follow,
      });
      await ctx.sendActivity({ identifier: "alice" }, target, undo, { immediate: true });
    },
    /** A Follow as JSON, for posting by hand (unsigned, or signed with a key that is not Alice's). */
    async followJson(actorUrl: string) {
      const follow = new Follow({
        id: new URL(`${alice.href}#follows/${crypto.randomUUID()}`),
        actor: alice,
        object: new URL(actorUrl),
      });
      return JSON.stringify(await follow.toJsonLd());
    },
    /** `request` signed with a fresh key under Alice's key id: a forged signature. */
    async forge(request: Request) {
      const other = await rsaKeyPair();
      return signRequest(request, other.privateKey, new URL(`${alice.href}#main-key`));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Peer = Awaited<ReturnType<typeof startPeer>>;
