import path from "node:path";
import { z } from "zod";
import { proxyEntry } from "./http/client-address";

/** The only module that reads process.env. Every setting is optional (README, Settings). */

const boolean = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "use true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const TRUST_PROXY_HELP =
  "list the addresses or CIDRs of your reverse proxies, such as loopback, 127.0.0.1, ::1 or 10.0.0.0/8 (false: none)";

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: "use a port number from 1 to 65535" })
    .int("use a port number from 1 to 65535")
    .min(0, "use a port number from 1 to 65535")
    .max(65535, "use a port number from 1 to 65535")
    .default(3000),
  HOST: z.string().min(1, "use a host name or IP address").default("127.0.0.1"),
  DATA_DIR: z.string().min(1, "use a directory path").default("./data"),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: "use an http:// or https:// origin such as https://example.com" })
    .optional(),
  ADMIN_EMAIL: z.email("use an e-mail address").optional(),
  ADMIN_PASSWORD: z.string().min(12, "use at least 12 characters").optional(),
  SEED_DEMO: boolean.default(true),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      message: "use an smtp:// or smtps:// URL such as smtp://user:pass@host:587",
    })
    .optional(),
  MAIL_FROM: z.string().min(3, "use an address such as Byline <site@example.com>").optional(),
  CONTACT_TO: z.email("use an e-mail address").optional(),
  CONTACT_RETRY_BASE_MS: z.coerce
    .number({ message: "use a number of milliseconds from 100 to 3600000" })
    .int("use a number of milliseconds from 100 to 3600000")
    .min(100, "use a number of milliseconds from 100 to 3600000")
    .max(3_600_000, "use a number of milliseconds from 100 to 3600000")
    .default(30_000),
  CONTACT_HOURLY_CAP: z.coerce
    .number({ message: "use a whole number from 1 to 100000" })
    .int("use a whole number from 1 to 100000")
    .min(1, "use a whole number from 1 to 100000")
    .max(100_000, "use a whole number from 1 to 100000")
    .default(50),
  FETCH_ALLOW_PRIVATE: boolean.default(false),
  LIVE_STREAMS_PER_ADDRESS: z.coerce
    .number({ message: "use a whole number from 1 to 10000" })
    .int("use a whole number from 1 to 10000")
    .min(1, "use a whole number from 1 to 10000")
    .max(10_000, "use a whole number from 1 to 10000")
    .default(6),
  IMAGE_CACHE_MB: z.coerce
    .number({ message: "use a whole number of megabytes from 1 to 100000" })
    .int("use a whole number of megabytes from 1 to 100000")
    .min(1, "use a whole number of megabytes from 1 to 100000")
    .max(100_000, "use a whole number of megabytes from 1 to 100000")
    .default(256),
  IMAGE_MISSES_PER_ADDRESS: z.coerce
    .number({ message: "use a whole number from 1 to 100000" })
    .int("use a whole number from 1 to 100000")
    .min(1, "use a whole number from 1 to 100000")
    .max(100_000, "use a whole number from 1 to 100000")
    .default(300),
  CACHE_SHARED_SECONDS: z.coerce
    .number({ message: "use a whole number of seconds from 0 to 86400" })
    .int("use a whole number of seconds from 0 to 86400")
    .min(0, "use a whole number of seconds from 0 to 86400")
    .max(86_400, "use a whole number of seconds from 0 to 86400")
    .default(1),
  CACHE_STALE_SECONDS: z.coerce
    .number({ message: "use a whole number of seconds from 0 to 86400" })
    .int("use a whole number of seconds from 0 to 86400")
    .min(0, "use a whole number of seconds from 0 to 86400")
    .max(86_400, "use a whole number of seconds from 0 to 86400")
    .default(60),
  LINK_CHECK_DAILY: boolean.default(true),
  LINK_CHECK_PAUSE_MS: z.coerce
    .number({ message: "use a number of milliseconds from 0 to 600000" })
    .int("use a number of milliseconds from 0 to 600000")
    .min(0, "use a number of milliseconds from 0 to 600000")
    .max(600_000, "use a number of milliseconds from 0 to 600000")
    .default(3000),
  LINK_CHECK_TIMEOUT_MS: z.coerce
    .number({ message: "use a number of milliseconds from 100 to 120000" })
    .int("use a number of milliseconds from 100 to 120000")
    .min(100, "use a number of milliseconds from 100 to 120000")
    .max(120_000, "use a number of milliseconds from 100 to 120000")
    .default(15_000),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
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
    })
    .default([]),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BUILD_DIR: z.string().min(1, "use a directory path").default("build"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /** False when PUBLIC_URL is unset and `publicUrl` is only a guess from the port. */
  publicUrlIsSet: boolean;
  secureCookies: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  contactTo: string | undefined;
  /** First wait before retrying a failed contact e-mail; later waits double, up to 120× this. */
  contactRetryBaseMs: number;
  /** Contact messages the site stores in an hour, from all senders together. */
  contactHourlyCap: number;
  /** CIDRs of the reverse proxies whose X-Forwarded-For is believed; empty: none. */
  trustProxy: string[];
  fetchAllowPrivate: boolean;
  /** Live streams one visitor's address may hold at once. */
  liveStreamsPerAddress: number;
  /** Megabytes of resized images kept on disk. */
  imageCacheMb: number;
  /** Images not cached yet that one address may cause to be fetched in 10 minutes. */
  imageMissesPerAddress: number;
  /**
   * Cache-Control for what every anonymous visitor gets the same of: a CDN or proxy may keep it
   * CACHE_SHARED_SECONDS, then serve it stale CACHE_STALE_SECONDS more while it asks again.
   */
  publicCacheControl: string;
  /** Whether the background link check runs (the owner's "Check links" works either way). */
  linkCheckDaily: boolean;
  /** The wait between two link-check requests to the same host. */
  linkCheckPauseMs: number;
  /** How long a link check waits for a publisher's answer. */
  linkCheckTimeoutMs: number;
  logLevel: string;
  production: boolean;
  buildDir: string;
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
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither");
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl,
    publicUrlIsSet: e.PUBLIC_URL !== undefined,
    secureCookies: publicUrl.startsWith("https://"),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactTo: e.CONTACT_TO,
    contactRetryBaseMs: e.CONTACT_RETRY_BASE_MS,
    contactHourlyCap: e.CONTACT_HOURLY_CAP,
    trustProxy: e.TRUST_PROXY,
    fetchAllowPrivate: e.FETCH_ALLOW_PRIVATE,
    liveStreamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
    imageCacheMb: e.IMAGE_CACHE_MB,
    imageMissesPerAddress: e.IMAGE_MISSES_PER_ADDRESS,
    publicCacheControl: `public, max-age=0, s-maxage=${e.CACHE_SHARED_SECONDS}, stale-while-revalidate=${e.CACHE_STALE_SECONDS}`,
    linkCheckDaily: e.LINK_CHECK_DAILY,
    linkCheckPauseMs: e.LINK_CHECK_PAUSE_MS,
    linkCheckTimeoutMs: e.LINK_CHECK_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === "production",
    buildDir: path.resolve(e.BUILD_DIR),
  };
}
