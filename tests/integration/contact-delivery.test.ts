import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/kernel/config";
import { NO_RECIPIENT } from "../../src/server/contact/delivery-queue";
import { createLogger } from "../../src/server/kernel/logger";
import { createServices, type Services } from "../../src/server/services";
import { startSmtpInbox, type SmtpInbox } from "./support/contact-smtp-inbox";
import { ORIGIN } from "./support/test-app";

const VALID = {
  name: "Zoë Okafor",
  email: "zoe@example.org",
  subject: "Leaked minutes",
  message: "I have the minutes of Tuesday's meeting.\nCall me after six.",
};

/** A server process in miniature: services on a DATA_DIR with a clock the test moves by hand. */
function boot(dataDir: string, env: Record<string, string>, clock: { now: number }) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    MAIL_FROM: "Byline <site@byline.test>",
    ...env,
  });
  const services = createServices(config, createLogger("silent"), { now: () => new Date(clock.now) });
  services.content.site.merge({ name: "Morgan Hale", social: { email: "morgan@byline.test" } });
  const { app } = createApp(services);
  const { live } = services;
  const send = (json: unknown) =>
    app.request(`${ORIGIN}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify(json),
    });
  return {
    services,
    send,
    queue: () => services.contact.queue!,
    close() {
      live.closeAll();
      services.store.close();
    },
  };
}

let inbox: SmtpInbox;
let dataDir: string;
let running: { close(): void; services: Services }[] = [];
const clock = { now: Date.parse("2026-05-01T09:00:00Z") };

beforeEach(async () => {
  inbox = await startSmtpInbox();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-contact-"));
  clock.now = Date.parse("2026-05-01T09:00:00Z");
});
afterEach(async () => {
  for (const app of running) {
    await app.services.contact.stop();
    app.close();
  }
  running = [];
  await inbox.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string> = {}) {
  const app = boot(dataDir, { SMTP_URL: inbox.url, ...env }, clock);
  running.push(app);
  return app;
}

describe("contact e-mail delivery over SMTP", () => {
  it("stores the message, answers 202, and delivers it to the settings' e-mail with the visitor as Reply-To", async () => {
    const app = start();
    const response = await app.send(VALID);
    expect(response.status).toBe(202);
    await app.queue().idle();

    const mail = await inbox.waitFor(() => true);
    expect(mail.envelopeTo).toEqual(["morgan@byline.test"]);
    expect(mail.envelopeFrom).toBe("site@byline.test");
    expect(mail.headers["to"]).toBe("morgan@byline.test");
    expect(mail.headers["from"]).toBe("Byline <site@byline.test>");
    expect(mail.headers["reply-to"]).toBe("Zoë Okafor <zoe@example.org>");
    expect(mail.headers["subject"]).toBe("Portfolio contact: Leaked minutes");
    expect(mail.headers["content-type"]).toMatch(/^text\/plain/);
    expect(mail.text).toContain("Zoë Okafor <zoe@example.org> wrote");
    expect(mail.text).toContain("I have the minutes of Tuesday's meeting.\nCall me after six.");
    expect(mail.text).toContain(`${"http://localhost:3000"}/admin/dashboard/messages`);
    expect(inbox.mails).toHaveLength(1);

    const [stored] = app.services.contact.messages.list();
    expect(stored).toMatchObject({ status: "delivered", attempts: 1, lastError: null, nextAttemptAt: null });
    expect(stored!.deliveredAt).toBe(new Date(clock.now).toISOString());
  });

  it("sends to CONTACT_TO when it is set", async () => {
    const app = start({ CONTACT_TO: "desk@byline.test" });
    await app.send(VALID);
    await app.queue().idle();
    expect((await inbox.waitFor(() => true)).envelopeTo).toEqual(["desk@byline.test"]);
  });

  it("keeps a message queued while the SMTP server is down and delivers it with backoff once it is back", async () => {
    await inbox.stop();
    const app = start();
    expect((await app.send(VALID)).status).toBe(202);
    await app.queue().idle();

    let [message] = app.services.contact.messages.list();
    expect(message).toMatchObject({ status: "queued", attempts: 1 });
    expect(message!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(message!.nextAttemptAt).toBe(new Date(clock.now + 30_000).toISOString());

    // Not yet due: nothing is tried.
    clock.now += 29_000;
    await app.queue().runDue();
    expect(app.services.contact.messages.get(message!.id)!.attempts).toBe(1);

    // Due, still down: the wait doubles.
    clock.now += 1_000;
    await app.queue().runDue();
    message = app.services.contact.messages.get(message!.id);
    expect(message).toMatchObject({ status: "queued", attempts: 2 });
    expect(message!.nextAttemptAt).toBe(new Date(clock.now + 60_000).toISOString());

    await inbox.start();
    clock.now += 60_000;
    await app.queue().runDue();
    const mail = await inbox.waitFor(() => true);
    expect(mail.headers["subject"]).toBe("Portfolio contact: Leaked minutes");
    expect(app.services.contact.messages.get(message!.id)).toMatchObject({
      status: "delivered",
      attempts: 3,
      lastError: null,
    });
    expect(inbox.mails).toHaveLength(1);
  });

  it("delivers what an earlier process left queued after a restart", async () => {
    await inbox.stop();
    const first = start();
    await first.send(VALID);
    await first.queue().idle();
    await first.services.contact.stop();
    first.close();
    running = [];
    expect(inbox.mails).toHaveLength(0);

    await inbox.start();
    clock.now += 30_000;
    const second = start();
    second.services.contact.start();
    await second.queue().idle();
    await inbox.waitFor((mail) => mail.headers["subject"] === "Portfolio contact: Leaked minutes");
    expect(second.services.contact.messages.list()[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("keeps trying, with a clear error, when there is no recipient address", async () => {
    const app = start();
    app.services.content.site.merge({ social: { email: "" } });
    await app.send(VALID);
    await app.queue().idle();
    expect(app.services.contact.messages.list()[0]).toMatchObject({
      status: "queued",
      lastError: NO_RECIPIENT,
    });
    app.services.content.site.merge({ social: { email: "morgan@byline.test" } });
    clock.now += 30_000;
    await app.queue().runDue();
    expect((await inbox.waitFor(() => true)).envelopeTo).toEqual(["morgan@byline.test"]);
  });

  it("reads the retry base from CONTACT_RETRY_BASE_MS and refuses nonsense", () => {
    expect(loadConfig({ CONTACT_RETRY_BASE_MS: "500" }).contactRetryBaseMs).toBe(500);
    expect(loadConfig({}).contactRetryBaseMs).toBe(30_000);
    expect(() => loadConfig({ CONTACT_RETRY_BASE_MS: "5" })).toThrow(
      /CONTACT_RETRY_BASE_MS="5": use a number of milliseconds/,
    );
    expect(() => loadConfig({ CONTACT_RETRY_BASE_MS: "soon" })).toThrow(/CONTACT_RETRY_BASE_MS/);
  });

  it("without SMTP_URL keeps messages for the dashboard and answers 201", async () => {
    const app = boot(dataDir, {}, clock);
    running.push(app);
    expect(app.services.contact.queue).toBeUndefined();
    expect((await app.send(VALID)).status).toBe(201);
    expect(app.services.contact.messages.list()[0]).toMatchObject({ status: "kept", attempts: 0 });
  });
});
