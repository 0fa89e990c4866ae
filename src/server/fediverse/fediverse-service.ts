import { randomUUID } from "node:crypto";
import {
  createExponentialBackoffPolicy,
  createFederation,
  exportJwk,
  importJwk,
  type Context,
  type Federation,
} from "@fedify/fedify";
import {
  Accept,
  Article,
  Create,
  Endpoints,
  Follow,
  Image,
  isActor,
  Person,
  PropertyValue,
  PUBLIC_COLLECTION,
  Reject,
  Undo,
  type Recipient,
} from "@fedify/vocab";
import { Temporal } from "@js-temporal/polyfill";
import type { Logger } from "pino";
import type { Article as Clip, Site } from "../../domain/content";
import { fediverseOn, type FediverseOverview } from "../../domain/fediverse";
import { ARTICLE_PARAM } from "../../domain/landing-query";
import { isHttpUrl, isSitePath } from "../../domain/safe-url";
import type { Store } from "../kernel/db/open-database";
import { createFediverseRepository, type Follower } from "./fediverse-repository";
import { deliverableInbox, fediverseLoaders } from "./fediverse-loader";
import { createSqliteKvStore } from "./sqlite-kv-store";
import { createSqliteMessageQueue } from "./sqlite-message-queue";

/** The one actor this server is: its identifier in Fedify's paths (`/ap/actor`), not its handle. */
const ACTOR = "site";
/** When the switch was last seen going on: clips added before it are not sent. */
const SINCE_KEY = ["byline", "since"] as const;
const KEYS_KEY = ["byline", "keys"] as const;
/** How long a follower's server may be unreachable before it stops being a follower. */
const GONE_AFTER = { days: 3 };
const LAST_DELIVERIES = 10;

export type FediverseDeps = {
  store: Store;
  site: () => Site;
  articles: () => readonly Clip[];
  publicUrl: string;
  /** Whether PUBLIC_URL is set: otherwise the actor is named by the address each request used. */
  publicUrlIsSet: boolean;
  /** FETCH_ALLOW_PRIVATE (tests only). */
  allowPrivate: boolean;
  logger: Logger;
  now?: () => Date;
};

export type FediverseSettings = { enabled: boolean; handle: string };

/**
 * The site as an ActivityPub actor (decision 042), with Fedify: WebFinger, the actor, its inbox,
 * outbox and followers. A `Follow` is accepted, an `Undo` of it removes the follower, and each
 * newly published clip goes to the followers once as a `Create` of an `Article`. Fedify's
 * key-value store and queue are tables of the site's database.
 */
