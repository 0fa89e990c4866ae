import { describe, expect, it } from "vitest";
import type { ContactMessage } from "../../../domain/content";
import { safeHref } from "../../../domain/safe-url";
import { deliveryStatus, formatMessageTime, replyHref } from "./message-status";

const base: ContactMessage = {
  id: "1",
  name: "Ada",
  email: "ada@example.org",
  subject: "Story tip",
  message: "Hello",
  createdAt: "2026-03-04T10:20:00.000Z",
  readAt: null,
  status: "kept",
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: null,
};

describe("deliveryStatus", () => {
  it("names the three states", () => {
    expect(deliveryStatus({ ...base, status: "delivered", deliveredAt: base.createdAt }, "UTC")).toEqual({
      label: "Delivered",
      tone: "ok",
      detail: "E-mailed to you on 4 March 2026, 10:20",
    });
    expect(deliveryStatus(base).label).toBe("Kept in dashboard");
    const queued = deliveryStatus(
      {
        ...base,
        status: "queued",
        attempts: 2,
        lastError: "connect ECONNREFUSED 127.0.0.1:25",
        nextAttemptAt: "2026-03-04T10:21:00.000Z",
      },
      "UTC",
    );
    expect(queued.label).toBe("Queued");
    expect(queued.detail).toBe(
      "Last error: connect ECONNREFUSED 127.0.0.1:25 · 2 attempts · next try 4 March 2026, 10:21",
    );
  });

  it("formats times in the given time zone", () => {
    expect(formatMessageTime("2026-03-04T23:30:00.000Z", "Europe/London")).toBe("4 March 2026, 23:30");
    expect(formatMessageTime("2026-07-04T23:30:00.000Z", "Europe/London")).toBe("5 July 2026, 00:30");
  });
});

describe("replyHref", () => {
  it("is a safe mailto link with one 'Re: '", () => {
    const href = replyHref({ email: "ada@example.org", subject: "Story tip & more" });
    expect(href).toBe("mailto:ada@example.org?subject=Re%3A%20Story%20tip%20%26%20more");
    expect(safeHref(href)).toBe(href);
    expect(replyHref({ email: "ada@example.org", subject: "RE: again" })).toBe(
      "mailto:ada@example.org?subject=RE%3A%20again",
    );
  });
});
