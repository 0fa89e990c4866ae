import { describe, expect, it } from "vitest";
import type { AppContext } from "./app-env";
import { addressKey, canonicalAddress, clientIpResolver, networkKey, proxyEntry } from "./client-address";
import { loadConfig } from "../config";

/** The resolver as the app builds it from TRUST_PROXY, asked about one peer and header. */
function resolverFor(trustProxy: string) {
  const resolve = clientIpResolver(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy);
  return (peer: string | undefined, xff?: string) =>
    resolve({
      env: { incoming: { socket: { remoteAddress: peer } } },
      req: { header: (name: string) => (name === "x-forwarded-for" ? xff : undefined) },
    } as unknown as AppContext);
}

describe("TRUST_PROXY entries", () => {
  it("reads addresses, CIDRs and the loopback shorthand", () => {
    expect(proxyEntry("127.0.0.1")).toEqual(["127.0.0.1/32"]);
    expect(proxyEntry(" ::1 ")).toEqual(["::1/128"]);
    expect(proxyEntry("10.0.0.0/8")).toEqual(["10.0.0.0/8"]);
    expect(proxyEntry("2001:DB8::/32")).toEqual(["2001:db8::/32"]);
    expect(proxyEntry("loopback")).toEqual(["127.0.0.0/8", "::1/128"]);
  });

  it.each(["proxy.example", "10.0.0.0/33", "::1/129", "10.0.0.0/8/8", "1.2.3", "10.0.0.0/x"])(
    "refuses %s",
    (entry) => {
      expect(proxyEntry(entry)).toBeUndefined();
    },
  );
});

describe("canonical addresses and keys", () => {
  it("treats IPv4-mapped IPv6 as IPv4 and drops ports and zones", () => {
    expect(canonicalAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(canonicalAddress("::FFFF:cb00:7109")).toBe("203.0.113.9");
    expect(canonicalAddress("203.0.113.9:51234")).toBe("203.0.113.9");
    expect(canonicalAddress("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(canonicalAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(canonicalAddress("unknown")).toBeUndefined();
  });

  it("keys IPv6 by its /64 and IPv4 by the whole address", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:db8:1:3::1")).not.toBe(addressKey("2001:db8:1:2::1"));
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
  });

  it("widens an IPv6 key to a shorter prefix, and leaves an IPv4 one as it is", () => {
    expect(networkKey(addressKey("2001:db8:1:2ab::1"), 56)).toBe("2001:db8:1:200::/56");
    expect(networkKey(addressKey("2001:db8:1:2ff:ffff::1"), 56)).toBe("2001:db8:1:200::/56");
    expect(networkKey(addressKey("2001:db8:1:3ab::1"), 56)).toBe("2001:db8:1:300::/56");
    expect(networkKey(addressKey("2001:db8:1:2ab::1"), 48)).toBe("2001:db8:1:0::/48");
    expect(networkKey(addressKey("2001:db8:1:2ab::1"), 64)).toBe("2001:db8:1:2ab::/64");
    expect(networkKey("198.51.100.7", 56)).toBe("198.51.100.7");
    expect(networkKey("local", 48)).toBe("local");
  });
});

describe("the client address", () => {
  it("is the peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const resolve = resolverFor("false");
    expect(resolve("198.51.100.7", "203.0.113.1")).toBe("198.51.100.7");
    expect(resolve("::ffff:198.51.100.7", "203.0.113.1")).toBe("198.51.100.7");
  });

  it("is the peer when the peer is not a trusted proxy", () => {
    const resolve = resolverFor("127.0.0.1");
    expect(resolve("127.0.0.2", "203.0.113.1")).toBe("127.0.0.2");
  });

  it("is the right-most address that is not a trusted proxy", () => {
    const resolve = resolverFor("127.0.0.1, 10.0.0.0/8");
    expect(resolve("127.0.0.1", "198.51.100.7")).toBe("198.51.100.7");
    // The client wrote the first two entries; our proxies appended the rest.
    expect(resolve("127.0.0.1", "1.1.1.1, 203.0.113.5, 198.51.100.7, 10.1.2.3")).toBe("198.51.100.7");
    expect(resolve("::ffff:127.0.0.1", "2001:db8:1:2::7")).toBe("2001:db8:1:2::/64");
  });

  it("is the proxy itself when the header is missing, all trusted, or not an address", () => {
    const resolve = resolverFor("loopback");
    expect(resolve("127.0.0.1")).toBe("127.0.0.1");
    expect(resolve("127.0.0.1", "127.0.0.5, ::1")).toBe("127.0.0.1");
    expect(resolve("127.0.0.1", "203.0.113.5, garbage")).toBe("127.0.0.1");
  });

  it("is `local` without a socket (in-process requests)", () => {
    expect(resolverFor("loopback")(undefined, "203.0.113.5")).toBe("local");
  });
});
