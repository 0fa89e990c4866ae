import type { MiddlewareHandler } from "hono";
import { canonicalAddress } from "./client-address";
import type { AppEnv } from "./app-env";

const LOOPBACK_NAME = /^(localhost|127(\.\d{1,3}){3}|::1)$/;
const ANY_ADDRESS = new Set(["0.0.0.0", "::"]);

export type HostPolicyOptions = {
  /** PUBLIC_URL when it is set. */
  publicUrl: string | undefined;
  /** HOST, the address the server listens on. */
  listenHost: string;
};

/**
 * Without PUBLIC_URL, pages name the host they were asked for (feed, sitemap, canonical links),
 * so only names that can only mean this machine are served: loopback and the listening
 * address. Any other Host is a made-up name or a DNS-rebinding page and gets 421.
 */
export function hostPolicy(options: HostPolicyOptions): MiddlewareHandler<AppEnv> {
  const listening = canonicalAddress(options.listenHost) ?? options.listenHost.toLowerCase();
  const allowed = (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => {
    const name = new URL(c.req.url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
    if (LOOPBACK_NAME.test(name) || name === listening) return true;
    // Listening on every interface: the address this request arrived at is ours too.
    const incoming = (c.env as { incoming?: { socket?: { localAddress?: string } } } | undefined)?.incoming;
    const local = incoming?.socket?.localAddress;
    return (
      ANY_ADDRESS.has(listening) && local !== undefined && canonicalAddress(local) === canonicalAddress(name)
    );
  };
  return async (c, next) => {
    if (!options.publicUrl && !allowed(c)) {
      return c.text(
        "Misdirected Request: this server answers only to localhost until PUBLIC_URL is set.",
        421,
        { "Cache-Control": "no-store" },
      );
    }
    return next();
  };
}
