import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import {
  FetchError,
  kvCache,
  preloadedContexts,
  signRequest,
  type DocumentLoader,
  type KvStore,
} from "@fedify/fedify";
import { isPublicAddress, safeFetch } from "../kernel/fetch/safe-fetch";

const ACTIVITY_TYPES = [
  "application/activity+json",
  "application/ld+json",
  "application/json",
  "application/jrd+json",
];
const ACCEPT =
  'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
const MAX_DOCUMENT_BYTES = 1024 * 1024;

/**
 * Fedify's document loaders, through the kernel's SSRF-guarded fetcher: remote actors, their
 * keys and activities are fetched as any other server-side request is. JSON-LD contexts come
 * from Fedify's preloaded copies, never from the network. `allowPrivate` is FETCH_ALLOW_PRIVATE
 * (tests): Fedify's own `allowPrivateAddress` stays off.
 */
export function fediverseLoaders(options: { allowPrivate: boolean; kv: KvStore; userAgent: string }) {
  const load = async (url: string, headers: Record<string, string> = {}) => {
    const preloaded = preloadedContexts[url];
    if (preloaded !== undefined) return { contextUrl: null, document: preloaded, documentUrl: url };
    const response = await safeFetch(url, {
      allowPrivate: options.allowPrivate,
      accept: ACTIVITY_TYPES,
      maxBytes: MAX_DOCUMENT_BYTES,
      timeoutMs: 15_000,
      headers: { accept: ACCEPT, "user-agent": options.userAgent, ...headers },
    });
    if (response.status >= 400) throw new FetchError(url, `HTTP ${response.status} fetching ${url}`);
    return {
      contextUrl: null,
      document: JSON.parse(response.body.toString("utf8")) as unknown,
      documentUrl: response.url,
    };
  };
  const documentLoader: DocumentLoader = kvCache({ kv: options.kv, loader: (url) => load(url) });
  return {
    documentLoader,
    /** Signed GETs, for servers that answer only those (Mastodon's authorized fetch). */
    authenticated:
      (identity: { keyId: URL; privateKey: CryptoKey }): DocumentLoader =>
      async (url) => {
        if (preloadedContexts[url] !== undefined) return load(url);
        const signed = await signRequest(
          new Request(url, { headers: { accept: ACCEPT, "user-agent": options.userAgent } }),
          identity.privateKey,
          identity.keyId,
        );
        return load(url, Object.fromEntries(signed.headers));
      },
  };
}

/**
 * Whether deliveries to `inbox` may go out: Fedify posts them itself, so a follower whose inbox
 * names a private address (or plain http) is refused when it follows.
 */
export async function deliverableInbox(inbox: URL, allowPrivate: boolean): Promise<boolean> {
  if (allowPrivate) return inbox.protocol === "https:" || inbox.protocol === "http:";
  if (inbox.protocol !== "https:" || (inbox.port !== "" && inbox.port !== "443")) return false;
  const host = inbox.hostname.replace(/^\[|\]$/g, "");
  try {
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map(({ address }) => address);
    return addresses.length > 0 && addresses.every(isPublicAddress);
  } catch {
    return false;
  }
}
