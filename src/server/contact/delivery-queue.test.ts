import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../kernel/db/open-database";
import { createLogger } from "../kernel/logger";
import type { ContactMail } from "./contact-mail";
import { createDeliveryQueue, type MailTransport } from "./delivery-queue";
import { createMessageRepository, type MessageRepository } from "./message-repository";

let dir: string;
let store: Store;
let messages: MessageRepository;
const clock = { now: Date.parse("2026-01-01T00:00:00Z") };
const input = { name: "A", email: "a@example.org", subject: "S", message: "M" };

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-queue-"));
  store = openStore(dir);
  messages = createMessageRepository(store, () => new Date(clock.now));
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function queueWith(transport: MailTransport, pauseWhen?: () => string | undefined) {
  return createDeliveryQueue({
    pauseWhen,
    messages,
    transport,
    now: () => new Date(clock.now),
    retryBaseMs: 1000,
    logger: createLogger("silent"),
    envelope: () => ({
      from: "site@x.test",
      to: "owner@x.test",
      dashboardUrl: "http://x.test/admin/dashboard/messages",
    }),
  });
}

describe("delivery queue", () => {
  it("never sends a message twice when kicked while a send is in flight", async () => {
    const sent: ContactMail[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const queue = queueWith({
      sendMail: async (mail) => {
        sent.push(mail);
        await gate;
      },
    });
    messages.create(input, "queued");
    queue.kick();
    queue.kick();
    messages.create({ ...input, subject: "Second" }, "queued");
    queue.kick();
    release();
    await queue.idle();
    expect(sent.map((m) => m.subject)).toEqual(["Portfolio contact: S", "Portfolio contact: Second"]);
    expect(messages.list().every((m) => m.status === "delivered" && m.attempts === 1)).toBe(true);
  });

  it("holds the queue while pauseWhen gives a reason, and delivers once it no longer does", async () => {
    const sent: ContactMail[] = [];
    let reason: string | undefined = "The disk is nearly full";
    const queue = queueWith({ sendMail: async (mail) => void sent.push(mail) }, () => reason);
    const { id } = messages.create(input, "queued");
    await queue.runDue();
    expect(sent).toHaveLength(0);
    expect(messages.get(id)).toMatchObject({ status: "queued", attempts: 0 });
    reason = undefined;
    await queue.runDue();
    expect(sent).toHaveLength(1);
  });

  it("leaves kept and delivered messages alone, and stops trying after stop()", async () => {
    const sent: ContactMail[] = [];
    const queue = queueWith({ sendMail: async (mail) => void sent.push(mail) });
    messages.create(input, "kept");
    await queue.runDue();
    expect(sent).toHaveLength(0);
    await queue.stop();
    messages.create(input, "queued");
    await queue.runDue();
    expect(sent).toHaveLength(0);
  });

  it("records each failure with its error and the next due time", async () => {
    const queue = queueWith({ sendMail: async () => Promise.reject(new Error("451 try later\r\n")) });
    const { id } = messages.create(input, "queued");
    await queue.runDue();
    expect(messages.get(id)).toMatchObject({ status: "queued", attempts: 1, lastError: "451 try later" });
    expect(messages.nextDueAt()?.getTime()).toBe(clock.now + 1000);
  });
});
