import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { fetchWithPolicy, isPublicAddress, safeFetch, SafeFetchError } from "./safe-fetch";
import type { SafeFetchErrorCode } from "./safe-fetch";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const servers: Server[] = [];

/** A real HTTP server on loopback, stopped after each test. */
async function serve(handler: Handler): Promise<{ origin: string; port: number; hits: () => number }> {
  let hits = 0;
  const server = createServer((request, response) => {
    hits++;
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, port, hits: () => hits };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error("expected the fetch to fail");
}

async function expectCode(promise: Promise<unknown>, code: SafeFetchErrorCode): Promise<SafeFetchError> {
  const error = await failure(promise);
  expect(error.code, error.message).toBe(code);
  expect(error.message.length).toBeGreaterThan(0);
  return error;
}

const PUBLIC_ONLY = { allowPrivate: false } as const;
const LOOPBACK = { allowPrivate: true } as const;

describe("safeFetch refuses schemes", () => {
  it.each([
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "file:///etc/passwd",
    "ftp://example.com/file.txt",
    "gopher://example.com/",
    "ws://example.com/socket",
    "blob:https://example.com/1",
    "not a url at all",
    "//example.com/protocol-relative",
  ])("%s", async (url) => {
    await expectCode(safeFetch(url, PUBLIC_ONLY), "blocked_scheme");
  });

  it("keeps the scheme rule when private addresses are allowed", async () => {
    await expectCode(safeFetch("file:///etc/passwd", LOOPBACK), "blocked_scheme");
    await expectCode(safeFetch("javascript:alert(1)", LOOPBACK), "blocked_scheme");
  });
});

describe("safeFetch refuses ports other than 80 and 443", () => {
  it.each([
    "http://example.com:8080/",
    "https://example.com:8443/",
    "http://example.com:22/",
    "http://example.com:6379/",
    "http://example.com:0/",
    "http://8.8.8.8:25/",
  ])("%s", async (url) => {
    await expectCode(safeFetch(url, PUBLIC_ONLY), "blocked_port");
  });
});

describe("safeFetch refuses internal addresses", () => {
  it.each([
    ["http://127.0.0.1/", "loopback"],
    ["http://127.8.9.10/", "loopback"],
    ["http://localhost/", "loopback by name"],
    ["http://LOCALHOST/", "loopback by name in capitals"],
    ["http://10.0.0.1/", "private 10/8"],
    ["http://172.16.0.1/", "private 172.16/12"],
    ["http://172.31.255.255/", "private 172.16/12"],
    ["http://192.168.1.1/", "private 192.168/16"],
    ["http://169.254.1.1/", "link-local"],
    ["http://169.254.169.254/latest/meta-data/", "cloud metadata"],
    ["http://100.64.0.1/", "carrier-grade NAT"],
    ["http://224.0.0.1/", "multicast"],
    ["http://0.0.0.0/", "unspecified"],
    ["http://0/", "unspecified, short"],
    ["http://255.255.255.255/", "broadcast"],
    ["http://192.0.2.1/", "documentation"],
    ["http://198.51.100.7/", "documentation"],
    ["http://203.0.113.9/", "documentation"],
    ["http://198.18.0.1/", "benchmarking"],
    ["http://240.0.0.1/", "reserved"],
    ["http://[::1]/", "IPv6 loopback"],
    ["http://[::]/", "IPv6 unspecified"],
    ["http://[fe80::1]/", "IPv6 link-local"],
    ["http://[fc00::1]/", "unique-local"],
    ["http://[fd00:ec2::254]/", "AWS metadata over IPv6"],
    ["http://[ff02::1]/", "IPv6 multicast"],
    ["http://[::ffff:127.0.0.1]/", "IPv4-mapped loopback"],
    ["http://[::ffff:7f00:1]/", "IPv4-mapped loopback, hex"],
    ["http://[0:0:0:0:0:ffff:127.0.0.1]/", "IPv4-mapped loopback, long"],
    ["http://[::ffff:169.254.169.254]/", "IPv4-mapped metadata"],
    ["http://[::ffff:10.0.0.1]/", "IPv4-mapped private"],
    ["http://[64:ff9b::7f00:1]/", "NAT64 loopback"],
    ["http://[2002:7f00:1::1]/", "6to4 loopback"],
    ["http://[2001:db8::1]/", "IPv6 documentation"],
    ["http://2130706433/", "decimal loopback"],
    ["http://0x7f.1/", "hex short loopback"],
    ["http://0x7f000001/", "hex loopback"],
    ["http://0x7F.0x0.0x0.0x1/", "dotted hex loopback"],
    ["http://0177.0.0.1/", "octal loopback"],
    ["http://017700000001/", "octal integer loopback"],
    ["http://127.1/", "short loopback"],
    ["http://127.0.1/", "three-part loopback"],
    ["http://0xa9fea9fe/", "hex metadata"],
    ["http://2852039166/", "decimal metadata"],
    ["http://0251.0376.0251.0376/", "octal metadata"],
    ["http://3232235777/", "decimal 192.168.1.1"],
    ["http://0300.0250.0.1/", "octal 192.168.0.1"],
    ["http://012.0.0.1/", "octal 10.0.0.1"],
    ["http://%31%32%37.0.0.1/", "percent-encoded loopback"],
    ["http://①②⑦.0.0.1/", "full-width digits"],
    ["http://127。0。0。1/", "ideographic full stops"],
    ["https://127.0.0.1/", "loopback over https"],
    ["http://user:pass@127.0.0.1/", "loopback behind credentials"],
  ])("%s (%s)", async (url) => {
    await expectCode(safeFetch(url, PUBLIC_ONLY), "blocked_address");
  });

  it("refuses a real loopback server unless private addresses are allowed", async () => {
    const server = await serve((_request, response) => response.end("hello"));
    // Port 80 keeps the port rule out of the way: the address rule alone must refuse it.
    await expectCode(safeFetch("http://127.0.0.1/", PUBLIC_ONLY), "blocked_address");
    await expectCode(safeFetch(`${server.origin}/`, PUBLIC_ONLY), "blocked_port");
    const response = await safeFetch(`${server.origin}/`, LOOPBACK);
    expect(response.body.toString()).toBe("hello");
    expect(server.hits()).toBe(1);
  });

  it("re-exports the address classifier", () => {
    expect(isPublicAddress("127.0.0.1")).toBe(false);
    expect(isPublicAddress("8.8.8.8")).toBe(true);
  });

  it("reports names that do not resolve", async () => {
    await expectCode(safeFetch("http://no-such-host.invalid/", PUBLIC_ONLY), "dns");
  });
});

describe("safeFetch against loopback servers", () => {
  it("returns status, headers, content type and the final url", async () => {
    const server = await serve((request, response) => {
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "x-seen-agent": request.headers["user-agent"] ?? "",
        "x-seen-host": request.headers.host ?? "",
        "x-seen-encoding": request.headers["accept-encoding"] ?? "",
        "x-extra": request.headers["x-extra"] ?? "",
      });
      response.end("<p>hi</p>");
    });
    const response = await safeFetch(`${server.origin}/page?q=1`, {
      ...LOOPBACK,
      headers: { "X-Extra": "yes" },
    });
    expect(response).toMatchObject({
      url: `${server.origin}/page?q=1`,
      status: 200,
      statusText: "OK",
      contentType: "text/html; charset=utf-8",
    });
    expect(response.body.toString()).toBe("<p>hi</p>");
    expect(response.headers["x-seen-agent"]).toBe("Byline/1.0 (+portfolio reader)");
    expect(response.headers["x-seen-host"]).toBe(`127.0.0.1:${server.port}`);
    expect(response.headers["x-seen-encoding"]).toBe("gzip, deflate, br");
    expect(response.headers["x-extra"]).toBe("yes");
  });

  it("returns error statuses for the caller to report", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(404, "Not Found", { "content-type": "text/html" });
      response.end("missing");
    });
    const response = await safeFetch(`${server.origin}/`, { ...LOOPBACK, accept: ["image/"] });
    expect(response.status).toBe(404);
    expect(response.statusText).toBe("Not Found");
  });

  it("reports refused connections as network errors", async () => {
    const server = await serve((_request, response) => response.end());
    const url = `${server.origin}/`;
    await new Promise<void>((resolve) => servers.pop()?.close(() => resolve()));
    await expectCode(safeFetch(url, LOOPBACK), "network");
  });

  it("reports a connection dropped mid-body as a network error", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-length": "100" });
      response.write("partial");
      setTimeout(() => response.socket?.destroy(), 20);
    });
    await expectCode(safeFetch(`${server.origin}/`, LOOPBACK), "network");
  });
});

