import {
  accountLinks,
  mastodonHandle,
  type AccountLink,
  type AccountService,
} from "../../domain/account-links";
import type { AccountCheck, AccountFinding } from "../../domain/accounts";
import type { Site } from "../../domain/content";
import { isHttpUrl } from "../../domain/safe-url";
import type { SafeResponse } from "../kernel/fetch/safe-fetch";
import type { AccountCheckRepository } from "./account-check-repository";
import { relMeLinks } from "./rel-me";

/** A GET through the kernel's safe fetcher (SSRF-guarded), with the types it accepts. */
export type AccountFetch = (
  url: string,
  request: { accept: string[]; headers: Record<string, string> },
) => Promise<SafeResponse>;

export type AccountChecksDeps = {
  checks: AccountCheckRepository;
  /** The settings as visitors see them (ownedSite): the demo's accounts are never checked. */
  site: () => Site;
  publicUrl: string;
  fetch: AccountFetch;
  /**
   * Where a Bluesky handle's DID is asked: Bluesky's HTTPS method, `https://<handle>/.well-known/atproto-did`
   * (tests point it at a fake on loopback, as DNS would).
   */
  handleDidUrl?: (handle: string) => string;
  now?: () => Date;
};

const HTML = ["text/html", "application/xhtml+xml"];
const ACTIVITY_JSON = ["application/activity+json", "application/ld+json", "application/json"];

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, "").toLowerCase();

/** What to do where an account's page does not link back, in each service's own words. */
function linkBackFix(service: AccountService, site: string): string {
  switch (service) {
    case "mastodon":
      return `In Mastodon, open Preferences → Public profile → Edit profile and add ${site} as one of the Extra fields; Mastodon then marks it verified.`;
    case "linkedin":
      return `On LinkedIn, open your profile → Contact info and add ${site} as your website. LinkedIn does not mark links rel="me", so editors will see it but no check can confirm it.`;
    case "muckrack":
      return `On Muck Rack, edit your profile and add ${site} as your website.`;
    case "threads":
      return `In Threads, open Edit profile → Links and add ${site}.`;
    case "x":
      return `On X, open Edit profile and add ${site} as your Website.`;
    default:
      return `On that page, link to ${site} with rel="me", for example <a rel="me" href="${site}">.`;
  }
}

function failure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * 'Check my accounts': asks each account whether it links back to the site, and Mastodon and
 * Bluesky what they know of it. Account pages are fetched through the safe fetcher directly, not
 * the outlet gate: they are not publishers' pages crawled in the background (the gate's
 * robots.txt and per-outlet pauses are for those), but one visit per account the owner asked
 * for, rate-limited by the route, as the owner's browser would make.
 */
