import path from "node:path";
import { z } from "zod";
import { proxyEntry } from "./http/client-address";

/**
 * The only module that reads process.env. Each setting is declared once, in `settings` below: how
 * its text is checked and turned into a value, its default, and what it means. From that come the
 * checks, the `Config` type and README's Configuration table (`npm run docs:settings` writes it, a
 * test keeps it so). Every setting is optional.
 */

type Setting<T> = {
  /** The variable's text in, the value the code uses out; bad text is refused with a message. */
  check: z.ZodType<T>;
  /** The text the variable has when it is unset or empty; without one, the value is undefined. */
  default: string | undefined;
  /** README's Configuration table says this of it (Markdown). */
  meaning: string;
};

function setting<T>(declared: { check: z.ZodType<T>; default: string; meaning: string }): Setting<T> {
  return { ...declared, check: declared.check.prefault(declared.default) };
}

function optional<T>(declared: { check: z.ZodType<T>; meaning: string }): Setting<T | undefined> {
  return { ...declared, check: declared.check.optional(), default: undefined };
}

/**
 * A whole number from `min` to `max`; anything else is refused with "use <words> from
 * <offeredMin> to <max>" (a lower `min` than the one offered is there for tests).
 */
function wholeNumber(words: string, min: number, max: number, offeredMin = min) {
  const message = `use ${words} from ${offeredMin} to ${max}`;
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message);
}

const boolean = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "use true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const directory = z
  .string()
  .min(1, "use a directory path")
  .transform((value) => path.resolve(value));

const TRUST_PROXY_HELP =
  "list the addresses or CIDRs of your reverse proxies, such as loopback, 127.0.0.1, ::1 or 10.0.0.0/8 (false: none)";

