import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/kernel/config";
import { createLogger } from "../../src/server/kernel/logger";
import { createServices, type Services } from "../../src/server/services";
import { serveOnSocket, type SocketServer } from "./support/socket-server";

/**
 * The fediverse inbox takes `FEDIVERSE_INBOX_PER_MINUTE` posts from one address: checking a
 * signature can make the site fetch the sender's key from wherever the activity says, so a flood
 * must stop before that. Another machine is not held back by it.
 */

let dataDir: string;
let services: Services;
let site: SocketServer;
let keyServer: http.Server;
let keyFetches = 0;
let keyServerUrl: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-inbox-limit-"));
  keyServer = http.createServer((_request, response) => {
    keyFetches += 1;
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => keyServer.listen(0, "127.0.0.1", resolve));
  keyServerUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}`;
  services = createServices(
    loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      PUBLIC_URL: "http://127.0.0.1",
      FETCH_ALLOW_PRIVATE: "true",
      FEDIVERSE_INBOX_PER_MINUTE: "3",
    }),
    createLogger("silent"),
  );
  site = await serveOnSocket(createApp(services).app);
  services.content.site.merge({ fediverse: { enabled: true, handle: "ada" } });
});

afterAll(async () => {
  await site.close();
  await new Promise<void>((resolve) => keyServer.close(() => resolve()));
  services.live.closeAll();
  services.store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A Follow whose signature names a key on the loopback key server, a new one each time (a flood
 * would, so nothing is answered from a cache); the signature itself is junk.
 */
function post(from: string) {
  const actor = `${keyServerUrl}/actors/${crypto.randomUUID()}`;
  const keyUrl = `${actor}#main-key`;
  const body = JSON.stringify({
    "@context": "https://www.w3.org/ns/activitystreams",
    id: `http://127.0.0.1/follows/${Math.random()}`,
    type: "Follow",
    actor,
    object: "http://127.0.0.1/ap/actor/site",
  });
  return site.request(from, "/ap/actor/site/inbox", {
    method: "POST",
    headers: {
      "Content-Type": "application/activity+json",
      Date: new Date().toUTCString(),
      Digest: `SHA-256=${createHash("sha256").update(body).digest("base64")}`,
      Signature: `keyId="${keyUrl}",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="AAAA"`,
    },
    body,
  });
}

it("refuses the posts past the limit from one address before checking their signatures", async () => {
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await post("127.0.0.2"));
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.slice(0, 3).every((status) => status >= 400 && status < 500 && status !== 429)).toBe(true);
  expect(statuses.slice(3)).toEqual([429, 429]);
  expect(answers[3]!.headers["retry-after"]).toMatch(/^\d+$/);
  expect(JSON.parse(answers[3]!.body)).toMatchObject({ error: { code: "rate_limited" } });
  // Each of the three was checked, so each key was fetched; the two refused fetched nothing.
  const fetchedForThree = keyFetches;
  expect(fetchedForThree).toBe(3);

  // Another machine still reaches the signature check.
  const neighbour = await post("127.0.0.3");
  expect(neighbour.status).not.toBe(429);
  expect(keyFetches).toBe(fetchedForThree + 1);
});

it("does not count reading the actor", async () => {
  for (let i = 0; i < 5; i++) {
    const actor = await site.request("127.0.0.4", "/ap/actor/site", {
      headers: { Accept: "application/activity+json" },
    });
    expect(actor.status).toBe(200);
  }
});
