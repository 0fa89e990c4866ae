import { isbot } from "isbot";
import { parse } from "tldts";
import type { ReadKind } from "../../domain/readership";
import type { AppContext } from "../kernel/http/app-env";
import { networkKey } from "../kernel/http/client-address";
import { createRateLimiter } from "../kernel/http/rate-limiter";
import type { Config } from "../kernel/config";
import type { ReadCounts } from "./read-counts";

/** One count per address, kind and subject in this window: a reload or a return visit is not a new reader. */
const REPEAT_WINDOW_MS = 30 * 60_000;
/**
 * The per-address limit (READS_PER_ADDRESS) is keyed by the IPv6 /56 a household is commonly
 * handed (RIPE-690), not the /64: the 256 /64s of one /56 would otherwise fill the site's hourly
 * cap five times over. A /48 (READS_PER_NETWORK) is a site's delegation, and a tunnel broker hands
 * one out for free, so its 256 households must not fill the site's cap either.
 */
const HOUSEHOLD_BITS = 56;
const SITE_NETWORK_BITS = 48;
const HOUR_MS = 60 * 60_000;

/** A host name that can be another site's: under a public suffix (ICANN's), not an address. */
function isPublicHost(host: string): boolean {
  const parsed = parse(host);
  return !parsed.isIp && parsed.isIcann === true && parsed.domain !== null;
}

export type VisitCounter = ReturnType<typeof createVisitCounter>;

/**
 * Who is counted (decision 035): a visitor, not the signed-in owner; not a bot by its User-Agent
 * (isbot's maintained list; no User-Agent at all counts as one); not when the browser sends
 * `Sec-GPC: 1` or `DNT: 1`; and once per address and subject in 30 minutes, at most
 * READS_PER_ADDRESS an hour per address (IPv6: per /56, and READS_PER_NETWORK per /48),
 * READS_HOURLY_CAP an hour in all. A referring host is kept only when it is a public host name,
 * and one /56 names at most READ_REFERRERS_PER_ADDRESS in an hour. The addresses live in these
 * in-memory windows only.
 */
export function createVisitCounter(deps: {
  counts: Pick<ReadCounts, "add" | "exists">;
  clientIp(c: AppContext): string;
  limits: Pick<Config, "readsPerAddress" | "readsPerNetwork" | "readReferrersPerAddress" | "readsHourlyCap">;
  now?: () => number;
}) {
  const { limits } = deps;
  const limiter = (limit: number, windowMs: number) => createRateLimiter({ limit, windowMs, now: deps.now });
  const repeats = limiter(1, REPEAT_WINDOW_MS);
  const perHousehold = limiter(limits.readsPerAddress, HOUR_MS);
  const perSiteNetwork = limiter(limits.readsPerNetwork, HOUR_MS);
  const site = limiter(limits.readsHourlyCap, HOUR_MS);
  const referrersNamed = limiter(1, HOUR_MS);
  const newReferrers = limiter(limits.readReferrersPerAddress, HOUR_MS);

  const optedOut = (c: AppContext) =>
    Boolean(c.get("session")) ||
    c.req.header("sec-gpc") === "1" ||
    c.req.header("dnt") === "1" ||
    !c.req.header("user-agent") ||
    isbot(c.req.header("user-agent"));

  /**
   * Whether this request may add one to `kind` of `subject`: takes its place in the windows if so,
   * and gives the household it is counted to.
   */
  function admitted(c: AppContext, kind: ReadKind, subject: string): string | undefined {
    if (optedOut(c) || !deps.counts.exists(kind, subject)) return undefined;
    const address = deps.clientIp(c);
    if (!repeats.hit(`${address} ${kind} ${subject}`)) return undefined;
    const household = networkKey(address, HOUSEHOLD_BITS);
    if (!perHousehold.hit(household)) return undefined;
    if (!perSiteNetwork.hit(networkKey(address, SITE_NETWORK_BITS))) return undefined;
    return site.hit("site") ? household : undefined;
  }

  /**
   * The referring host a count names: another site's public host name, among the few this
   * household named in the hour; '' otherwise (the visit is still counted).
   */
  function referrerOf(c: AppContext, household: string, host: string | undefined): string {
    if (!host || host === new URL(c.req.url).hostname || !isPublicHost(host)) return "";
    const named = `${household} ${host}`;
    if (referrersNamed.isLimited(named)) return host;
    if (!newReferrers.hit(household)) return "";
    referrersNamed.hit(named);
    return host;
  }

  return {
    /**
     * Counts a visit to `subject` if this request is a visitor's that counts, with the referring
     * host name when it is another site's. Returns whether it was counted.
     */
    count(c: AppContext, kind: ReadKind, subject: string, referrerHost?: string): boolean {
      const household = admitted(c, kind, subject);
      if (household === undefined) return false;
      deps.counts.add(kind, subject, referrerOf(c, household, referrerHost));
      return true;
    },
    /**
     * For a collection's PDF route: counts the download under the same rules as an opening (the
     * owner's own, a bot's or a repeat within 30 minutes is not counted).
     */
    countPdfDownload: (c: AppContext, collectionId: string) => {
      if (admitted(c, "pdf", collectionId) !== undefined) deps.counts.add("pdf", collectionId, "");
    },
  };
}
