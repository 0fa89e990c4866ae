import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { hashPassword } from "../../src/server/auth/passwords";
import { loadConfig } from "../../src/server/kernel/config";
import { createServices, type Services } from "../../src/server/services";
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from "./support/contact-smtp-inbox";
import { serveOnSocket, type SocketServer } from "./support/socket-server";
import { OWNER } from "./support/test-app";

const run = promisify(execFile);
const PUBLIC_URL = "https://byline.test";
const READER = "reader@example.org";

/** The whole raw mail with quoted-printable soft breaks and `=3D` undone: links are whole again. */
const unfolded = (mail: ReceivedMail) => mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
const linkIn = (mail: ReceivedMail, kind: "follow/confirm" | "unsubscribe") => {
  const found = unfolded(mail).match(new RegExp(`${PUBLIC_URL}/${kind}/([A-Za-z0-9_-]+)`));
  if (!found) throw new Error(`no ${kind} link in the mail`);
  return `/${kind}/${found[1]}`;
};

let inbox: SmtpInbox;
let dataDir: string;
let services: Services;
let server: SocketServer;
let logs: string;
const clock = { now: 0 };
const HOUR = 60 * 60 * 1000;
// scrypt at OWASP cost is slow: hash the test password once for the file.
const ownerHash = hashPassword(OWNER.password);
let owner: (pathname: string, init?: { method?: string; json?: unknown }) => Promise<Response>;

beforeEach(async () => {
  inbox = await startSmtpInbox();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-follow-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    PUBLIC_URL,
    SMTP_URL: inbox.url,
    MAIL_FROM: "Byline <site@byline.test>",
    // The batch window never closes by itself here: the test closes it (runDigest), so nothing
    // depends on timing.
    FOLLOW_DIGEST_DELAY_SECONDS: "86400",
  });
  logs = "";
  clock.now = Date.parse("2026-05-01T09:00:00Z");
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs += chunk.toString("utf8");
      done();
    },
  });
  services = createServices(config, pino({ level: "debug" }, sink), { now: () => new Date(clock.now) });
  services.content.site.merge({ name: "Morgan Hale" });
  services.store.sqlite
    .prepare("insert into owner (id, email, password_hash, updated_at) values (1, ?, ?, ?)")
    .run(OWNER.email, await ownerHash, new Date().toISOString());
  const { app } = createApp(services);
  server = await serveOnSocket(app);
  const origin = `http://127.0.0.1:${server.port}`;
  const signIn = await app.request(`${origin}/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(OWNER),
  });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  owner = async (pathname, init = {}) =>
    app.request(`${origin}${pathname}`, {
      method: init.method ?? "GET",
      headers: { Cookie: cookie, "X-CSRF-Token": csrfToken, "Content-Type": "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  services.emailFollow.start();
});

afterEach(async () => {
  await services.emailFollow.stop();
  await server.close();
  services.live.closeAll();
  services.store.close();
  await inbox.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const follow = (email: string, from = "127.0.0.2") =>
  server.request(from, "/api/follow", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });

async function switchOn(cadence: "immediately" | "weekly" = "immediately") {
  const response = await owner("/api/site", {
    method: "PUT",
    json: { followByEmail: { on: true, cadence } },
  });
  expect(response.status).toBe(200);
}

async function publish(title: string) {
  const response = await owner("/api/articles", {
    method: "POST",
    json: {
      title,
      outlet: "The Harbour Gazette",
      url: `https://gazette.example/${encodeURIComponent(title)}`,
      date: "2026-05-01",
      description: `What ${title} found.`,
    },
  });
  expect(response.status).toBe(201);
}

/** Presses Confirm on the page a confirmation link opens. */
const pressConfirm = (link: string) => server.request("127.0.0.2", link, { method: "POST" });

