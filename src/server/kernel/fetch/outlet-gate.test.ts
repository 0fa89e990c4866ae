import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createOutletGate } from "./outlet-gate";
import { safeFetch, SafeFetchError } from "./safe-fetch";

type Robots = { status: number; body?: string } | "hang up";

const servers: Server[] = [];

/**
 * An outlet on loopback whose robots.txt answers as told; `/go?to=URL` redirects there, every
 * other path is a page.
 */
async function outlet(robots: () => Robots) {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? "");
    const to = new URL(request.url ?? "/", "http://outlet.invalid").searchParams.get("to");
    if (to) return void response.writeHead(302, { Location: to }).end();
    if (request.url !== "/robots.txt") return void response.writeHead(200).end("page");
    const answer = robots();
    if (answer === "hang up") return void request.socket.destroy();
    response.writeHead(answer.status, { "Content-Type": "text/plain" }).end(answer.body ?? "");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

function gate(clock = { now: 0 }, pauseMs = 0) {
  return createOutletGate({
    fetch: (url, options) => safeFetch(url, { allowPrivate: true, ...options }),
    pauseMs,
    now: () => clock.now,
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error.code;
    throw error;
  }
  return "fetched";
}

describe("the outlet gate's robots.txt (RFC 9309)", () => {
  it("reads robots.txt once before anything else and follows it", async () => {
    const site = await outlet(() => ({ status: 200, body: "User-agent: byline\nDisallow: /private/\n" }));
    const gated = gate();
    expect((await gated.fetch(`${site.origin}/news/a`)).status).toBe(200);
    expect(await refusal(gated.fetch(`${site.origin}/private/b`))).toBe("robots_disallowed");
    expect((await gated.fetch(`${site.origin}/news/c`)).status).toBe(200);
    expect(site.paths).toEqual(["/robots.txt", "/news/a", "/news/c"]);
  });

  it("allows everything when robots.txt answers 4xx", async () => {
    const site = await outlet(() => ({ status: 404 }));
    expect((await gate().fetch(`${site.origin}/a`)).status).toBe(200);
  });

  it("disallows everything when robots.txt answers 5xx, until it is asked again", async () => {
    let status = 503;
    const site = await outlet(() => ({ status }));
    const clock = { now: 0 };
    const gated = gate(clock);
    expect(await refusal(gated.fetch(`${site.origin}/a`))).toBe("robots_unreadable");
    expect(await refusal(gated.fetch(`${site.origin}/b`))).toBe("robots_unreadable");
    expect(site.paths).toEqual(["/robots.txt"]);
    status = 200;
    clock.now += 60 * 60 * 1000;
    expect((await gated.fetch(`${site.origin}/c`)).status).toBe(200);
    expect(site.paths).toEqual(["/robots.txt", "/robots.txt", "/c"]);
  });

  it("disallows everything when robots.txt cannot be reached", async () => {
    const site = await outlet(() => "hang up");
    expect(await refusal(gate().fetch(`${site.origin}/a`))).toBe("robots_unreadable");
    expect(site.paths).toEqual(["/robots.txt"]);
  });

  it("answers the pathological rule at once, disallowing a link too long to check", async () => {
    const site = await outlet(() => ({
      status: 200,
      body: `User-agent: *\nDisallow: /*${"a".repeat(15_000)}b\n`,
    }));
    const gated = gate();
    expect(await refusal(gated.fetch(`${site.origin}/${"a".repeat(30_000)}`))).toBe("robots_disallowed");
    expect((await gated.fetch(`${site.origin}/${"a".repeat(1000)}`)).status).toBe(200);
  });
});

describe("the outlet gate's redirects", () => {
  it("asks robots.txt of each host a redirect leads to, and follows its rules", async () => {
    const first = await outlet(() => ({ status: 404 }));
    const second = await outlet(() => ({ status: 200, body: "User-agent: *\nDisallow: /private\n" }));
    const gated = gate();
    const open = await gated.fetch(`${first.origin}/go?to=${second.origin}/story`);
    expect(open.url).toBe(`${second.origin}/story`);
    expect(second.paths).toEqual(["/robots.txt", "/story"]);
    expect(await refusal(gated.fetch(`${first.origin}/go?to=${second.origin}/private`))).toBe(
      "robots_disallowed",
    );
    expect(second.paths).toEqual(["/robots.txt", "/story"]);
  });

  it("gives up after the redirects allowed", async () => {
    const site = await outlet(() => ({ status: 404 }));
    const loop = `${site.origin}/go?to=${encodeURIComponent(`${site.origin}/go?to=/again`)}`;
    expect(await refusal(gate().fetch(loop, { maxRedirects: 1 }))).toBe("too_many_redirects");
  });
});

describe("the outlet gate's turns", () => {
  it("lets a request someone waits for go before background ones, and drops those stopped while waiting", async () => {
    const site = await outlet(() => ({ status: 404 }));
    const gated = gate({ now: 0 }, 30);
    const background = new AbortController();
    await gated.fetch(`${site.origin}/first`);
    // In the outlet's pause: these wait.
    const waiting = ["/b1", "/b2", "/b3"].map((path) =>
      gated.fetch(`${site.origin}${path}`, { signal: background.signal }).then(
        () => path,
        (error: unknown) => (error as Error).name,
      ),
    );
    const urgent = gated.fetch(`${site.origin}/urgent`, { urgent: true });
    await urgent;
    background.abort();
    expect(await Promise.all(waiting)).toEqual(["AbortError", "AbortError", "AbortError"]);
    expect(site.paths).toEqual(["/robots.txt", "/first", "/urgent"]);
  });
});
