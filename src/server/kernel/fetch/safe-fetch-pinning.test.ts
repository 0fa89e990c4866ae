import { lookup } from "node:dns/promises";
import type * as DnsPromises from "node:dns/promises";
import type { LookupAddress } from "node:dns";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { safeFetch, SafeFetchError } from "./safe-fetch";

vi.mock("node:dns/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof DnsPromises>();
  return { ...actual, lookup: vi.fn(actual.lookup) };
});

/** What the (mocked) resolver answers for the next lookup. */
function resolveOnceTo(addresses: LookupAddress[]): void {
  (
    vi.mocked(lookup) as unknown as { mockResolvedValueOnce(value: LookupAddress[]): void }
  ).mockResolvedValueOnce(addresses);
}

afterEach(() => {
  vi.mocked(lookup).mockClear();
});

describe("safeFetch DNS handling", () => {
  it("connects to the checked address once and keeps the name for the Host header", async () => {
    const server = createServer((request, response) => response.end(`host=${request.headers.host}`));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // "rebind.test" resolves nowhere for real: if the socket looked the name up again, it would fail.
      resolveOnceTo([{ address: "127.0.0.1", family: 4 }]);
      const response = await safeFetch(`http://rebind.test:${port}/`, { allowPrivate: true });
      expect(response.body.toString()).toBe(`host=rebind.test:${port}`);
      expect(lookup).toHaveBeenCalledTimes(1);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it.each([
    [[{ address: "127.0.0.1", family: 4 }], "loopback"],
    [[{ address: "169.254.169.254", family: 4 }], "metadata"],
    [[{ address: "::ffff:10.0.0.1", family: 6 }], "IPv4-mapped private"],
    [[{ address: "fd00:ec2::254", family: 6 }], "IPv6 metadata"],
    [
      [
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ],
      "public mixed with private",
    ],
  ] as [LookupAddress[], string][])("refuses a name resolving to %j (%s)", async (addresses) => {
    resolveOnceTo(addresses);
    const error = await safeFetch("http://innocent.example/", { allowPrivate: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SafeFetchError);
    expect((error as SafeFetchError).code).toBe("blocked_address");
  });
});
