import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/kernel/config";
import { nodeListener } from "../../src/server/kernel/http/node-listener";
import { createLogger } from "../../src/server/kernel/logger";
import { createServices, type Services } from "../../src/server/services";
import { startPeer, type Peer } from "./support/fediverse-peer";

/**
 * Issue 40, following on the fediverse: the site as an ActivityPub actor, followed by a second,
 * independent Fedify server on loopback. Real HTTP both ways, real SQLite, real signatures.
 */

const HANDLE = "ada";
let dataDir: string;
let port: number;
let siteUrl: string;
let server: http.Server;
let services: Services;
let peer: Peer;

/** The site on its real socket; again on the same port and DATA_DIR after a restart. */
async function startSite() {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    PUBLIC_URL: siteUrl,
    FETCH_ALLOW_PRIVATE: "true",
  });
  services = createServices(config, createLogger(process.env.FEDI_LOG ?? "silent"));
  const { app } = createApp(services);
  server = http.createServer(nodeListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  services.fediverse.start();
}

async function stopSite() {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services.fediverse.stop();
  services.live.closeAll();
  services.store.close();
}

/** Every delivery the site queued has gone out (or failed for good). */
const deliveriesDone = () =>
  vi.waitFor(() => expect(services.fediverse.overview().waiting).toBe(0), { timeout: 15_000 });

const publish = (title: string) =>
  services.content.articles.create({
    title,
    outlet: "The Paper",
    url: `https://paper.example/${encodeURIComponent(title)}`,
    date: "2026-11-27",
    description: `What ${title} found.`,
    image: "https://paper.example/lead.jpg",
    featured: false,
    content: "",
    tags: [],
  });

/** The Creates the peer's inbox took (each signature checked), and those posted to it at all. */
const creates = () => peer.received.filter(({ type }) => type === "Create");
const postedCreates = () => peer.posted.filter(({ type }) => type === "Create");

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-fediverse-"));
  // The port first: PUBLIC_URL names it, and it stays the site's across the restart.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  siteUrl = `http://127.0.0.1:${port}`;
  await startSite();
  peer = await startPeer();
});

