import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChangeEvent } from "../../src/server/kernel/db/open-database";
import { createTestApp, ORIGIN, type TestApp } from "./support/test-app";

const VALID = {
  name: "Ada Lovelace",
  email: "ada@example.org",
  subject: "A story tip",
  message: "The council meets in secret on Tuesdays.",
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const send = (json: unknown, headers: Record<string, string> = {}) =>
  t.request("/api/contact", { method: "POST", json, headers: { Origin: ORIGIN, ...headers } });
const stored = () => t.services.contact.messages.list();

async function errorOf(response: Response) {
  return (
    (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }
  ).error;
}

describe("POST /api/contact", () => {
  it("stores a valid message and answers 201 when no SMTP is configured (kept for the dashboard)", async () => {
    const response = await send({ ...VALID, name: "  Ada Lovelace  ", website: "" });
    expect(response.status).toBe(201);
    const [message, ...rest] = stored();
    expect(rest).toHaveLength(0);
    expect(message).toMatchObject({
      ...VALID,
      status: "kept",
      readAt: null,
      attempts: 0,
      nextAttemptAt: null,
    });
  });

  it.each([
    ["name", { name: "   " }, "Name is required"],
    ["name", { name: "x".repeat(121) }, "Keep it under 120 characters"],
    ["email", { email: "" }, "Email is required"],
    ["email", { email: "not-an-address" }, "Enter a valid e-mail address"],
    ["subject", { subject: "" }, "Subject is required"],
    ["subject", { subject: "s".repeat(201) }, "Keep it under 200 characters"],
    ["message", { message: "\n\t " }, "Message is required"],
    ["message", { message: "m".repeat(5001) }, "Keep it under 5000 characters"],
  ])("answers 400 with a message for the %s field (%j)", async (field, change, text) => {
    const response = await send({ ...VALID, ...change });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("invalid_input");
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
    expect(error.fields?.[field]).toBe(text);
    expect(stored()).toHaveLength(0);
  });

  it("names every missing field at once, and refuses a body that is not JSON", async () => {
    const response = await send({});
    expect(response.status).toBe(400);
    expect(Object.keys((await errorOf(response)).fields ?? {}).sort()).toEqual([
      "email",
      "message",
      "name",
      "subject",
    ]);
    const notJson = await t.request("/api/contact", {
      method: "POST",
      body: "name=Ada",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(stored()).toHaveLength(0);
  });

  it("answers 413 for a body over 32 KB, with or without a Content-Length header", async () => {
    const big = { ...VALID, message: "x".repeat(40 * 1024) };
    const response = await send(big);
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe("too_large");
    const streamed = await t.app.request(`${ORIGIN}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: new Blob([JSON.stringify(big)]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(stored()).toHaveLength(0);
  });

  it("accepts a filled honeypot silently and stores nothing", async () => {
    const response = await send({ ...VALID, website: "https://spam.example" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(stored()).toHaveLength(0);
  });

  it("answers 403 'Forbidden' for a blocked address or domain and stores nothing", async () => {
    t.services.content.site.merge({ blockList: ["pest@example.net", "@spam.test"] });
    for (const email of ["Pest@Example.net", "anyone@spam.test", "a@mail.spam.test"]) {
      const response = await send({ ...VALID, email });
      expect(response.status, email).toBe(403);
      expect(await errorOf(response)).toEqual({ code: "forbidden", message: "Forbidden" });
    }
    expect(stored()).toHaveLength(0);
    expect((await send({ ...VALID, email: "friend@example.net" })).status).toBe(201);
    expect(stored()).toHaveLength(1);
  });

  it("answers 429 'Too Many Requests' after 5 messages from one client, without storing the rest", async () => {
    for (let i = 0; i < 5; i++) expect((await send({ ...VALID, subject: `Tip ${i}` })).status).toBe(201);
    const refused = await send({ ...VALID, subject: "One too many" });
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({ code: "rate_limited", message: "Too Many Requests" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(stored().map((m) => m.subject)).not.toContain("One too many");
    expect(stored()).toHaveLength(5);
  });

  it("does not count invalid requests towards the limit", async () => {
    for (let i = 0; i < 8; i++) expect((await send({ ...VALID, email: "nope" })).status).toBe(400);
    expect((await send(VALID)).status).toBe(201);
  });

  it("refuses a cross-site post", async () => {
    const response = await send(VALID, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(stored()).toHaveLength(0);
  });

  it("emits one live 'messages' event when a message is stored", async () => {
    const events: ChangeEvent[] = [];
    const off = t.services.store.onChange((event) => events.push(event));
    await send(VALID);
    off();
    expect(events.map((e) => e.topic)).toEqual(["messages"]);
  });
});

describe("the owner's inbox API", () => {
  it("is for the signed-in owner only", async () => {
    await send(VALID);
    const id = stored()[0]!.id;
    expect((await t.request("/api/messages")).status).toBe(401);
    expect((await t.request("/api/messages/unread-count")).status).toBe(401);
    expect(
      (
        await t.request(`/api/messages/${id}/read`, {
          method: "PUT",
          json: { read: true },
          headers: { Origin: ORIGIN },
        })
      ).status,
    ).toBe(401);
    expect(
      (await t.request(`/api/messages/${id}`, { method: "DELETE", headers: { Origin: ORIGIN } })).status,
    ).toBe(401);
    const { owner } = await t.signIn();
    expect(
      (await owner(`/api/messages/${id}`, { method: "DELETE", headers: { "X-CSRF-Token": "wrong" } })).status,
    ).toBe(403);
    expect(stored()).toHaveLength(1);
  });

  it("lists newest first with the unread count, marks read and unread, and deletes", async () => {
    for (const subject of ["First", "Second", "Third"]) await send({ ...VALID, subject });
    const { owner } = await t.signIn();
    const list = (await (await owner("/api/messages")).json()) as {
      messages: { id: string; subject: string; readAt: string | null }[];
      unread: number;
    };
    expect(list.messages.map((m) => m.subject)).toEqual(["Third", "Second", "First"]);
    expect(list.unread).toBe(3);

    const third = list.messages[0]!.id;
    const read = await owner(`/api/messages/${third}/read`, { method: "PUT", json: { read: true } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { readAt: string | null }).readAt).toMatch(/^\d{4}-/);
    expect(await (await owner("/api/messages/unread-count")).json()).toEqual({ unread: 2 });

    const unread = await owner(`/api/messages/${third}/read`, { method: "PUT", json: { read: false } });
    expect(((await unread.json()) as { readAt: string | null }).readAt).toBeNull();
    expect(await (await owner("/api/messages/unread-count")).json()).toEqual({ unread: 3 });

    expect(
      (await owner(`/api/messages/${third}/read`, { method: "PUT", json: { read: "yes" } })).status,
    ).toBe(400);
    expect((await owner(`/api/messages/${third}`, { method: "DELETE" })).status).toBe(204);
    expect((await owner(`/api/messages/${third}`, { method: "DELETE" })).status).toBe(404);
    expect((await owner(`/api/messages/${third}/read`, { method: "PUT", json: { read: true } })).status).toBe(
      404,
    );
    expect(stored().map((m) => m.subject)).toEqual(["Second", "First"]);
  });
});
