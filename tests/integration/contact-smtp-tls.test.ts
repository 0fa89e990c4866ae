import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContactService } from "../../src/server/contact/contact-service";
import { createSmtpTransport, smtpTransportOptions } from "../../src/server/kernel/mail/smtp-transport";
import { openStore, type Store } from "../../src/server/kernel/db/open-database";
import { createLogger } from "../../src/server/kernel/logger";
import { createContentRepositories } from "../../src/server/content/content-repositories";
import { startSmtpInbox, type SmtpInbox } from "./support/contact-smtp-inbox";

describe("SMTP options", () => {
  it("require TLS 1.2 or newer for a mail server beyond this machine", () => {
    const starttls = smtpTransportOptions("smtp://site:secret@mail.example:587");
    expect(starttls).toMatchObject({ requireTLS: true, tls: { minVersion: "TLSv1.2" } });
    const implicit = smtpTransportOptions("smtps://site:secret@mail.example:465");
    expect(implicit).toMatchObject({ requireTLS: false, tls: { minVersion: "TLSv1.2" } });
  });

  it("do not let the URL's query switch TLS off", () => {
    const options = smtpTransportOptions(
      "smtp://mail.example:587?ignoreTLS=true&requireTLS=false&tls.minVersion=TLSv1&tls.rejectUnauthorized=false",
    );
    expect(options).toMatchObject({
      ignoreTLS: false,
      requireTLS: true,
      tls: { minVersion: "TLSv1.2", rejectUnauthorized: false },
    });
  });

  it("keep the URL's own settings and credentials", () => {
    expect(smtpTransportOptions("smtp://site%40example.org:p%3Ass@mail.example:2525")).toMatchObject({
      host: "mail.example",
      port: 2525,
      secure: false,
      auth: { user: "site@example.org", pass: "p:ss" },
      connectionTimeout: 15_000,
    });
  });

  it("leave a mail server on loopback alone", () => {
    for (const url of ["smtp://127.0.0.1:25", "smtp://localhost:25", "smtp://[::1]:25"]) {
      expect(smtpTransportOptions(url), url).not.toHaveProperty("requireTLS");
    }
  });
});

describe("delivery to a mail server that does not offer STARTTLS", () => {
  let inbox: SmtpInbox;
  let dataDir: string;
  let store: Store;
  beforeEach(async () => {
    inbox = await startSmtpInbox();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-smtp-tls-"));
    store = openStore(dataDir);
  });
  afterEach(async () => {
    await inbox.stop();
    store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is refused when TLS is required, and the message stays queued", async () => {
    // The inbox listens on loopback without STARTTLS: it plays a remote server whose STARTTLS an
    // attacker stripped from the greeting.
    const contact = createContactService({
      store,
      config: {
        smtpUrl: inbox.url,
        mailFrom: "Byline <site@byline.test>",
        contactTo: "owner@byline.test",
        publicUrl: "https://byline.test",
        contactRetryBaseMs: 60_000,
      },
      logger: createLogger("silent"),
      site: () => createContentRepositories(store).site.get(),
      transport: createSmtpTransport(inbox.url, { requireTls: true }),
    });
    const result = contact.submit({
      name: "Zoë",
      email: "zoe@example.org",
      subject: "Minutes",
      message: "The minutes of Tuesday.",
    });
    expect(result.outcome).toBe("stored");
    const id = result.outcome === "stored" ? result.message.id : "";
    await contact.queue!.runDue();
    expect(inbox.mails).toHaveLength(0);
    const kept = contact.messages.get(id)!;
    expect(kept.status).toBe("queued");
    expect(kept.attempts).toBe(1);
    expect(kept.lastError).toMatch(/STARTTLS|TLS/i);
    await contact.stop();
  });
});