afterAll(async () => {
  await stopSite();
  await peer.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const actorUrl = () => `${siteUrl}/ap/actor/site`;
const inboxUrl = () => `${siteUrl}/ap/actor/site/inbox`;
const webfinger = () =>
  fetch(
    `${siteUrl}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${HANDLE}@127.0.0.1:${port}`)}`,
  );

describe("the site as a fediverse actor", () => {
  it("shows followers and deliveries to the owner only", async () => {
    const response = await fetch(`${siteUrl}/api/fediverse`);
    expect(response.status).toBe(401);
  });

  it("answers nothing while the switch is off", async () => {
    expect((await webfinger()).status).toBe(404);
    const actor = await fetch(actorUrl(), { headers: { Accept: "application/activity+json" } });
    expect(actor.status).toBe(404);
  });

  it("is found by WebFinger and shows the owner's actor once on", async () => {
    services.content.site.merge({
      name: "Ada Reporter",
      strapline: "Investigations",
      social: { linkedin: "https://www.linkedin.com/in/ada" },
      fediverse: { enabled: true, handle: HANDLE },
    });
    const found = await webfinger();
    expect(found.status).toBe(200);
    const jrd = (await found.json()) as { subject: string; links: { rel: string; href?: string }[] };
    expect(jrd.subject).toBe(`acct:${HANDLE}@127.0.0.1:${port}`);
    expect(jrd.links.find((link) => link.rel === "self")?.href).toBe(actorUrl());

    const actor = await fetch(actorUrl(), { headers: { Accept: "application/activity+json" } });
    expect(actor.status).toBe(200);
    const person = (await actor.json()) as Record<string, unknown>;
    expect(person).toMatchObject({ type: "Person", preferredUsername: HANDLE, name: "Ada Reporter" });
    expect(JSON.stringify(person.publicKey)).toContain("BEGIN PUBLIC KEY");
    expect(JSON.stringify(person.attachment)).toContain("linkedin.com/in/ada");
    expect(person.inbox).toBe(inboxUrl());
  });

  it("refuses an unsigned Follow and a wrongly signed one, and stores no follower", async () => {
    const body = await peer.followJson(actorUrl());
    const headers = { "Content-Type": "application/activity+json" };
    const unsigned = await fetch(inboxUrl(), { method: "POST", headers, body });
    expect(unsigned.status).toBeGreaterThanOrEqual(400);
    expect(unsigned.status).toBeLessThan(500);

    const forged = await peer.forge(new Request(inboxUrl(), { method: "POST", headers, body }));
    const wrong = await fetch(forged);
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    expect(services.fediverse.overview().followers).toEqual([]);
  });

  it("accepts a signed Follow, and sends each new clip once, signed, across a restart", async () => {
    const { follow, target } = await peer.follow(actorUrl());
    await vi.waitFor(() => expect(peer.received.map(({ type }) => type)).toContain("Accept"), {
      timeout: 15_000,
    });
    expect(services.fediverse.overview().followers.map(({ handle }) => handle)).toEqual([
      `@alice@${new URL(peer.origin).host}`,
    ]);

    await stopSite();
    await startSite();
    publish("First clip");
    await vi.waitFor(() => expect(creates()).toHaveLength(1), { timeout: 15_000 });
    expect(creates()[0]).toMatchObject({ objectName: "First clip", signed: true });
    expect(postedCreates()).toHaveLength(1);
    expect(postedCreates()[0]!.signature).not.toBe("");

    // Started again: nothing is sent a second time.
    await stopSite();
    await startSite();
    await services.fediverse.clipsChanged();
    await deliveriesDone();
    expect(postedCreates()).toHaveLength(1);
    expect(services.fediverse.overview().deliveries.map(({ title }) => title)).toEqual(["First clip"]);

    await peer.unfollow(follow, target);
    expect(services.fediverse.overview().followers).toEqual([]);
    publish("Second clip");
    await services.fediverse.clipsChanged();
    await deliveriesDone();
    expect(postedCreates()).toHaveLength(1);
    expect(services.fediverse.overview().deliveries.map(({ title }) => title)).toEqual([
      "Second clip",
      "First clip",
    ]);
  });

  it("lets the owner remove a follower, and tells its server with a signed Reject of its Follow", async () => {
    const stranger = await fetch(
      `${siteUrl}/api/fediverse/followers/${encodeURIComponent(peer.alice.href)}`,
      {
        method: "DELETE",
      },
    );
    expect(stranger.status).toBe(401);

    const { follow } = await peer.follow(actorUrl());
    await vi.waitFor(() => expect(services.fediverse.overview().followers).toHaveLength(1), {
      timeout: 15_000,
    });
    expect(await services.fediverse.removeFollower(peer.alice.href)).toBe(true);
    expect(services.fediverse.overview().followers).toEqual([]);
    await vi.waitFor(
      () =>
        expect(peer.received.filter(({ type }) => type === "Reject")).toEqual([
          expect.objectContaining({ signed: true }),
        ]),
      { timeout: 15_000 },
    );
    // What it rejects is the very Follow the peer sent.
    expect(peer.posted.filter(({ type }) => type === "Reject").map(({ objectId }) => objectId)).toEqual([
      follow.id!.href,
    ]);
    expect(await services.fediverse.removeFollower(peer.alice.href)).toBe(false);
  });

  it("drops a follower whose server answers 410 Gone", async () => {
    await peer.follow(actorUrl());
    await vi.waitFor(() => expect(services.fediverse.overview().followers).toHaveLength(1), {
      timeout: 15_000,
    });
    await deliveriesDone();
    peer.goAway();
    publish("Third clip");
    await vi.waitFor(() => expect(services.fediverse.overview().followers).toEqual([]), { timeout: 15_000 });
    expect(creates()).toHaveLength(1);
  });
});
