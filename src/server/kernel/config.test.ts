import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("uses the documented defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      publicUrlIsSet: false,
      secureCookies: false,
      seedDemo: true,
      fetchAllowPrivate: false,
      adminEmail: undefined,
      smtpUrl: undefined,
      contactRetryBaseMs: 30_000,
      contactPerAddress: 5,
      contactHourlyCap: 50,
      signInAttemptsPerAddress: 10,
      trustProxy: [],
      liveStreamsPerAddress: 6,
      imageCacheMb: 256,
      imageMissesPerAddress: 300,
      pageMissesPerAddress: 120,
      clipBookDownloadsPerAddress: 20,
      waczDownloadsPerAddress: 30,
      readsPerAddress: 60,
      readsPerNetwork: 300,
      readReferrersPerAddress: 5,
      readsHourlyCap: 3000,
      liveStreamsTotal: 1000,
      publicCacheControl: "public, max-age=0, s-maxage=1, stale-while-revalidate=60",
      linkCheckDaily: true,
      linkCheckPauseMs: 3000,
      linkCheckTimeoutMs: 15_000,
      logLevel: "info",
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.buildDir).toMatch(/\/build$/);
  });

  it("reads each number setting, every rate limit among them", () => {
    expect(
      loadConfig({
        CONTACT_PER_ADDRESS: "2",
        SIGN_IN_ATTEMPTS_PER_ADDRESS: "3",
        CONTACT_HOURLY_CAP: "4",
        CLIP_BOOK_DOWNLOADS_PER_ADDRESS: "5",
        WACZ_DOWNLOADS_PER_ADDRESS: "6",
        READS_PER_ADDRESS: "7",
        READS_PER_NETWORK: "8",
        READ_REFERRERS_PER_ADDRESS: "9",
        READS_HOURLY_CAP: "10",
        LIVE_STREAMS_TOTAL: "11",
        CACHE_SHARED_SECONDS: "0",
        CACHE_STALE_SECONDS: "86400",
      }),
    ).toMatchObject({
      contactPerAddress: 2,
      signInAttemptsPerAddress: 3,
      contactHourlyCap: 4,
      clipBookDownloadsPerAddress: 5,
      waczDownloadsPerAddress: 6,
      readsPerAddress: 7,
      readsPerNetwork: 8,
      readReferrersPerAddress: 9,
      readsHourlyCap: 10,
      liveStreamsTotal: 11,
      publicCacheControl: "public, max-age=0, s-maxage=0, stale-while-revalidate=86400",
    });
  });

  it("derives Secure cookies from an https PUBLIC_URL and trims its trailing slash", () => {
    const config = loadConfig({ PUBLIC_URL: "https://clips.example/", PORT: "8080" });
    expect(config.publicUrl).toBe("https://clips.example");
    expect(config.publicUrlIsSet).toBe(true);
    expect(config.secureCookies).toBe(true);
    expect(config.port).toBe(8080);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", SMTP_URL: "" }).port).toBe(3000);
  });

  it.each([
    [{ PORT: "eighty" }, 'PORT="eighty": use a port number from 1 to 65535'],
    [{ PORT: "70000" }, 'PORT="70000": use a port number from 1 to 65535'],
    [{ PUBLIC_URL: "ftp://x.example" }, 'PUBLIC_URL="ftp://x.example": use an http:// or https:// origin'],
    [{ SEED_DEMO: "maybe" }, 'SEED_DEMO="maybe": use true or false'],
    [{ FETCH_ALLOW_PRIVATE: "sure" }, 'FETCH_ALLOW_PRIVATE="sure": use true or false'],
    [
      { ADMIN_EMAIL: "not-an-address", ADMIN_PASSWORD: "long enough password" },
      'ADMIN_EMAIL="not-an-address": use an e-mail address',
    ],
    [
      { ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "short" },
      "ADMIN_PASSWORD=(hidden): use at least 12 characters",
    ],
    [{ ADMIN_EMAIL: "a@example.com" }, "ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither"],
    [{ WAYBACK_ACCESS_KEY: "k" }, "WAYBACK_ACCESS_KEY and WAYBACK_SECRET_KEY: set both or neither"],
    [{ WAYBACK_PER_MINUTE: "60" }, 'WAYBACK_PER_MINUTE="60": use a whole number from 1 to 12'],
    [
      { WAYBACK_URL: "ftp://archive.example" },
      'WAYBACK_URL="ftp://archive.example": use an http:// or https:// origin',
    ],
    [{ SMTP_URL: "http://mail.example" }, 'SMTP_URL="http://mail.example": use an smtp:// or smtps:// URL'],
    [{ CONTACT_TO: "nobody" }, 'CONTACT_TO="nobody": use an e-mail address'],
    [{ CONTACT_PER_ADDRESS: "0" }, 'CONTACT_PER_ADDRESS="0": use a whole number from 1 to 100000'],
    [{ CONTACT_HOURLY_CAP: "2.5" }, 'CONTACT_HOURLY_CAP="2.5": use a whole number from 1 to 100000'],
    [
      { SIGN_IN_ATTEMPTS_PER_ADDRESS: "ten" },
      'SIGN_IN_ATTEMPTS_PER_ADDRESS="ten": use a whole number from 1 to 100000',
    ],
    [
      { LIVE_STREAMS_PER_ADDRESS: "10001" },
      'LIVE_STREAMS_PER_ADDRESS="10001": use a whole number from 1 to 10000',
    ],
    [{ READS_HOURLY_CAP: "0" }, 'READS_HOURLY_CAP="0": use a whole number from 1 to 10000000'],
    [
      { WACZ_DOWNLOADS_PER_ADDRESS: "lots" },
      'WACZ_DOWNLOADS_PER_ADDRESS="lots": use a whole number from 1 to 100000',
    ],
    [{ IMAGE_CACHE_MB: "0" }, 'IMAGE_CACHE_MB="0": use a whole number of megabytes from 1 to 100000'],
    [
      { CACHE_STALE_SECONDS: "86401" },
      'CACHE_STALE_SECONDS="86401": use a whole number of seconds from 0 to 86400',
    ],
    [
      { CONTACT_RETRY_BASE_MS: "99" },
      'CONTACT_RETRY_BASE_MS="99": use a number of milliseconds from 100 to 3600000',
    ],
    [
      { LINK_CHECK_PAUSE_MS: "-1" },
      'LINK_CHECK_PAUSE_MS="-1": use a number of milliseconds from 0 to 600000',
    ],
    [
      { LINK_CHECK_TIMEOUT_MS: "soon" },
      'LINK_CHECK_TIMEOUT_MS="soon": use a number of milliseconds from 100 to 120000',
    ],
  ])("refuses %j, naming the variable and what is allowed", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("accepts the boolean spellings people use", () => {
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "0" }).seedDemo).toBe(false);
    expect(loadConfig({ FETCH_ALLOW_PRIVATE: "true" }).fetchAllowPrivate).toBe(true);
    expect(loadConfig({ FETCH_ALLOW_PRIVATE: "yes" }).fetchAllowPrivate).toBe(true);
  });
});

