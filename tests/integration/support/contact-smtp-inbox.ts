import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One e-mail as a real SMTP server received it. */
export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  text: string;
  raw: string;
};

function qpBytes(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

const decodeQuotedPrintable = (body: string) => qpBytes(body.replace(/=\r?\n/g, ""));

/** RFC 2047 encoded words such as =?UTF-8?Q?Zo=C3=AB?= in header values. */
const decodeWords = (value: string) =>
  value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : qpBytes(data.replace(/_/g, " ")),
    );

/** Enough of RFC 5322/2045 for the plain-text mails the server sends: headers and the text body. */
export function parseMail(raw: string): Pick<ReceivedMail, "headers" | "text"> {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  let text = body;
  if (encoding === "quoted-printable") text = decodeQuotedPrintable(body);
  else if (encoding === "base64") text = Buffer.from(body, "base64").toString("utf8");
  return { headers, text: text.replace(/\r\n/g, "\n") };
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. `stop()` and `start()` take it
 * down and bring it back on the same port, to test delivery while the mail server is away.
 */
export async function startSmtpInbox() {
  const mails: ReceivedMail[] = [];
  /** Addresses the server refuses at RCPT TO with a permanent 550, and every RCPT TO it was given. */
  const refused = new Set<string>();
  const recipients: string[] = [];
  const arrivals = new EventEmitter();
  let server: SMTPServer | undefined;
  let port = 0;

  async function start() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        recipients.push(address.address);
        if (!refused.has(address.address)) return callback();
        const error = Object.assign(new Error("5.1.1 No such mailbox here"), { responseCode: 550 });
        callback(error);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const from = session.envelope.mailFrom;
          const mail: ReceivedMail = {
            envelopeFrom: from ? from.address : "",
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            raw,
            ...parseMail(raw),
          };
          mails.push(mail);
          arrivals.emit("mail", mail);
          callback();
        });
      },
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => resolve());
    });
    port = (listening.server.address() as AddressInfo).port;
  }

  await start();
  return {
    mails,
    refused,
    recipients,
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    start,
    async stop() {
      const closing = server;
      server = undefined;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    /** The first mail (already received or yet to come) that matches. */
    waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const onMail = (mail: ReceivedMail) => {
          if (!match(mail)) return;
          clearTimeout(timer);
          arrivals.off("mail", onMail);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          arrivals.off("mail", onMail);
          reject(new Error(`no matching mail within ${timeoutMs} ms; received ${mails.length}`));
        }, timeoutMs);
        arrivals.on("mail", onMail);
      });
    },
  };
}

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>;
