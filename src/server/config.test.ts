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
    });
    expect(config.dataDir).toMatch(/\/data$/);
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
    [{ SMTP_URL: "http://mail.example" }, 'SMTP_URL="http://mail.example": use an smtp:// or smtps:// URL'],
    [{ CONTACT_TO: "nobody" }, 'CONTACT_TO="nobody": use an e-mail address'],
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