describe("TRUST_PROXY", () => {
  it("trusts no proxy unless addresses are listed", () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, ::1,10.0.0.0/8" }).trustProxy).toEqual([
      "127.0.0.1/32",
      "::1/128",
      "10.0.0.0/8",
    ]);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toEqual(["127.0.0.0/8", "::1/128"]);
  });

  it("refuses `true` (which proxies?) and entries that are not addresses", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY="true": list the addresses or CIDRs of your reverse proxies/,
    );
    expect(() => loadConfig({ TRUST_PROXY: "127.0.0.1,proxy.lan" })).toThrow(
      /"proxy.lan" is not an address or CIDR/,
    );
  });
});

describe("config errors", () => {
  it("never print a password, in ADMIN_PASSWORD or in SMTP_URL", () => {
    const secret = "hunter2-but-longer";
    let message = "";
    try {
      loadConfig({
        ADMIN_EMAIL: "not-an-address",
        ADMIN_PASSWORD: "short",
        SMTP_URL: `http://mailer:${secret}@mail.example:587`,
        PORT: "eighty",
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("ADMIN_PASSWORD=(hidden): use at least 12 characters");
    expect(message).toContain('SMTP_URL="http://(hidden)@mail.example:587"');
    expect(message).toContain('PORT="eighty"');
    expect(message).not.toContain("short");
    expect(message).not.toContain(secret);
    expect(message).not.toContain("mailer");
  });

  it("hide the credentials of an SMTP_URL whose password holds an @", () => {
    expect(() => loadConfig({ SMTP_URL: "ftp://u:p@ss/word@mail.example", TRUST_PROXY: "x" })).toThrow(
      'SMTP_URL="ftp://(hidden)@mail.example"',
    );
  });
});
