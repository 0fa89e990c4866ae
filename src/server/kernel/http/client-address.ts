import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { AppContext } from "./app-env";

/** `loopback` in TRUST_PROXY stands for these. */
const LOOPBACK = ["127.0.0.0/8", "::1/128"];

/**
 * Reads one TRUST_PROXY entry (an address, a CIDR or `loopback`) into CIDR form, or returns
 * undefined when it is none of those.
 */
export function proxyEntry(entry: string): string[] | undefined {
  const text = entry.trim().toLowerCase();
  if (text === "loopback") return LOOPBACK;
  const [address, prefix, extra] = text.split("/");
  if (extra !== undefined || !address) return undefined;
  const ip = canonicalAddress(address);
  if (!ip) return undefined;
  const max = isIPv4(ip) ? 32 : 128;
  if (prefix === undefined) return [`${ip}/${max}`];
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return undefined;
  return [`${ip}/${Number(prefix)}`];
}

function trustedList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [ip, prefix] = cidr.split("/") as [string, string];
    list.addSubnet(ip, Number(prefix), isIPv4(ip) ? "ipv4" : "ipv6");
  }
  return list;
}

/**
 * An address as it is compared and keyed: IPv4-mapped IPv6 (::ffff:192.0.2.1) becomes plain
 * IPv4, zone ids go, and a port a proxy left on (192.0.2.1:5000, [2001:db8::1]:5000) is dropped.
 */
export function canonicalAddress(raw: string): string | undefined {
  let text = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.indexOf(":"));
  text = text.replace(/%.*$/, "");
  if (isIPv4(text)) return text;
  if (!isIPv6(text)) return undefined;
  const groups = ipv6Groups(text);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return text;
}

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key a rate limit counts under: an IPv4 address as it is, an IPv6 address by its /64,
 * since one subscriber is usually handed a whole /64 and could otherwise pick fresh addresses.
 */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address).slice(0, 4);
  return `${groups.map((g) => g.toString(16)).join(":")}::/64`;
}

/**
 * An `addressKey` widened to the network around it: an IPv6 /64 to its first `bits` (at most 64);
 * an IPv4 address, or any other key, as it is. For limits one subscriber's whole delegation
 * shares (a household is commonly handed a /56, a site a /48).
 */
export function networkKey(key: string, bits: number): string {
  const slash64 = /^([\da-f]{1,4}(?::[\da-f]{1,4}){3})::\/64$/.exec(key);
  if (!slash64 || bits >= 64) return key;
  const groups = slash64[1]!.split(":").map((group, i) => {
    const kept = Math.min(16, Math.max(0, bits - i * 16));
    return (parseInt(group, 16) >> (16 - kept)) << (16 - kept);
  });
  return `${groups.map((g) => g.toString(16)).join(":")}::/${bits}`;
}

/**
 * Who sent the request: the socket's peer, unless the peer is one of our own proxies; then the
 * right-most X-Forwarded-For entry that is not one of our proxies. Entries to its left were
 * written by the client and prove nothing.
 */
function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  isTrusted: (address: string) => boolean,
): string {
  const direct = peer ? canonicalAddress(peer) : undefined;
  if (!direct) return "local";
  if (!isTrusted(direct) || !forwardedFor) return addressKey(direct);
  const hops = forwardedFor.split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = canonicalAddress(hops[i]!);
    // Our proxy wrote something that is not an address: count the proxy itself, not a guess.
    if (!hop) return addressKey(direct);
    if (!isTrusted(hop)) return addressKey(hop);
  }
  return addressKey(direct);
}

/** The visitor's address for rate limits, given TRUST_PROXY's CIDRs (empty: trust no proxy). */
export function clientIpResolver(trustedProxies: readonly string[]) {
  const list = trustedList(trustedProxies);
  const isTrusted = (address: string) => list.check(address, isIPv4(address) ? "ipv4" : "ipv6");
  return (c: AppContext): string => {
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
    return resolveClientAddress(incoming?.socket?.remoteAddress, c.req.header("x-forwarded-for"), isTrusted);
  };
}