describe("safeFetch redirects", () => {
  it("follows up to five redirects, resolving relative locations", async () => {
    const server = await serve((request, response) => {
      const hop = Number(request.url?.split("/")[2] ?? 0);
      if (hop < 5) {
        response.writeHead(hop % 2 === 0 ? 302 : 308, { location: `/hop/${hop + 1}` });
        response.end();
      } else {
        response.end(`arrived after ${hop}`);
      }
    });
    const response = await safeFetch(`${server.origin}/hop/0`, LOOPBACK);
    expect(response.body.toString()).toBe("arrived after 5");
    expect(response.url).toBe(`${server.origin}/hop/5`);
  });

  it("refuses a sixth redirect", async () => {
    const server = await serve((request, response) => {
      const hop = Number(request.url?.split("/")[2] ?? 0);
      response.writeHead(301, { location: `/hop/${hop + 1}` });
      response.end();
    });
    await expectCode(safeFetch(`${server.origin}/hop/0`, LOOPBACK), "too_many_redirects");
    expect(server.hits()).toBe(6);
    await expectCode(
      safeFetch(`${server.origin}/hop/0`, { ...LOOPBACK, maxRedirects: 1 }),
      "too_many_redirects",
    );
  });

  it.each(["file:///etc/passwd", "javascript:alert(1)", "ftp://example.com/", "data:text/plain,hi"])(
    "refuses a redirect to %s even when private addresses are allowed",
    async (location) => {
      const server = await serve((_request, response) => {
        response.writeHead(302, { location });
        response.end();
      });
      await expectCode(safeFetch(`${server.origin}/`, LOOPBACK), "blocked_scheme");
    },
  );

  describe("with public-only rules (the test server itself is the one exception)", () => {
    async function redirectingServer(location: (port: number) => string) {
      let port = 0;
      const server = await serve((_request, response) => {
        response.writeHead(302, { location: location(port) });
        response.end();
      });
      port = server.port;
      const policy = {
        allowsAddress: (ip: string) => ip === "127.0.0.1" || isPublicAddress(ip),
        allowsPort: (candidate: number) => candidate === server.port || candidate === 80 || candidate === 443,
      };
      return { server, fetch: () => fetchWithPolicy(`${server.origin}/start`, policy, {}) };
    }

    it.each([
      ["http://169.254.169.254/latest/meta-data/", "cloud metadata"],
      ["http://10.0.0.1/", "private"],
      ["http://192.168.0.1/", "private"],
      ["http://127.0.0.2/", "another loopback"],
      ["http://0x7f.0.0.2/", "hex loopback"],
      ["http://2130706434/", "decimal loopback"],
      ["http://[::1]/", "IPv6 loopback"],
      ["http://[::ffff:127.0.0.1]/", "IPv4-mapped loopback"],
      ["http://[fd00:ec2::254]/", "IPv6 metadata"],
    ])("refuses a redirect to %s (%s)", async (location) => {
      const { server, fetch } = await redirectingServer(() => location);
      await expectCode(fetch(), "blocked_address");
      expect(server.hits()).toBe(1);
    });

    it("refuses a redirect to a disallowed port on an allowed address", async () => {
      const { fetch } = await redirectingServer(() => "http://127.0.0.1:22/");
      await expectCode(fetch(), "blocked_port");
    });

    it("follows a redirect that passes the checks", async () => {
      let port = 0;
      const server = await serve((request, response) => {
        if (request.url === "/start") {
          response.writeHead(302, { location: `http://127.0.0.1:${port}/end` });
          response.end();
        } else response.end("end");
      });
      port = server.port;
      const policy = { allowsAddress: (ip: string) => ip === "127.0.0.1", allowsPort: () => true };
      const response = await fetchWithPolicy(`${server.origin}/start`, policy, {});
      expect(response.body.toString()).toBe("end");
    });
  });

  it("drops credentials when a redirect leaves the origin", async () => {
    const target = await serve((request, response) => {
      response.end(
        JSON.stringify({
          authorization: request.headers.authorization ?? null,
          cookie: request.headers.cookie ?? null,
        }),
      );
    });
    const start = await serve((_request, response) => {
      response.writeHead(302, { location: `${target.origin}/` });
      response.end();
    });
    const response = await safeFetch(`${start.origin}/`, {
      ...LOOPBACK,
      headers: { Authorization: "Bearer secret", Cookie: "a=b" },
    });
    expect(JSON.parse(response.body.toString())).toEqual({ authorization: null, cookie: null });
  });

  it("sends a form as a POST and hands back its redirect instead of following it", async () => {
    const target = await serve((_request, response) => response.end("followed"));
    let received = "";
    const start = await serve((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        received = `${request.method} ${request.headers["content-type"]} ${body}`;
        response.writeHead(302, { location: `${target.origin}/` });
        response.end();
      });
    });
    const response = await safeFetch(`${start.origin}/save`, {
      ...LOOPBACK,
      form: { url: "https://paper.example/a?b=c&d" },
    });
    expect(received).toBe(
      "POST application/x-www-form-urlencoded url=https%3A%2F%2Fpaper.example%2Fa%3Fb%3Dc%26d",
    );
    expect(response.status).toBe(302);
    expect(target.hits()).toBe(0);
  });
});

