import { isbot } from "isbot";
import type { ReadKind } from "../../domain/readership";
import type { AppContext } from "../kernel/http/app-env";
import { createRateLimiter } from "../kernel/http/rate-limiter";
import type { ReadCounts } from "./read-counts";

/** One count per address, kind and subject in this window: a reload or a return visit is not a new reader. */
const REPEAT_WINDOW_MS = 30 * 60_000;
/** Counts one address may add in an hour, whatever it opens: about one a minute. */
const PER_ADDRESS_HOURLY = 60;
/**
 * Counts the whole site takes in an hour from everyone together: what a botnet inventing referring
 * hosts can add to the table in a day stays bounded.
 */
const SITE_HOURLY = 3000;
const HOUR_MS = 60 * 60_000;

export type VisitCounter = ReturnType<typeof createVisitCounter>;

/**
 * Who is counted (decision 035): a visitor, not the signed-in owner; not a bot by its User-Agent
 * (isbot's maintained list; no User-Agent at all counts as one); not when the browser sends
 * `Sec-GPC: 1` or `DNT: 1`; and once per address and subject in 30 minutes, at most 60 an hour per
 * address, 3000 an hour in all. The addresses live in these in-memory windows only.
 */
export function createVisitCounter(deps: {
  counts: Pick<ReadCounts, "add" | "exists">;
  clientIp(c: AppContext): string;
  now?: () => number;
}) {
  const limiter = (limit: number, windowMs: number) => createRateLimiter({ limit, windowMs, now: deps.now });
  const repeats = limiter(1, REPEAT_WINDOW_MS);
  const perAddress = limiter(PER_ADDRESS_HOURLY, HOUR_MS);
  const site = limiter(SITE_HOURLY, HOUR_MS);

  const optedOut = (c: AppContext) =>
    Boolean(c.get("session")) ||
    c.req.header("sec-gpc") === "1" ||
    c.req.header("dnt") === "1" ||
    !c.req.header("user-agent") ||
    isbot(c.req.header("user-agent"));

  /** Whether this request may add one to `kind` of `subject`: takes its place in the windows if so. */
  function admitted(c: AppContext, kind: ReadKind, subject: string): boolean {
    if (optedOut(c) || !deps.counts.exists(kind, subject)) return false;
    const address = deps.clientIp(c);
    if (!repeats.hit(`${address} ${kind} ${subject}`)) return false;
    if (!perAddress.hit(address)) return false;
    return site.hit("site");
  }

  return {
    /**
     * Counts a visit to `subject` if this request is a visitor's that counts, with the referring
     * host name when it is another site's. Returns whether it was counted.
     */
    count(c: AppContext, kind: ReadKind, subject: string, referrerHost?: string): boolean {
      if (!admitted(c, kind, subject)) return false;
      const own = new URL(c.req.url).hostname;
      deps.counts.add(kind, subject, referrerHost && referrerHost !== own ? referrerHost : "");
      return true;
    },
    /**
     * For a collection's PDF route: counts the download under the same rules as an opening (the
     * owner's own, a bot's or a repeat within 30 minutes is not counted).
     */
    countPdfDownload: (c: AppContext, collectionId: string) => {
      if (admitted(c, "pdf", collectionId)) deps.counts.add("pdf", collectionId, "");
    },
  };
}
