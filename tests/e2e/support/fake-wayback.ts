import http from "node:http";
import type { AddressInfo } from "node:net";

/** A request the fake received, at the fake clock's time. */
export type WaybackHit = {
  method: string;
  path: string;
  authorization: string | undefined;
  accept: string | undefined;
  /** The form body of a POST /save: the address sent. */
  url?: string;
  at: number;
};

export type FakeWayback = {
  origin: string;
  hits: WaybackHit[];
  saves(): WaybackHit[];
  /** The next POST /save answers this instead of a job (once). */
  answerNextSave(status: number, headers: Record<string, string>, body?: string): void;
  close(): Promise<void>;
};

export const FAKE_KEYS = { access: "test-access", secret: "test-secret" };
/** The capture time the fake reports for every save: 26 November 2026, 09:30:00 UTC. */
export const SAVED_TIMESTAMP = "20261126093000";
/** The availability API's capture of a gone original. */
export const FOUND_TIMESTAMP = "20240305120000";

/**
 * A fake Wayback Machine on 127.0.0.1 that speaks the Save Page Now 2 and availability protocols
 * (SPN2 public API docs): POST /save needs `Authorization: LOW key:secret` and returns a job,
 * GET /save/status/{job} says pending once, then success (or an error for an address with
 * `/refused` in it), and GET /wayback/available answers with the closest snapshot, or with
 * garbage for addresses with `/garbled`, `/huge` or `/elsewhere` in them. A path under
 * `/outlet/` is a dead publisher page (410). `now` stamps each hit with the test's clock.
 */
export async function startFakeWayback(now: () => number): Promise<FakeWayback> {
  const hits: WaybackHit[] = [];
  const jobs = new Map<string, { url: string; asked: number }>();
  const scripted: { status: number; headers: Record<string, string>; body: string }[] = [];
  let origin = "";

  const json = (response: http.ServerResponse, status: number, value: unknown) =>
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://wayback.invalid");
    let body = "";
    for await (const chunk of request) body += String(chunk);
    const hit: WaybackHit = {
      method: request.method ?? "",
      path: url.pathname,
      authorization: request.headers.authorization,
      accept: request.headers.accept,
      at: now(),
    };
    hits.push(hit);
    const signedIn = request.headers.authorization === `LOW ${FAKE_KEYS.access}:${FAKE_KEYS.secret}`;

    if (url.pathname.startsWith("/outlet/")) {
      response.writeHead(410, "Gone", { "Content-Type": "text/html" }).end("<h1>Gone</h1>");
    } else if (request.method === "POST" && url.pathname === "/save") {
      const target = new URLSearchParams(body).get("url") ?? "";
      hit.url = target;
      if (!signedIn)
        return json(response, 401, { message: "You need to be logged in to use Save Page Now." });
      const next = scripted.shift();
      if (next) return response.writeHead(next.status, next.headers).end(next.body);
      const job = `spn2-${jobs.size + 1}`;
      jobs.set(job, { url: target, asked: 0 });
      json(response, 200, { url: target, job_id: job });
    } else if (request.method === "GET" && url.pathname.startsWith("/save/status/")) {
      const job = jobs.get(decodeURIComponent(url.pathname.slice("/save/status/".length)));
      if (!signedIn || !job) return json(response, signedIn ? 404 : 401, { message: "No such job" });
      job.asked += 1;
      if (job.asked === 1) return json(response, 200, { status: "pending", job_id: "x", resources: [] });
      if (job.url.includes("/refused")) {
        return json(response, 200, {
          status: "error",
          status_ext: "error:not-found",
          message: "The server cannot find the requested resource.",
        });
      }
      json(response, 200, { status: "success", timestamp: SAVED_TIMESTAMP, original_url: job.url });
    } else if (request.method === "GET" && url.pathname === "/wayback/available") {
      const target = url.searchParams.get("url") ?? "";
      if (target.includes("/garbled")) {
        return response.writeHead(200, { "Content-Type": "application/json" }).end("<html>Oops</html>");
      }
      if (target.includes("/huge")) {
        return response.writeHead(200, { "Content-Type": "application/json" }).end(" ".repeat(1024 * 1024));
      }
      const host = target.includes("/elsewhere")
        ? "https://wayback.example.net"
        : origin.replace("https", "http");
      json(response, 200, {
        url: target,
        archived_snapshots: {
          closest: {
            status: "200",
            available: true,
            url: `${host}/web/${FOUND_TIMESTAMP}/${target}`,
            timestamp: FOUND_TIMESTAMP,
          },
        },
      });
    } else {
      json(response, 404, { message: "Not found" });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    saves: () => hits.filter((hit) => hit.method === "POST" && hit.path === "/save"),
    answerNextSave(status, headers, body = "") {
      scripted.push({ status, headers, body });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
