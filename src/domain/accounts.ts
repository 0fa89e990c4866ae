import { z } from "./zod";
import { isHttpUrl } from "./safe-url";
import { httpUrl } from "./url-schemas";
import type { AccountLink } from "./account-links";

/**
 * The owner's accounts elsewhere (Settings, 'Your accounts'): the site links to each with
 * `rel="me"`, lists them as the `Person`'s `sameAs`, and 'Check my accounts' asks each whether it
 * links back. LinkedIn predates the group and stays stored at `social.linkedin`.
 */

const MASTODON_MESSAGE = "Use your Mastodon address, such as @you@mastodon.social, or your profile's address";
const BLUESKY_MESSAGE = "Use your Bluesky handle, such as you.bsky.social or your own domain";
const DID_MESSAGE = "Use a DID such as did:plc:… or did:web:…";

const HOST = /^(?=.{1,253}$)([a-z\d]([a-z\d-]{0,61}[a-z\d])?\.)+[a-z]([a-z\d-]{0,61}[a-z\d])?$/;
const USER = /^[a-z\d_]([a-z\d_.-]{0,62}[a-z\d_])?$/i;

/**
 * A Mastodon account as its profile's address (`https://instance/@user`): typed as
 * `@user@instance`, `user@instance`, or a profile address (`/@user` or `/users/user`).
 */
export function mastodonProfileUrl(value: string): string | undefined {
  const text = value.trim();
  const handle = /^@?([^@\s/]+)@([^@\s/]+)$/.exec(text);
  if (handle) {
    const [, user, host] = handle;
    return USER.test(user!) && HOST.test(host!.toLowerCase())
      ? `https://${host!.toLowerCase()}/@${user}`
      : undefined;
  }
  if (!isHttpUrl(text)) return undefined;
  const url = new URL(text);
  const user = /^\/(?:@|users\/)([^/@]+)\/?$/.exec(url.pathname)?.[1];
  return user && USER.test(user) && !url.search && !url.username ? `${url.origin}/@${user}` : undefined;
}

/** A Bluesky handle as typed (`@you.bsky.social`) or as its profile's address on bsky.app. */
export function blueskyHandle(value: string): string | undefined {
  const text = value.trim().toLowerCase();
  const fromProfile = /^https:\/\/bsky\.app\/profile\/([^/?#]+)\/?$/.exec(text)?.[1];
  const handle = (fromProfile ?? text).replace(/^@/, "");
  return HOST.test(handle) ? handle : undefined;
}

const BLUESKY_DID = /^did:(plc:[a-z2-7]{24}|web:[a-z\d.-]+(%3a\d+)?)$/;

/** Profile addresses of a named service, typed in full or as `@name`. */
function serviceUrl(hosts: readonly string[], fromName: (name: string) => string, message: string) {
  return z
    .string()
    .trim()
    .max(2048, "Keep the address under 2048 characters")
    .transform((value) => (/^@[\w.]{1,64}$/.test(value) ? fromName(value.slice(1)) : value))
    .refine(
      (value) =>
        value === "" ||
        (isHttpUrl(value) && hosts.includes(new URL(value).hostname.replace(/^www\./, "").toLowerCase())),
      message,
    );
}

export const OTHER_ACCOUNTS_MAX = 5;

export const accountFields = {
  mastodon: z
    .string()
    .trim()
    .max(2048, "Keep it under 2048 characters")
    .transform((value, ctx) => {
      if (value === "") return "";
      const url = mastodonProfileUrl(value);
      if (!url) ctx.addIssue({ code: "custom", message: MASTODON_MESSAGE });
      return url ?? value;
    }),
  bluesky: z
    .string()
    .trim()
    .max(253, "Keep it under 253 characters")
    .transform((value, ctx) => {
      if (value === "") return "";
      const handle = blueskyHandle(value);
      if (!handle) ctx.addIssue({ code: "custom", message: BLUESKY_MESSAGE });
      return handle ?? value;
    }),
  blueskyDid: z
    .string()
    .trim()
    .max(2048, "Keep it under 2048 characters")
    .refine((value) => value === "" || BLUESKY_DID.test(value), DID_MESSAGE),
  muckRack: serviceUrl(
    ["muckrack.com"],
    (name) => `https://muckrack.com/${name}`,
    "Use your Muck Rack profile's address, such as https://muckrack.com/your-name",
  ),
  threads: serviceUrl(
    ["threads.net", "threads.com"],
    (name) => `https://www.threads.com/@${name}`,
    "Use your Threads profile's address, such as https://www.threads.com/@you, or @you",
  ),
  x: serviceUrl(
    ["x.com", "twitter.com"],
    (name) => `https://x.com/${name}`,
    "Use your X profile's address, such as https://x.com/you, or @you",
  ),
  other: z.array(httpUrl).max(OTHER_ACCOUNTS_MAX, `At most ${OTHER_ACCOUNTS_MAX} addresses`),
};

export const NO_ACCOUNTS = {
  mastodon: "",
  bluesky: "",
  blueskyDid: "",
  muckRack: "",
  threads: "",
  x: "",
  other: [] as string[],
};

export const accountsSchema = z
  .object({
    mastodon: accountFields.mastodon.default(""),
    bluesky: accountFields.bluesky.default(""),
    blueskyDid: accountFields.blueskyDid.default(""),
    muckRack: accountFields.muckRack.default(""),
    threads: accountFields.threads.default(""),
    x: accountFields.x.default(""),
    other: accountFields.other.default([]),
  })
  .default(NO_ACCOUNTS);
export type Accounts = z.infer<typeof accountsSchema>;

/** What 'Check my accounts' found of one account: each finding, and what to do where it failed. */
export type AccountFinding = { ok: boolean; says: string; fix?: string };
export type AccountCheck = AccountLink & {
  checkedAt: string;
  /** The account's page links back to the site with rel="me" (the proof page marks it verified). */
  linksBack: boolean;
  findings: AccountFinding[];
};