/** Confirms `email`'s sign-up by following the link in its confirmation mail and pressing Confirm. */
async function signUpAndConfirm(email: string) {
  expect((await follow(email)).status).toBe(202);
  const mail = await inbox.waitFor((m) => m.envelopeTo.includes(email));
  expect((await server.request("127.0.0.2", linkIn(mail, "follow/confirm"))).status).toBe(200);
  expect((await pressConfirm(linkIn(mail, "follow/confirm"))).status).toBe(200);
  return mail;
}

/** Closes the batch window and delivers what it queued. */
async function digestNow() {
  services.emailFollow.runDigest();
  await services.emailFollow.deliverDue();
}

describe("follow by e-mail over real SMTP and HTTP", () => {
  it("is refused while following is off", async () => {
    expect((await follow(READER)).status).toBe(404);
    await services.emailFollow.deliverDue();
    expect(inbox.mails).toHaveLength(0);
  });

  it("signs up, confirms, mails one digest of two clips, nothing when nothing is new, and unsubscribes by one-click POST", async () => {
    await switchOn();
    expect((await follow(READER)).status).toBe(202);
    const confirmation = await inbox.waitFor((m) => m.envelopeTo.includes(READER));
    expect(confirmation.headers["list-unsubscribe"]).toMatch(
      /^<https:\/\/byline\.test\/unsubscribe\/[\w-]+>$/,
    );
    expect(confirmation.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    // Nothing but the confirmation before the address is confirmed, even when a clip is published.
    await publish("Before confirming");
    await digestNow();
    expect(inbox.mails).toHaveLength(1);

    // Opening the link (as a mail scanner does, twice) only asks; pressing Confirm confirms.
    const confirmLink = linkIn(confirmation, "follow/confirm");
    for (let opened = 0; opened < 2; opened++) {
      const asked = await server.request("127.0.0.2", confirmLink);
      expect(asked.status).toBe(200);
      expect(asked.body).toContain("Confirm your address");
      expect(asked.body).toContain(`<form method="post" action="${confirmLink}">`);
      // The site's policy: the token stays on this site, and the button's POST keeps its Origin
      // (under `no-referrer` a browser may send `Origin: null`, which the CSRF check refuses).
      expect(asked.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
    expect(services.emailFollow.overview().counts).toMatchObject({ confirmed: 0, waiting: 1 });
    const confirmed = await pressConfirm(confirmLink);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain("Your address is confirmed");
    expect(services.emailFollow.overview().counts).toMatchObject({ confirmed: 1, waiting: 0 });
    for (const again of [await pressConfirm(confirmLink), await server.request("127.0.0.2", confirmLink)]) {
      expect(again.status).toBe(404);
      expect(again.body).toContain("already used");
    }

    await publish("Dredging the harbour");
    await publish("The council's minutes");
    await digestNow();
    expect(inbox.mails).toHaveLength(2);
    const digest = inbox.mails[1]!;
    const body = unfolded(digest);
    expect(digest.headers.subject).toBe("2 new clips from Morgan Hale");
    expect(body).toContain("Dredging the harbour");
    expect(body).toContain("The council's minutes");
    expect(body).toContain("The Harbour Gazette");
    expect(body).toContain("1 May 2026");
    expect(body).toContain("What Dredging the harbour found.");
    expect(body).toMatch(/https:\/\/byline\.test\/\?article=[\w-]+/);
    expect(body).not.toContain("Before confirming");
    expect(digest.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    // Nothing new: no digest, no mail.
    await digestNow();
    expect(inbox.mails).toHaveLength(2);

    const overview = (await (await owner("/api/followers")).json()) as {
      counts: Record<string, number>;
      lastDigest: { clips: number; deliveries: Record<string, number> };
    };
    expect(overview.counts).toEqual({ confirmed: 1, waiting: 0, bouncing: 0 });
    expect(overview.lastDigest.clips).toBe(2);
    expect(overview.lastDigest.deliveries).toEqual({ sent: 1, queued: 0, failed: 0 });

    // RFC 8058: the mail provider POSTs `List-Unsubscribe=One-Click`, with no cookie and no token.
    const unsubscribe = `http://127.0.0.1:${server.port}${new URL(digest.headers["list-unsubscribe"]!.slice(1, -1)).pathname}`;
    const curl = (url: string) =>
      run("curl", [
        "-s",
        "-o",
        "/dev/null",
        "-w",
        "%{http_code}",
        "-X",
        "POST",
        "--data",
        "List-Unsubscribe=One-Click",
        url,
      ]);
    expect((await curl(unsubscribe)).stdout).toBe("200");
    expect((await curl(unsubscribe)).stdout).toBe("404");

    await publish("After unsubscribing");
    await digestNow();
    expect(inbox.mails).toHaveLength(2);
    const after = (await (await owner("/api/followers")).json()) as { counts: Record<string, number> };
    expect(after.counts.confirmed).toBe(0);

    // The address went to the SMTP server only, never to the log.
    expect(logs).toContain("Delivered a mail to a follower");
    expect(logs).not.toContain(READER);
  });

  it("marks an address its mail server refuses with 550 as bouncing, and sends it nothing more", async () => {
    await switchOn();
    const bouncing = "gone@example.org";
    await signUpAndConfirm(READER);
    await signUpAndConfirm(bouncing);
    inbox.refused.add(bouncing);

    await publish("First clip");
    await digestNow();
    const overview = (await (await owner("/api/followers")).json()) as {
      counts: Record<string, number>;
      lastDigest: { deliveries: Record<string, number> };
    };
    expect(overview.counts).toEqual({ confirmed: 1, waiting: 0, bouncing: 1 });
    expect(overview.lastDigest.deliveries).toEqual({ sent: 1, queued: 0, failed: 1 });
    const tries = inbox.recipients.filter((address) => address === bouncing).length;

    await publish("Second clip");
    await digestNow();
    expect(inbox.recipients.filter((address) => address === bouncing).length).toBe(tries);
    expect(inbox.mails.filter((m) => m.envelopeTo.includes(READER))).toHaveLength(3);
    expect(logs).not.toContain(bouncing);
  });

  it("sends one confirmation to one address however many client addresses ask for it", async () => {
    await switchOn();
    const statuses: number[] = [];
    for (let i = 2; i < 52; i++) statuses.push((await follow(READER, `127.0.0.${i}`)).status);
    expect(statuses.every((status) => status === 202)).toBe(true);
    await services.emailFollow.deliverDue();
    expect(inbox.mails.filter((m) => m.envelopeTo.includes(READER))).toHaveLength(1);
    expect(inbox.recipients.filter((address) => address === READER)).toHaveLength(1);
  });

  it("limits sign-ups per client address", async () => {
    await switchOn();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await follow(`reader${i}@example.org`, "127.0.0.9")).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await follow("other@example.org", "127.0.0.10")).status).toBe(202);
  });

  it("lets the owner export the list as CSV and remove an address; others may not", async () => {
    await switchOn();
    await signUpAndConfirm(READER);
    const csv = await owner("/api/followers/export.csv");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain(`"${READER}","confirmed"`);
    expect((await server.request("127.0.0.2", "/api/followers/export.csv")).status).toBe(401);
    expect((await server.request("127.0.0.2", "/api/followers")).status).toBe(401);
    const { followers } = (await (await owner("/api/followers")).json()) as { followers: { id: string }[] };
    expect((await owner(`/api/followers/${followers[0]!.id}`, { method: "DELETE" })).status).toBe(204);
    expect(
      ((await (await owner("/api/followers")).json()) as { followers: unknown[] }).followers,
    ).toHaveLength(0);
  });

  it("shows an unsubscribe page with a button on GET, and unsubscribes on POST, from another site too", async () => {
    await switchOn();
    const mail = await signUpAndConfirm(READER);
    const link = linkIn(mail, "unsubscribe");
    const page = await server.request("127.0.0.2", link);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<form method="post" action="\/unsubscribe\/[\w-]+">/);
    expect(page.body).toContain(">Unsubscribe</button>");
    expect(services.emailFollow.overview().counts.confirmed).toBe(1);
    // A webmail's button posts from its own site: exactly this path takes that.
    const posted = await server.request("127.0.0.3", link, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://webmail.example",
        "Sec-Fetch-Site": "cross-site",
      },
      body: "List-Unsubscribe=One-Click",
    });
    expect(posted.status).toBe(200);
    expect(posted.body).toContain("You are unsubscribed");
    expect(services.emailFollow.overview().counts.confirmed).toBe(0);
    const crossSiteFollow = await server.request("127.0.0.3", "/follow", {
      method: "POST",
      headers: { Origin: "https://webmail.example", "Sec-Fetch-Site": "cross-site" },
      body: "email=x%40example.org",
    });
    expect(crossSiteFollow.status).toBe(403);
  });

  it("answers a form posted without a script with a page, and confirms from it", async () => {
    await switchOn();
    const answer = await server.request("127.0.0.2", "/follow", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `email=${encodeURIComponent(READER)}&website=`,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Check your inbox");
    const invalid = await server.request("127.0.0.2", "/follow", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=not-an-address",
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain("Enter a valid e-mail address");
    await inbox.waitFor((m) => m.envelopeTo.includes(READER));
  });

  it("lets a confirmation link expire after 48 hours, and sends a new one a day later at most", async () => {
    await switchOn();
    expect((await follow(READER)).status).toBe(202);
    const first = await inbox.waitFor((m) => m.envelopeTo.includes(READER));
    clock.now += 23 * HOUR;
    expect((await follow(READER)).status).toBe(202);
    await services.emailFollow.deliverDue();
    expect(inbox.mails).toHaveLength(1);

    clock.now += 26 * HOUR;
    const expired = await server.request("127.0.0.2", linkIn(first, "follow/confirm"));
    expect(expired.status).toBe(410);
    expect(expired.body).toContain("This link has expired");
    expect(expired.body).toContain('href="/"');
    expect((await pressConfirm(linkIn(first, "follow/confirm"))).status).toBe(410);

    expect((await follow(READER)).status).toBe(202);
    await services.emailFollow.deliverDue();
    expect(inbox.mails).toHaveLength(2);
    const second = inbox.mails[1]!;
    expect(linkIn(second, "follow/confirm")).not.toBe(linkIn(first, "follow/confirm"));
    expect((await pressConfirm(linkIn(second, "follow/confirm"))).status).toBe(200);
  });

  it("weekly: holds new clips until a week has passed since the last digest", async () => {
    await switchOn("weekly");
    await signUpAndConfirm(READER);
    await publish("Monday's clip");
    await digestNow();
    expect(inbox.mails).toHaveLength(1);
    clock.now += 3 * 24 * HOUR;
    await publish("Thursday's clip");
    await digestNow();
    expect(inbox.mails).toHaveLength(1);
    clock.now += 5 * 24 * HOUR;
    await digestNow();
    expect(inbox.mails).toHaveLength(2);
    expect(inbox.mails[1]!.headers.subject).toBe("2 new clips from Morgan Hale");
  });

  it("after a restart, mails the clips published while the server was down, once", async () => {
    await switchOn();
    await signUpAndConfirm(READER);
    await services.emailFollow.stop();
    // Published by another process (the command line, say) while no server ran.
    services.content.articles.create({
      title: "While it was down",
      outlet: "The Harbour Gazette",
      url: "https://gazette.example/down",
      date: "2026-05-02",
      description: "",
      image: "",
      featured: false,
      content: "",
      tags: [],
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      PUBLIC_URL,
      SMTP_URL: inbox.url,
      MAIL_FROM: "Byline <site@byline.test>",
    });
    for (let restart = 0; restart < 2; restart++) {
      const next = createServices(config, pino({ level: "silent" }), { now: () => new Date(clock.now) });
      next.emailFollow.start();
      await next.emailFollow.idle();
      await next.emailFollow.stop();
      next.store.close();
    }
    const digests = inbox.mails.filter(
      (m) => m.headers.subject === "New from Morgan Hale: While it was down",
    );
    expect(digests).toHaveLength(1);
  });
});
