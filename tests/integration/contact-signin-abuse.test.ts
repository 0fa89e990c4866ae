/**
 * The contact and sign-in attacks over real sockets: the attacker sends from 127.0.0.2, other
 * visitors and the owner from 127.0.0.3 and up, so each plays a separate machine.
 */
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { serveOnSocket, type SocketServer } from "./support/socket-server";
import { createTestApp, OWNER, ORIGIN, type TestApp } from "./support/test-app";

let t: TestApp | undefined;
let server: SocketServer | undefined;
afterEach(async () => {
  await server?.close();
  t?.close();
  server = t = undefined;
});

const message = (i: number) =>
  JSON.stringify({
    name: "Flood",
    email: "flood@example.org",
    subject: `Tip ${i}`,
    message: "Lorem ipsum dolor sit amet.",
  });

/** Sends the headers at once and the body `bodyAfterMs` later, as a slow client would. */
function slowPost(
  port: number,
  from: string,
  pathname: string,
  body: string,
  bodyAfterMs: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: "POST",
        localAddress: from,
        agent: false,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          Origin: ORIGIN,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.flushHeaders();
    setTimeout(() => request.end(body), bodyAfterMs);
  });
}

const post = (from: string, pathname: string, json: unknown) =>
  server!.request(from, pathname, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify(json),
  });

describe("contact form under a flood", () => {
  it("stores at most 5 of 30 parallel messages whose bodies arrive a second after their headers", async () => {
    t = await createTestApp();
    server = await serveOnSocket(t.app);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        slowPost(server!.port, "127.0.0.2", "/api/contact", message(i), 1000),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(t.services.contact.messages.list()).toHaveLength(5);

    const neighbour = await post("127.0.0.3", "/api/contact", JSON.parse(message(99)));
    expect(neighbour.status).toBe(201);
  });

  it("takes its per-address limit from CONTACT_PER_ADDRESS, each address counted on its own", async () => {
    t = await createTestApp({ CONTACT_PER_ADDRESS: "2" });
    server = await serveOnSocket(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await post("127.0.0.2", "/api/contact", JSON.parse(message(i)))).status);
    expect(statuses).toEqual([201, 201, 429]);
    expect((await post("127.0.0.3", "/api/contact", JSON.parse(message(9)))).status).toBe(201);
    expect(t.services.contact.messages.list()).toHaveLength(3);
  });

  it("stops storing at the site-wide hourly cap, from any number of addresses, with a clear 429", async () => {
    t = await createTestApp({ CONTACT_HOURLY_CAP: "3" });
    server = await serveOnSocket(t.app);
    const statuses: number[] = [];
    for (const from of ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]) {
      statuses.push((await post(from, "/api/contact", JSON.parse(message(statuses.length)))).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await post("127.0.0.6", "/api/contact", JSON.parse(message(9)));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      error: {
        code: "contact_busy",
        message: "The contact form has taken all the messages it can this hour. Please try again later.",
      },
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(t.services.contact.messages.list()).toHaveLength(3);
  });
});

describe("sign-in under a guessing attack", () => {
  it("refuses the guesser with 429 before the 20th try, and the owner signs in from another address within 10 s", async () => {
    t = await createTestApp();
    server = await serveOnSocket(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(
        (await post("127.0.0.2", "/api/session", { ...OWNER, password: `guess number ${i}` })).status,
      );
    }
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThan(0);
    expect(firstRefusal).toBeLessThan(19);
    expect(statuses.slice(0, firstRefusal).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(firstRefusal).every((s) => s === 429)).toBe(true);

    const started = Date.now();
    const owner = await post("127.0.0.3", "/api/session", OWNER);
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(JSON.parse(owner.body)).toMatchObject({ signedIn: true, email: OWNER.email });
  }, 40_000);

  it("takes its per-address limit from SIGN_IN_ATTEMPTS_PER_ADDRESS", async () => {
    t = await createTestApp({ SIGN_IN_ATTEMPTS_PER_ADDRESS: "3" });
    server = await serveOnSocket(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await post("127.0.0.2", "/api/session", { ...OWNER, password: `guess number ${i}` })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await post("127.0.0.3", "/api/session", OWNER)).status).toBe(200);
  });
});