const proxyList = z.string().transform((value, ctx) => {
  if (/^(false|0|no|none)$/i.test(value.trim())) return [];
  if (/^(true|1|yes)$/i.test(value.trim())) {
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_HELP });
    return z.NEVER;
  }
  const cidrs: string[] = [];
  for (const entry of value.split(",").filter((e) => e.trim())) {
    const parsed = proxyEntry(entry);
    if (!parsed) {
      ctx.addIssue({
        code: "custom",
        message: `"${entry.trim()}" is not an address or CIDR; ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    cidrs.push(...parsed);
  }
  return cidrs;
});

/** Every setting, in the order README's table lists them. */
export const settings = {
  PORT: setting({
    // 0 (any free port) is for tests; the message offers real ports only.
    check: wholeNumber("a port number", 0, 65_535, 1),
    default: "3000",
    meaning: "the port the server listens on",
  }),
  HOST: setting({
    check: z.string().min(1, "use a host name or IP address"),
    default: "127.0.0.1",
    meaning: "the address the server listens on",
  }),
  DATA_DIR: setting({
    check: directory,
    default: "./data",
    meaning:
      "database (`byline.sqlite`), uploaded images (`uploads/`), image cache, web-archive captures (`archive/warc/`) and each clip's WACZ (`archive/wacz/`)",
  }),
  PUBLIC_URL: optional({
    check: z.url({
      protocol: /^https?$/,
      message: "use an http:// or https:// origin such as https://example.com",
    }),
    meaning:
      "canonical origin for links, the sitemap and the feed; https turns on `Secure` `__Host-` cookies and `Strict-Transport-Security`. Unset, only `localhost`, `127.x.x.x`, `[::1]` and the `HOST` address are served (other `Host` names get 421) and pages name the host they were asked for",
  }),
  ADMIN_EMAIL: optional({
    check: z.email("use an e-mail address").transform((email) => email.toLowerCase()),
    meaning: "at start, create the owner with this e-mail address if none exists (set `ADMIN_PASSWORD` too)",
  }),
  ADMIN_PASSWORD: optional({
    check: z.string().min(12, "use at least 12 characters"),
    meaning: "the password of the owner `ADMIN_EMAIL` creates",
  }),
  SEED_DEMO: setting({
    check: boolean,
    default: "true",
    meaning: "put demo content into an empty database",
  }),
  SMTP_URL: optional({
    check: z.url({
      protocol: /^smtps?$/,
      message: "use an smtp:// or smtps:// URL such as smtp://user:pass@host:587",
    }),
    meaning:
      "the mail server for contact-form delivery. One beyond loopback must speak TLS 1.2+: `smtps://`, or `smtp://` with STARTTLS, which is then required (never clear text)",
  }),
  MAIL_FROM: optional({
    check: z.string().min(3, "use an address such as Byline <site@example.com>"),
    meaning:
      "the sender of contact-form mail: set an address your mail server accepts; the fallback `Byline <no-reply@PUBLIC_URL host>` is often refused",
  }),
  CONTACT_TO: optional({
    check: z.email("use an e-mail address"),
    meaning: "where contact-form mail goes (unset: the site's e-mail)",
  }),
  CONTACT_RETRY_BASE_MS: setting({
    check: wholeNumber("a number of milliseconds", 100, 3_600_000),
    default: "30000",
    meaning: "first retry delay for a failed delivery; doubles each time, capped at 120×",
  }),
  CONTACT_PER_ADDRESS: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "5",
    meaning:
      "contact messages one visitor's address may send in 10 minutes (one refused as too large or invalid does not count); more get 429 `rate_limited`",
  }),
  CONTACT_HOURLY_CAP: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "50",
    meaning:
      "contact messages the site stores in an hour from everyone together; past it the form answers 429 `contact_busy`, so a botnet cannot fill the database or the owner's mailbox",
  }),
  FOLLOW_PER_ADDRESS: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "5",
    meaning:
      "'Follow my work' sign-ups one visitor's address may make in 10 minutes (an invalid one does not count); more get 429 `rate_limited`",
  }),
  ACCOUNT_CHECK_RUNS: setting({
    check: wholeNumber("a whole number", 1, 1000),
    default: "5",
    meaning:
      "runs of the owner's 'Check my accounts' in 15 minutes (each fetches every account's page); more get 429 `rate_limited`",
  }),
  FOLLOW_HOURLY_CAP: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "50",
    meaning:
      "'Follow my work' sign-ups the site takes in an hour from everyone together; past it the form answers 429 `follow_busy`. Whatever the limits, one address gets one confirmation e-mail a day at most",
  }),
  FEDIVERSE_INBOX_PER_MINUTE: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "120",
    meaning:
      "activities one address may post to the site's fediverse inbox in a minute; more get 429 `rate_limited` before their signature is checked (a check can fetch the sender's key from anywhere)",
  }),
  FOLLOW_DIGEST_DELAY_SECONDS: setting({
    check: wholeNumber("a number of seconds", 0, 86_400),
    default: "180",
    meaning:
      "with followers told 'Immediately', how long after a clip is published their e-mail waits for more clips to go with it",
  }),
  SIGN_IN_ATTEMPTS_PER_ADDRESS: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "10",
    meaning:
      "sign-in (and owner setup) attempts one address may make in 15 minutes, a successful sign-in not counted; more get 429, while other addresses, the owner's among them, are not held up",
  }),
  TRUST_PROXY: setting({
    check: proxyList,
    default: "none",
    meaning:
      "the reverse proxies in front, comma-separated addresses or CIDRs (`127.0.0.1`, `::1`, `10.0.0.0/8`, `loopback`). Only from them is `X-Forwarded-For` believed; rate limits count its right-most address that is not a listed proxy, IPv6 by /64. `none` or `false` means none; `true` is refused",
  }),
  LIVE_STREAMS_PER_ADDRESS: setting({
    check: wholeNumber("a whole number", 1, 10_000),
    default: "6",
    meaning:
      "live-update streams one visitor's address may hold at once (about a browser's connections per host); more get 429, so one address cannot take the streams of everyone else (`LIVE_STREAMS_TOTAL` in all)",
  }),
  IMAGE_CACHE_MB: setting({
    check: wholeNumber("a whole number of megabytes", 1, 100_000),
    default: "256",
    meaning: "disk the image cache may use for resized copies; the least recently used go first",
  }),
  CAPTURES_MB: setting({
    check: wholeNumber("a whole number of megabytes", 1, 1_000_000),
    default: "2048",
    meaning:
      "disk the web-archive captures (`archive/warc/`) may use; over it, the oldest captures of articles that have a newer one go first (never an article's only capture)",
  }),
  BACKUPS_MB: setting({
    check: wholeNumber("a whole number of megabytes", 1, 1_000_000),
    default: "4096",
    meaning:
      "disk the local backups may use: after each `byline backup DIR`, the oldest `byline-*` folders beside `DIR` are deleted until they fit (never the one just made); Home counts `backups/` in `DATA_DIR`",
  }),
  DISK_WARN_MB: setting({
    check: wholeNumber("a whole number of megabytes", 1, 1_000_000),
    default: "500",
    meaning:
      "Home warns, the owner gets an e-mail once a day, and captures, image warm-up, the clip watch and the Wayback queue wait while the data directory's disk has less free than this or `DISK_WARN_PERCENT`, whichever is smaller",
  }),
  DISK_WARN_PERCENT: setting({
    check: wholeNumber("a whole percentage", 1, 90),
    default: "10",
    meaning: "the same warning as a share of the disk's size",
  }),
  DISK_FLOOR_MB: setting({
    check: wholeNumber("a whole number of megabytes", 0, 100_000),
    default: "20",
    meaning:
      "below this much free space no write is expected to succeed: `/healthz` answers 503 with the reason (and again 200 once space returns)",
  }),
  IMAGE_MISSES_PER_ADDRESS: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "300",
    meaning:
      "images not yet cached that one address may cause to be downloaded in 10 minutes (cached ones are never limited); more get 429",
  }),
  PAGE_MISSES_PER_ADDRESS: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "120",
    meaning:
      "public pages and reads with a query not yet cached (`/?article=…`, `/feed.xml?x=…`) that one address may cause to be rendered in 10 minutes (cached ones, and addresses without a query, are never limited); more get 429, so nobody can force a render per request",
  }),
  CLIP_BOOK_DOWNLOADS_PER_ADDRESS: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "20",
    meaning:
      "clip books (PDF) one visitor's address may download through collections' links in 10 minutes (a book not made yet costs seconds of work); more get 429",
  }),
  WACZ_DOWNLOADS_PER_ADDRESS: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "30",
    meaning:
      "articles' web archives (`archive.wacz`) one visitor's address may download in 10 minutes; more get 429",
  }),
  READS_PER_ADDRESS: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "60",
    meaning:
      "reads (opened articles, collections, clip books) one visitor's address may add to the read counts in an hour, IPv6 by /56 (a household); more are not counted",
  }),
  READS_PER_NETWORK: setting({
    check: wholeNumber("a whole number", 1, 1_000_000),
    default: "300",
    meaning:
      "reads one IPv6 /48 (a site's delegation, free from a tunnel broker) may add to the read counts in an hour; more are not counted",
  }),
  READ_REFERRERS_PER_ADDRESS: setting({
    check: wholeNumber("a whole number", 1, 10_000),
    default: "5",
    meaning:
      "referring sites one visitor's address (IPv6: /56) may name in the read counts in an hour; more are counted without their referrer",
  }),
  READS_HOURLY_CAP: setting({
    check: wholeNumber("a whole number", 1, 10_000_000),
    default: "3000",
    meaning:
      "reads the site adds to the read counts in an hour from everyone together, so a botnet cannot grow the table without bound; more are not counted",
  }),
  LIVE_STREAMS_TOTAL: setting({
    check: wholeNumber("a whole number", 1, 100_000),
    default: "1000",
    meaning:
      "live-update streams the server holds at once from everyone together; past it a new one gets 503 `too_many_streams`",
  }),
  CACHE_SHARED_SECONDS: setting({
    check: wholeNumber("a whole number of seconds", 0, 86_400),
    default: "1",
    meaning:
      "how long a CDN or caching proxy may keep a public page or public JSON read before asking again (`s-maxage`); signed-in answers are never shared (`docs/deploy.md`, micro-caching)",
  }),
  CACHE_STALE_SECONDS: setting({
    check: wholeNumber("a whole number of seconds", 0, 86_400),
    default: "60",
    meaning:
      "how long such a cache may go on serving the old copy while it fetches the new one (`stale-while-revalidate`)",
  }),
  LINK_CHECK_DAILY: setting({
    check: boolean,
    default: "true",
    meaning:
      "check every article's address about once a day in the background (the dashboard's \"Check links\" works either way)",
  }),
  LINK_CHECK_PAUSE_MS: setting({
    check: wholeNumber("a number of milliseconds", 0, 600_000),
    default: "3000",
    meaning:
      "the wait between two requests to the same outlet (registrable domain), after each one starts and ends: pages, feeds, sitemaps, lead images and link checks alike",
  }),
  LINK_CHECK_TIMEOUT_MS: setting({
    check: wholeNumber("a number of milliseconds", 100, 120_000),
    default: "15000",
    meaning: "how long a link check waits for a publisher's answer",
  }),
  WATCH_INTERVAL_MINUTES: setting({
    check: wholeNumber("a number of minutes", 1, 10_080, 30),
    default: "360",
    meaning:
      'how often the clip watch checks each watched source for new articles (the sources are spread across the interval; the Clips tab\'s "Check now" works at any time)',
  }),
  WAYBACK_ACCESS_KEY: optional({
    check: z.string().trim().min(1, "use your Internet Archive S3 access key"),
    meaning:
      "your Internet Archive S3 access key (archive.org/account/s3.php; set `WAYBACK_SECRET_KEY` too): every article is then sent to the Wayback Machine's Save Page Now. Unset, articles wait in the queue and nothing is sent",
  }),
  WAYBACK_SECRET_KEY: optional({
    check: z.string().trim().min(1, "use your Internet Archive S3 secret key"),
    meaning: "the secret of `WAYBACK_ACCESS_KEY`; the keys are sent to `WAYBACK_URL` and nowhere else",
  }),
  WAYBACK_PER_MINUTE: setting({
    check: wholeNumber("a whole number", 1, 12),
    default: "3",
    meaning:
      "pages sent to Save Page Now in a minute at most, under its published limits for signed-in users; a backlog (an import) drains at this pace, across restarts",
  }),
  WAYBACK_URL: setting({
    check: z
      .url({ protocol: /^https?$/, message: "use an http:// or https:// origin" })
      .transform((value) => value.replace(/\/+$/, "")),
    default: "https://web.archive.org",
    meaning:
      "the Wayback Machine: Save Page Now (`/save`) and the availability API (`/wayback/available`), which finds a copy of a gone original Byline kept no text of (tests point it at a fake)",
  }),
  FETCH_ALLOW_PRIVATE: setting({
    check: boolean,
    default: "false",
    meaning: "allow server-side fetches of loopback/private addresses (tests only)",
  }),
  LOG_LEVEL: setting({
    check: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
    default: "info",
    meaning: "pino log level",
  }),
  BUILD_DIR: setting({
    check: directory,
    default: "build",
    meaning: "where `npm run build` writes and the server reads the production build",
  }),
  NODE_ENV: setting({
    check: z.enum(["development", "production", "test"]),
    default: "development",
    meaning: "`npm start` and `npm run serve` set `production`, which React and other libraries read",
  }),
};

