import { describe, expect, it } from "vitest";
import { composeContactMail } from "./contact-mail";

const message = {
  id: "m-1",
  name: "Ada\r\nBcc: victim@example.com",
  email: "ada@example.org",
  subject: "A tip\nabout the council",
  message: "Line one\r\nLine two",
  createdAt: "2026-03-04T10:20:00.000Z",
};
const envelope = {
  from: "Byline <site@example.com>",
  to: "owner@example.com",
  dashboardUrl: "https://x.example/admin/dashboard/messages",
};

describe("composeContactMail", () => {
  it("addresses the owner with the visitor as Reply-To and a prefixed subject", () => {
    const mail = composeContactMail(message, envelope);
    expect(mail.to).toBe("owner@example.com");
    expect(mail.from).toBe("Byline <site@example.com>");
    expect(mail.replyTo).toEqual({ name: "Ada Bcc: victim@example.com", address: "ada@example.org" });
    expect(mail.subject).toBe("Portfolio contact: A tip about the council");
  });

  it("keeps header values on one line and the message text as written", () => {
    const mail = composeContactMail(message, envelope);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.replyTo?.name).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain("\nLine one\nLine two\n");
    expect(mail.text).toContain("Ada Bcc: victim@example.com <ada@example.org> wrote");
    expect(mail.text).toContain("Sent: Wed, 04 Mar 2026 10:20:00 GMT");
    expect(mail.text).toContain(envelope.dashboardUrl);
  });
});