describe("safeFetch limits", () => {
  it("refuses a body over the size limit while streaming it", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(64 * 1024, 1);
      for (let sent = 0; sent <= 5 * 1024 * 1024; sent += chunk.length) response.write(chunk);
      response.end();
    });
    const error = await expectCode(safeFetch(`${server.origin}/`, LOOPBACK), "too_large");
    expect(error.message).toContain(String(5 * 1024 * 1024));
  });

  it("accepts a body of exactly the limit", async () => {
    const server = await serve((_request, response) => response.end(Buffer.alloc(1000, 7)));
    const response = await safeFetch(`${server.origin}/`, { ...LOOPBACK, maxBytes: 1000 });
    expect(response.body.length).toBe(1000);
    await expectCode(safeFetch(`${server.origin}/`, { ...LOOPBACK, maxBytes: 999 }), "too_large");
  });

  it("refuses at once when Content-Length is over the limit", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-length": String(6 * 1024 * 1024) });
      response.write("a little");
      // Never finishes: only the header can end this fetch before the timeout.
    });
    const started = Date.now();
    await expectCode(safeFetch(`${server.origin}/`, { ...LOOPBACK, timeoutMs: 5000 }), "too_large");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("refuses a compressed body that expands past the limit", async () => {
    const bomb = gzipSync(Buffer.alloc(6 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(50_000);
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip" });
      response.end(bomb);
    });
    await expectCode(safeFetch(`${server.origin}/`, LOOPBACK), "too_large");
  });

  it("times out when the server never answers", async () => {
    const server = await serve(() => undefined);
    const started = Date.now();
    const error = await expectCode(
      safeFetch(`${server.origin}/`, { ...LOOPBACK, timeoutMs: 200 }),
      "timeout",
    );
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error.message).toContain("0.2 seconds");
  });

  it("times out when the body trickles in", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write("."), 50);
      response.on("close", () => clearInterval(timer));
    });
    await expectCode(safeFetch(`${server.origin}/`, { ...LOOPBACK, timeoutMs: 300 }), "timeout");
  });

  it("counts the timeout over all redirects together", async () => {
    const server = await serve((request, response) => {
      const hop = Number(request.url?.split("/")[2] ?? 0);
      setTimeout(() => {
        response.writeHead(302, { location: `/hop/${hop + 1}` });
        response.end();
      }, 120);
    });
    await expectCode(safeFetch(`${server.origin}/hop/0`, { ...LOOPBACK, timeoutMs: 400 }), "timeout");
    expect(server.hits()).toBeLessThanOrEqual(4);
  });
});