export function createFediverse(deps: FediverseDeps) {
  const { store, publicUrl, logger } = deps;
  const now = () => (deps.now ?? (() => new Date()))();
  const repository = createFediverseRepository(store);
  const kv = createSqliteKvStore(store, () => now().getTime());
  const queue = createSqliteMessageQueue(store, { now: () => now().getTime() });
  const userAgent = `Byline/1.0 (fediverse; +${publicUrl})`;
  const loaders = fediverseLoaders({ allowPrivate: deps.allowPrivate, kv, userAgent });
  const settings = (): FediverseSettings => deps.site().fediverse;
  const active = () => fediverseOn(deps.site());

  const federation: Federation<void> = createFederation<void>({
    kv,
    queue,
    manuallyStartQueue: true,
    origin: deps.publicUrlIsSet ? publicUrl : undefined,
    documentLoaderFactory: () => loaders.documentLoader,
    contextLoaderFactory: () => loaders.documentLoader,
    authenticatedDocumentLoaderFactory: (identity) => loaders.authenticated(identity),
    outboxRetryPolicy: createExponentialBackoffPolicy({ maxAttempts: 12, maxDelay: { hours: 6 } }),
    circuitBreaker: { heldActivityTtl: GONE_AFTER },
    onOutboxError(error, activity) {
      logger.warn({ err: error, activity: activity?.id?.href }, "A fediverse delivery failed");
      if (activity?.id) repository.noteFailure(activity.id.href, error.message);
    },
  });

  const keyPairs = async (): Promise<CryptoKeyPair[]> => {
    const stored = await kv.get<{ privateKey: JsonWebKey; publicKey: JsonWebKey }[]>(KEYS_KEY);
    if (stored)
      return Promise.all(
        stored.map(async (pair) => ({
          privateKey: await importJwk(pair.privateKey, "private"),
          publicKey: await importJwk(pair.publicKey, "public"),
        })),
      );
    // Made once: RSA, for HTTP Signatures (what Mastodon checks). No Ed25519 key for integrity
    // proofs: Fedify imports those through `navigator`, which Node 20 lacks (decision 042).
    // 2048 bits, as Mastodon's own keys (Fedify's default, 4096, takes seconds to make).
    const made = [await rsaKeyPair()];
    const exported = await Promise.all(
      made.map(async (pair) => ({
        privateKey: await exportJwk(pair.privateKey),
        publicKey: await exportJwk(pair.publicKey),
      })),
    );
    // Two requests at once must not make two keys: the first one stored wins.
    if (!(await kv.cas?.(KEYS_KEY, undefined, exported))) return keyPairs();
    return made;
  };

  const absolute = (value: string) =>
    isHttpUrl(value) ? new URL(value) : isSitePath(value) ? new URL(`${publicUrl}${value}`) : null;
  const picture = (value: string) => {
    const url = absolute(value);
    return url ? new Image({ url }) : null;
  };
  const clipPage = (clip: Clip) => new URL(`${publicUrl}/?${ARTICLE_PARAM}=${encodeURIComponent(clip.id)}`);

  const articleOf = (ctx: Context<void>, clip: Clip) => {
    const link = isHttpUrl(clip.url) ? clip.url : clipPage(clip).href;
    const byline = [clip.outlet, clip.date].filter((part) => part !== "").join(", ");
    const content = [
      `<p><a href="${escapeHtml(link)}">${escapeHtml(clip.title)}</a></p>`,
      byline ? `<p>${escapeHtml(byline)}</p>` : "",
      clip.description ? `<p>${escapeHtml(clip.description)}</p>` : "",
    ].join("");
    return new Article({
      id: ctx.getObjectUri(Article, { id: clip.id }),
      attribution: ctx.getActorUri(ACTOR),
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(ACTOR),
      name: clip.title,
      summary: clip.description || null,
      content,
      url: new URL(link),
      published: Temporal.Instant.from(new Date(clip.createdAt).toISOString()),
      image: picture(clip.image),
    });
  };
  const createOf = (ctx: Context<void>, clip: Clip) => {
    const object = articleOf(ctx, clip);
    return new Create({
      id: new URL(`${object.id!.href}#create`),
      actor: ctx.getActorUri(ACTOR),
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(ACTOR),
      published: object.published,
      object,
    });
  };

  federation
    .setActorDispatcher("/ap/actor/{identifier}", async (ctx, identifier) => {
      if (identifier !== ACTOR || !active()) return null;
      const site = deps.site();
      const keys = await ctx.getActorKeyPairs(identifier);
      const accounts = [
        new PropertyValue({ name: "Website", value: linkHtml(`${publicUrl}/`) }),
        ...(site.social.linkedin
          ? [new PropertyValue({ name: "LinkedIn", value: linkHtml(site.social.linkedin) })]
          : []),
      ];
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: settings().handle,
        name: site.name,
        summary: site.strapline ? `<p>${escapeHtml(site.strapline)}</p>` : null,
        url: new URL(`${publicUrl}/`),
        icon: picture(site.siteIcon),
        image: picture(site.heroImage),
        attachments: accounts,
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
        manuallyApprovesFollowers: false,
        discoverable: true,
        indexable: true,
      });
    })
    .mapHandle((_ctx, username) =>
      active() && username.toLowerCase() === settings().handle.toLowerCase() ? ACTOR : null,
    )
    .setKeyPairsDispatcher((_ctx, identifier) => (identifier === ACTOR ? keyPairs() : []));

  federation
    .setFollowersDispatcher("/ap/actor/{identifier}/followers", (_ctx, identifier) => {
      if (identifier !== ACTOR || !active()) return null;
      return { items: repository.followers().map(recipientOf) };
    })
    .setCounter((_ctx, identifier) => (identifier === ACTOR ? repository.followerCount() : null));

  federation.setOutboxDispatcher("/ap/actor/{identifier}/outbox", (ctx, identifier) => {
    if (identifier !== ACTOR || !active()) return null;
    const clips = new Map(deps.articles().map((clip) => [clip.id, clip]));
    const items = repository.lastSent(20).flatMap(({ articleId }) => {
      const clip = clips.get(articleId);
      return clip ? [createOf(ctx, clip)] : [];
    });
    return { items };
  });

  federation.setObjectDispatcher(Article, "/ap/clips/{id}", (ctx, { id }) => {
    const clip =
      active() && repository.sentIds().has(id) ? deps.articles().find((a) => a.id === id) : undefined;
    return clip ? articleOf(ctx, clip) : null;
  });

  federation
    .setInboxListeners("/ap/actor/{identifier}/inbox", "/ap/inbox")
    .on(Follow, async (ctx, follow) => {
      if (!active() || !follow.id || !follow.objectId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== "actor" || target.identifier !== ACTOR) return;
      const follower = await follow.getActor(ctx);
      if (!isActor(follower) || !follower.id || !follower.inboxId) return;
      const inbox = follower.inboxId;
      const shared = follower.endpoints?.sharedInbox ?? null;
      if (!(await deliverableInbox(inbox, deps.allowPrivate))) {
        logger.warn(
          { actor: follower.id.href },
          "A fediverse follower with an inbox we may not post to was refused",
        );
        return;
      }
      const usable = shared && (await deliverableInbox(shared, deps.allowPrivate)) ? shared : null;
      repository.addFollower({
        actorId: follower.id.href,
        handle: `@${follower.preferredUsername ?? "?"}@${follower.id.host}`,
        inbox: inbox.href,
        sharedInbox: usable?.href ?? null,
        followId: follow.id.href,
        followedAt: now().toISOString(),
      });
      await ctx.sendActivity(
        { identifier: ACTOR },
        follower,
        new Accept({
          id: new URL(`${ctx.getActorUri(ACTOR).href}#accepts/${randomUUID()}`),
          actor: ctx.getActorUri(ACTOR),
          object: follow,
        }),
      );
    })
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (!(object instanceof Follow) || !undo.actorId) return;
      // Only the follower itself may end its follow (Fedify checked who signed the Undo).
      if (object.actorId && object.actorId.href !== undo.actorId.href) return;
      repository.removeFollowers([undo.actorId.href]);
    })
    .onError((_ctx, error) => logger.warn({ err: error }, "A received fediverse activity failed"));

  // A follower whose server answers 404 or 410, or is unreachable for GONE_AFTER, is dropped.
  federation.setOutboxPermanentFailureHandler((_ctx, { actorIds, inbox, reason }) => {
    const dropped = repository.removeFollowers(actorIds.map((id) => id.href));
    if (dropped > 0)
      logger.info({ inbox: inbox.href, reason, dropped }, "Dropped fediverse followers that are gone");
  });

  let publishing = Promise.resolve();
  /** Sends each clip added since the switch went on, and not sent before, to the followers. */
  const publishNew = async () => {
    if (!active()) {
      await kv.delete(SINCE_KEY);
      return;
    }
    let since = await kv.get<string>(SINCE_KEY);
    if (!since) {
      since = now().toISOString();
      await kv.set(SINCE_KEY, since);
    }
    const sent = repository.sentIds();
    const fresh = deps
      .articles()
      .filter(
        (clip) =>
          clip.createdAt >= since &&
          !sent.has(clip.id) &&
          clip.title !== "" &&
          clip.outlet !== "" &&
          clip.url !== "",
      )
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (fresh.length === 0) return;
    const ctx = federation.createContext(new URL(publicUrl));
    for (const clip of fresh) {
      const create = createOf(ctx, clip);
      // Recorded first: a restart after this sends it no second time.
      const first = repository.markSent({
        articleId: clip.id,
        title: clip.title,
        activityId: create.id!.href,
        sentAt: now().toISOString(),
        followers: repository.followerCount(),
      });
      if (first)
        await ctx.sendActivity({ identifier: ACTOR }, "followers", create, { preferSharedInbox: true });
    }
  };

  const stopping = new AbortController();
  let worker: Promise<void> = Promise.resolve();
  return {
    federation,
    repository,
    settings,
    active,
    /** Handles one request for Fedify's paths (the caller checks that the switch is on). */
    async fetch(request: Request, notFound: () => Response, notAcceptable: () => Response) {
      const options = { contextData: undefined, onNotFound: notFound, onNotAcceptable: notAcceptable };
      // Behind the TLS proxy the request reaches us as http://: signatures (RFC 9421's
      // @target-uri) name the address the sender used, PUBLIC_URL's (the host policy has
      // checked the Host).
      if (!deps.publicUrlIsSet) return federation.fetch(request, options);
      const url = new URL(request.url);
      const body =
        request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      const publicRequest = new Request(new URL(url.pathname + url.search, publicUrl), {
        method: request.method,
        headers: request.headers,
        body,
      });
      return federation.fetch(publicRequest, options);
    },
    /** After any change of the clips or the settings: one pass at a time, in order. */
    clipsChanged() {
      publishing = publishing
        .then(publishNew)
        .catch((error: unknown) => logger.error({ err: error }, "Sending new clips to the fediverse failed"));
      return publishing;
    },
    /**
     * Removes a follower at the owner's word and, while the site answers, tells its server (a
     * `Reject` of its `Follow`) so that it stops listing the site as followed. False when there is
     * no such follower.
     */
    async removeFollower(actorId: string): Promise<boolean> {
      const follower = repository.follower(actorId);
      if (!follower || repository.removeFollowers([actorId]) === 0) return false;
      if (active()) {
        const ctx = federation.createContext(new URL(publicUrl));
        const actor = ctx.getActorUri(ACTOR);
        const follow = new Follow({
          id: new URL(follower.followId),
          actor: new URL(follower.actorId),
          object: actor,
        });
        const reject = new Reject({
          id: new URL(`${actor.href}#rejects/${randomUUID()}`),
          actor,
          object: follow,
        });
        await ctx.sendActivity({ identifier: ACTOR }, recipientOf(follower), reject);
      }
      return true;
    },
    overview(): FediverseOverview {
      const { enabled, handle } = settings();
      return {
        enabled,
        handle,
        followers: repository
          .followers()
          .map(({ handle, actorId, followedAt }) => ({ handle, actorId, followedAt })),
        deliveries: repository
          .lastSent(LAST_DELIVERIES)
          .map(({ articleId, title, sentAt, followers, failures, lastError }) => ({
            articleId,
            title,
            sentAt,
            followers,
            failures,
            lastError,
          })),
        waiting: queue.waiting(),
      };
    },
    /** The delivery worker (the serving process only), and a first look for clips to send. */
    start() {
      worker = federation.startQueue(undefined, { signal: stopping.signal });
      void this.clipsChanged();
    },
    /** Lets the delivery under way finish (its message stays queued otherwise). */
    async stop() {
      stopping.abort();
      await Promise.all([publishing, worker]);
    },
  };
}
export type Fediverse = ReturnType<typeof createFediverse>;

/** An RSA key pair for HTTP Signatures (RSASSA-PKCS1-v1_5, SHA-256), as Fedify signs with. */
export const rsaKeyPair = () =>
  crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  );

const recipientOf = (follower: Follower): Recipient => ({
  id: new URL(follower.actorId),
  inboxId: new URL(follower.inbox),
  endpoints: follower.sharedInbox ? { sharedInbox: new URL(follower.sharedInbox) } : null,
});

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const linkHtml = (url: string) =>
  `<a href="${escapeHtml(url)}" rel="me nofollow noopener" target="_blank">${escapeHtml(url.replace(/^https?:\/\//, ""))}</a>`;