export function createAccountChecks(deps: AccountChecksDeps) {
  const now = deps.now ?? (() => new Date());
  const siteHome = `${deps.publicUrl}/`;
  const siteHost = hostOf(deps.publicUrl);
  const handleDidUrl = deps.handleDidUrl ?? ((handle: string) => `https://${handle}/.well-known/atproto-did`);
  const pointsHere = (href: string) => isHttpUrl(href) && hostOf(href) === siteHost;
  let running: Promise<AccountCheck[]> | undefined;
  const userAgent = `Byline/1.0 (account check; +${deps.publicUrl})`;
  /** Says who asks, and where to find out more, as the link checks do. */
  const get = (url: string, accept: string[]) =>
    deps.fetch(url, { accept, headers: { accept: accept.join(", "), "user-agent": userAgent } });

  async function pageLinksBack(url: string): Promise<{ linksBack: boolean; finding?: AccountFinding }> {
    try {
      const page = await get(url, HTML);
      if (page.status < 200 || page.status >= 300)
        return {
          linksBack: false,
          finding: { ok: false, says: `Its page answered ${page.status}, so it could not be read.` },
        };
      return { linksBack: relMeLinks(page.body.toString("utf8"), page.url).some(pointsHere) };
    } catch (error) {
      return {
        linksBack: false,
        finding: { ok: false, says: `Its page could not be read: ${failure(error)}` },
      };
    }
  }

  async function json(url: string, accept: string[]): Promise<Record<string, unknown>> {
    const answer = await get(url, accept);
    if (answer.status !== 200) throw new Error(`${new URL(url).host} answered ${answer.status}`);
    const value: unknown = JSON.parse(answer.body.toString("utf8"));
    if (!value || typeof value !== "object" || Array.isArray(value))
      throw new Error("the answer is not a JSON object");
    return value as Record<string, unknown>;
  }

  /** WebFinger (acct:) → the actor's address → the actor, as Mastodon serves it as ActivityPub JSON. */
  async function mastodonActor(profileUrl: string): Promise<Record<string, unknown>> {
    const handle = mastodonHandle(profileUrl)!;
    const resource = `acct:${handle.slice(1)}`;
    const finger = await json(
      `${new URL(profileUrl).origin}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`,
      ["application/jrd+json", "application/json"],
    );
    const links = Array.isArray(finger.links) ? (finger.links as Record<string, unknown>[]) : [];
    const self = links.find(
      (link) =>
        link.rel === "self" &&
        typeof link.type === "string" &&
        /^application\/(activity\+json|ld\+json)/.test(link.type) &&
        typeof link.href === "string",
    );
    if (!self || !isHttpUrl(self.href as string))
      throw new Error(`WebFinger names no ActivityPub actor for ${handle}`);
    return json(self.href as string, ACTIVITY_JSON);
  }

  /** Profile fields ('Extra fields') whose value links to the site with rel="me". */
  function actorLinksBack(actor: Record<string, unknown>, actorUrl: string): boolean {
    const fields = Array.isArray(actor.attachment) ? (actor.attachment as Record<string, unknown>[]) : [];
    return fields.some(
      (field) => typeof field.value === "string" && relMeLinks(field.value, actorUrl).some(pointsHere),
    );
  }

  async function checkMastodon(link: AccountLink, findings: AccountFinding[], linksBack: boolean) {
    const handle = mastodonHandle(link.url)!;
    let actor: Record<string, unknown>;
    try {
      actor = await mastodonActor(link.url);
    } catch (error) {
      findings.push({
        ok: false,
        says: `Mastodon could not be asked about ${handle}: ${failure(error)}`,
        fix: "Check the Mastodon address in 'Your accounts' (such as @you@mastodon.social).",
      });
      return linksBack;
    }
    const domains = Array.isArray(actor.attributionDomains)
      ? actor.attributionDomains.filter((domain): domain is string => typeof domain === "string")
      : [];
    const credits = domains.some((domain) => {
      const allowed = domain.toLowerCase().replace(/^\*\./, "");
      return siteHost === allowed || siteHost.endsWith(`.${allowed}`);
    });
    findings.push(
      credits
        ? { ok: true, says: `Mastodon lets ${siteHost} credit ${handle} in link previews.` }
        : {
            ok: false,
            says: `${handle} does not list ${siteHost} among the websites allowed to credit it.`,
            fix: `In Mastodon, open Preferences → Public profile → Verification and add ${siteHost} under 'Websites allowed to credit you'.`,
          },
    );
    return linksBack || actorLinksBack(actor, link.url);
  }

  async function checkBluesky(
    handle: string,
    did: string,
  ): Promise<{ linksBack: boolean; findings: AccountFinding[] }> {
    const ownDomain = handle === siteHost || handle.endsWith(`.${siteHost}`);
    if (!did)
      return {
        linksBack: false,
        findings: [
          {
            ok: false,
            says: "No Bluesky DID is set, so the handle cannot be checked.",
            fix: "In Bluesky, open Settings → Account → Handle → I have my own domain: the DID is the text it asks your domain to serve (did:plc:…). Paste it under 'Bluesky DID'.",
          },
        ],
      };
    const url = handleDidUrl(handle);
    let answer: string;
    try {
      const page = await get(url, ["text/plain"]);
      answer = page.status === 200 ? page.body.toString("utf8").trim() : `an answer ${page.status}`;
    } catch (error) {
      answer = `no answer (${failure(error)})`;
    }
    if (answer === did)
      return {
        linksBack: ownDomain,
        findings: [{ ok: true, says: `The handle ${handle} resolves to ${did}.` }],
      };
    const fix = ownDomain
      ? `This site answers ${did} at /.well-known/atproto-did. In Bluesky, open Settings → Account → Handle → I have my own domain → No DNS panel, and enter ${handle}.`
      : `Check the handle and DID in 'Your accounts': the DID is shown in Bluesky under Settings → Account → Handle. To use this site's domain as your handle, set the handle to ${siteHost}.`;
    return {
      linksBack: false,
      findings: [
        {
          ok: false,
          says: `The handle ${handle} does not resolve to ${did}: ${url} gave ${answer.slice(0, 120)}.`,
          fix,
        },
      ],
    };
  }

  async function checkOne(link: AccountLink, site: Site): Promise<AccountCheck> {
    const checkedAt = now().toISOString();
    if (link.service === "bluesky") {
      const result = await checkBluesky(site.accounts.bluesky, site.accounts.blueskyDid);
      return { ...link, checkedAt, ...result };
    }
    const findings: AccountFinding[] = [];
    const page = await pageLinksBack(link.url);
    let linksBack = page.linksBack;
    if (link.service === "mastodon") linksBack = await checkMastodon(link, findings, linksBack);
    findings.unshift(
      linksBack
        ? { ok: true, says: `Links back to ${siteHome} with rel="me".` }
        : {
            ok: false,
            says: page.finding?.says ?? `Its page does not link to ${siteHome} with rel="me".`,
            fix: linkBackFix(link.service, siteHome),
          },
    );
    return { ...link, checkedAt, linksBack, findings };
  }

  async function run(): Promise<AccountCheck[]> {
    const site = deps.site();
    const checks = await Promise.all(accountLinks(site).map((link) => checkOne(link, site)));
    deps.checks.replace(checks);
    return checks;
  }

  const current = (): AccountCheck[] => {
    const urls = new Set(accountLinks(deps.site()).map((link) => link.url));
    return deps.checks.all().filter((check) => urls.has(check.url));
  };

  return {
    /** Checks every account now; a check asked for while one runs shares its answer. */
    check(): Promise<AccountCheck[]> {
      running ??= run().finally(() => (running = undefined));
      return running;
    },
    /** The newest check of each account still set. */
    results: current,
    /** The addresses of the accounts whose newest check found a link back (the proof page's 'verified'). */
    verifiedAccounts: (): Set<string> =>
      new Set(
        current()
          .filter((check) => check.linksBack)
          .map((check) => check.url),
      ),
    /** The DID `/.well-known/atproto-did` answers, when a Bluesky DID is set. */
    atprotoDid: (): string | undefined => deps.site().accounts.blueskyDid || undefined,
  };
}
export type AccountChecks = ReturnType<typeof createAccountChecks>;