describe("safeFetch content types", () => {
  function typed(contentType: string | undefined) {
    return serve((_request, response) => {
      if (contentType !== undefined) response.setHeader("content-type", contentType);
      response.end("body");
    });
  }

  it.each(["image/png", "IMAGE/JPEG; charset=binary", "image/webp"])(
    "accepts %s for image/",
    async (type) => {
      const server = await typed(type);
      const response = await safeFetch(`${server.origin}/`, { ...LOOPBACK, accept: ["image/"] });
      expect(response.contentType).toBe(type);
    },
  );

  it.each(["text/html", "application/json", "", "imagex/png"])("refuses %j for image/", async (type) => {
    const server = await typed(type === "" ? undefined : type);
    await expectCode(safeFetch(`${server.origin}/`, { ...LOOPBACK, accept: ["image/"] }), "bad_content_type");
  });

  it("accepts any of several prefixes", async () => {
    const server = await typed("application/xhtml+xml");
    const response = await safeFetch(`${server.origin}/`, {
      ...LOOPBACK,
      accept: ["text/html", "application/xhtml+xml"],
    });
    expect(response.body.toString()).toBe("body");
  });
});

describe("safeFetch content encodings", () => {
  const text = "Byline reads the article. ".repeat(200);

  it.each([
    ["gzip", gzipSync(text)],
    ["x-gzip", gzipSync(text)],
    ["deflate", deflateSync(text)],
    ["deflate", deflateRawSync(text)],
    ["br", brotliCompressSync(text)],
    ["gzip, br", brotliCompressSync(gzipSync(text))],
    ["identity", Buffer.from(text)],
  ])("decodes %s", async (encoding, body) => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": encoding, "content-length": body.length });
      response.end(body);
    });
    const response = await safeFetch(`${server.origin}/`, LOOPBACK);
    expect(response.body.toString()).toBe(text);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-length"]).toBeUndefined();
  });

  it("leaves an empty encoded body empty", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip" });
      response.end();
    });
    const response = await safeFetch(`${server.origin}/`, LOOPBACK);
    expect(response.body.length).toBe(0);
  });

  it("reports corrupt and unknown encodings", async () => {
    const corrupt = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip" });
      response.end("this is not gzip");
    });
    await expectCode(safeFetch(`${corrupt.origin}/`, LOOPBACK), "network");
    const unknown = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "zstd" });
      response.end("whatever");
    });
    const error = await expectCode(safeFetch(`${unknown.origin}/`, LOOPBACK), "network");
    expect(error.message).toContain("zstd");
  });

  it("refuses more than two stacked encodings before undoing any", async () => {
    const stacked = gzipSync(gzipSync(gzipSync(text)));
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip, gzip, gzip" });
      response.end(stacked);
    });
    const error = await expectCode(safeFetch(`${server.origin}/`, LOOPBACK), "network");
    expect(error.message).toBe("The server applied 3 content encodings; at most 2 are undone");
    const hostile = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": Array(2500).fill("gzip").join(", ") });
      response.end(stacked);
    });
    expect((await failure(safeFetch(`${hostile.origin}/`, LOOPBACK))).message).toBe(
      "The server applied 2500 content encodings; at most 2 are undone",
    );
  });
});