type Settings = typeof settings;
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}`
  : Lowercase<S>;
const camelCase = (name: string) =>
  name.toLowerCase().replace(/_([a-z\d])/g, (_, c: string) => c.toUpperCase());

/** Each setting's value under its variable's name in camelCase: CONTACT_HOURLY_CAP is `contactHourlyCap`. */
type SettingValues = {
  [Name in keyof Settings as CamelCase<Name>]: Settings[Name] extends Setting<infer T> ? T : never;
};

export type Config = Omit<SettingValues, "publicUrl"> & {
  /** PUBLIC_URL without a trailing slash; unset, a guess from the port. */
  publicUrl: string;
  /** False when PUBLIC_URL is unset and `publicUrl` is only a guess from the port. */
  publicUrlIsSet: boolean;
  /** False when DATA_DIR is unset and `dataDir` is the default `./data`. */
  dataDirIsSet: boolean;
  secureCookies: boolean;
  /**
   * Cache-Control for what every anonymous visitor gets the same of: a CDN or proxy may keep it
   * CACHE_SHARED_SECONDS, then serve it stale CACHE_STALE_SECONDS more while it asks again.
   */
  publicCacheControl: string;
};

export class ConfigError extends Error {}

const SECRET_NAME = /PASSWORD|SECRET|TOKEN|KEY/i;

/**
 * A value as a config error may print it: start-up output ends up in logs and support requests,
 * so secrets are never echoed, and a URL loses everything before its host.
 */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return "(unset)";
  if (SECRET_NAME.test(name)) return "(hidden)";
  const at = value.lastIndexOf("@");
  if (name.endsWith("_URL") && at >= 0) {
    const scheme = /^[a-z][a-z\d+.-]*:\/\//i.exec(value)?.[0] ?? "";
    return JSON.stringify(`${scheme}(hidden)@${value.slice(at + 1)}`);
  }
  return JSON.stringify(value);
}

const envSchema = z.object(
  Object.fromEntries(Object.entries(settings).map(([name, { check }]) => [name, check])),
);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join(".")}=${shownValue(String(issue.path[0]), present[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = Object.fromEntries(
    Object.keys(settings).map((name) => [camelCase(name), parsed.data[name]]),
  ) as SettingValues;
  if ((values.adminEmail === undefined) !== (values.adminPassword === undefined)) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither");
  }
  if ((values.waybackAccessKey === undefined) !== (values.waybackSecretKey === undefined)) {
    throw new ConfigError(
      "Invalid configuration:\n  WAYBACK_ACCESS_KEY and WAYBACK_SECRET_KEY: set both or neither",
    );
  }
  const publicUrl = (values.publicUrl ?? `http://localhost:${values.port}`).replace(/\/+$/, "");
  return {
    ...values,
    publicUrl,
    publicUrlIsSet: values.publicUrl !== undefined,
    dataDirIsSet: present.DATA_DIR !== undefined,
    secureCookies: publicUrl.startsWith("https://"),
    publicCacheControl: `public, max-age=0, s-maxage=${values.cacheSharedSeconds}, stale-while-revalidate=${values.cacheStaleSeconds}`,
  };
}
