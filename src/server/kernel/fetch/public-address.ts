import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * IPv4 ranges a server-side fetch must never reach: IANA special-purpose blocks that are not
 * globally reachable, plus cloud metadata endpoints that sit in otherwise public space.
 */
const BLOCKED_V4: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network", includes the unspecified 0.0.0.0
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, includes the metadata endpoint 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ["192.0.2.0", 24], // TEST-NET-1 documentation
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // TEST-NET-2 documentation
  ["203.0.113.0", 24], // TEST-NET-3 documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes broadcast 255.255.255.255
  ["168.63.129.16", 32], // Azure wire server: public-looking but platform-internal
];

/** Only global unicast (2000::/3) can be public in IPv6; everything else is loopback, link-local, ULA, multicast... */
const GLOBAL_UNICAST_V6: ReadonlyArray<readonly [string, number]> = [["2000::", 3]];

const BLOCKED_V6: ReadonlyArray<readonly [string, number]> = [
  ["2001::", 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation (RFC 9637)
];

function blockList(ranges: ReadonlyArray<readonly [string, number]>, family: "ipv4" | "ipv6"): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const blockedV4 = blockList(BLOCKED_V4, "ipv4");
const globalV6 = blockList(GLOBAL_UNICAST_V6, "ipv6");
const blockedV6 = blockList(BLOCKED_V6, "ipv6");

/** The eight 16-bit groups of a valid IPv6 address (dotted IPv4 tails included). */
function hextets(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

function ipv4From(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/**
 * The IPv4 address an IPv6 address stands for when the kernel or a translator would deliver
 * the packet to it: IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedIPv4(ip: string): string | undefined {
  const h = hextets(ip);
  const zeros = (from: number, to: number) => h.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && h[5] === 0xffff) return ipv4From(h[6] ?? 0, h[7] ?? 0);
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(2, 6)) return ipv4From(h[6] ?? 0, h[7] ?? 0);
  if (h[0] === 0x2002) return ipv4From(h[1] ?? 0, h[2] ?? 0);
  return undefined;
}

function isPublicIPv4(ip: string): boolean {
  return !blockedV4.check(ip, "ipv4");
}

/**
 * True only for a canonical IPv4 or IPv6 address that is globally routable and not a known
 * internal endpoint. Anything else, including odd spellings such as `0177.0.0.1`, is not public.
 */
export function isPublicAddress(ip: string): boolean {
  if (isIPv4(ip)) return isPublicIPv4(ip);
  // A zone id (fe80::1%eth0) only makes sense for link-local and multicast scopes.
  if (!isIPv6(ip) || ip.includes("%")) return false;
  const embedded = embeddedIPv4(ip);
  if (embedded !== undefined) return isPublicIPv4(embedded);
  return globalV6.check(ip, "ipv6") && !blockedV6.check(ip, "ipv6");
}
