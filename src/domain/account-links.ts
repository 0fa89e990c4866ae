import type { Accounts } from "./accounts";
import { isHttpUrl } from "./safe-url";

/**
 * The owner's accounts elsewhere as links, for every page that shows them. Apart from the
 * settings' schema (./accounts.ts) so that the public page's script carries no validation library.
 */

/** `@user@instance` of a Mastodon profile's address, as `fediverse:creator` and WebFinger name it. */
export function mastodonHandle(profileUrl: string): string | undefined {
  if (!isHttpUrl(profileUrl)) return undefined;
  const url = new URL(profileUrl);
  const user = /^\/@([^/@]+)$/.exec(url.pathname)?.[1];
  return user ? `@${user}@${url.host}` : undefined;
}

export type AccountService = "mastodon" | "bluesky" | "linkedin" | "muckrack" | "threads" | "x" | "web";
export type AccountLink = { service: AccountService; label: string; url: string };

type WithAccounts = { social: { linkedin: string }; accounts: Accounts };

/**
 * Every account the site names, in the order pages show them, each once. Pass the settings as
 * visitors may see them (publicSite/ownedSite): the demo's LinkedIn is not the owner's.
 */
export function accountLinks(site: WithAccounts): AccountLink[] {
  const { accounts } = site;
  const links: AccountLink[] = [
    { service: "mastodon", label: "Mastodon", url: accounts.mastodon },
    {
      service: "bluesky",
      label: "Bluesky",
      url: accounts.bluesky ? `https://bsky.app/profile/${accounts.bluesky}` : "",
    },
    { service: "linkedin", label: "LinkedIn", url: site.social.linkedin },
    { service: "muckrack", label: "Muck Rack", url: accounts.muckRack },
    { service: "threads", label: "Threads", url: accounts.threads },
    { service: "x", label: "X", url: accounts.x },
    ...accounts.other.map((url) => ({ service: "web" as const, label: hostLabel(url), url })),
  ];
  const seen = new Set<string>();
  return links.filter(({ url }) => isHttpUrl(url) && !seen.has(url) && Boolean(seen.add(url)));
}

function hostLabel(url: string): string {
  return isHttpUrl(url) ? new URL(url).hostname.replace(/^www\./, "") : url;
}

/** `@user@instance` for `<meta name="fediverse:creator">`, when a Mastodon account is set. */
export function fediverseCreator(site: WithAccounts): string | undefined {
  return mastodonHandle(site.accounts.mastodon);
}
