import { setMaxListeners } from "node:events";
import { outletOf } from "../discover/read-limiter";
import { parseRobotsTxt, robotsAllow, type RobotsRules } from "./robots-txt";
import {
  DEFAULT_MAX_REDIRECTS,
  REDIRECT_STATUSES,
  redirectHop,
  SafeFetchError,
  type SafeFetchOptions,
  type SafeResponse,
} from "./safe-fetch";

/** The product token robots.txt groups are matched against. */
const ROBOTS_AGENT = "Byline";

/** The safe fetcher, bound to FETCH_ALLOW_PRIVATE. */
type OutletFetch = (url: string, options: Omit<SafeFetchOptions, "allowPrivate">) => Promise<SafeResponse>;

export type GatedRequest = Omit<SafeFetchOptions, "allowPrivate"> & {
  /** Someone is waiting for the answer (the owner, a visitor): it goes before background work. */
  urgent?: boolean;
  /** Drops the request while it waits for its turn (a request under way finishes). */
  signal?: AbortSignal;
};

export type OutletGateOptions = {
  fetch: OutletFetch;
  /** The wait after a request to an outlet starts, and after it ends, before the next one starts (LINK_CHECK_PAUSE_MS). */
  pauseMs: number;
  /** Requests under way at once to one registrable domain. */
  perOutlet?: number;
  /** Requests under way at once to all publishers. */
  total?: number;
  /** The clock robots.txt is kept by (pauses run on the monotonic clock). */
  now?: () => number;
};

const HOUR_MS = 60 * 60 * 1000;
/** RFC 9309: a robots.txt read is kept at most a day. */
const ROBOTS_KEEP_MS = 24 * HOUR_MS;
/** A robots.txt that could not be read disallows everything until it is asked for again. */
const UNREACHABLE_KEEP_MS = 10 * 60 * 1000;
const MAX_ROBOTS_KEPT = 1000;
/** Outlets whose pause has ended are forgotten once this many are remembered. */
const MAX_OUTLETS_KEPT = 256;
const ALLOW_ALL: RobotsRules = { allow: [], disallow: [], none: true };

type Waiter = { outlet: string; urgent: boolean; start: () => void };
type OutletState = { inFlight: number; readyAt: number };
type KeptRobots = { rules: RobotsRules; until: number } | { unreadable: string; until: number };

/** The outlet a request is paced with: its registrable domain, or an address with its port. */
function outletKey(url: URL): string {
  const outlet = outletOf(url.href);
  return outlet === url.hostname ? url.host : outlet;
}

class OutletGateStoppedError extends Error {
  override readonly name = "OutletGateStoppedError";
}

/**
 * The one way to a publisher (pages, feeds, sitemaps, lead images, link checks): robots.txt read
 * before anything else on a host and kept a day (RFC 9309: 4xx allows everything, 5xx or no
 * answer disallows everything until it is asked again), at most `perOutlet` requests at once per
 * registrable domain and `total` in all, and a pause after each start and each end before the
 * next request to the same domain starts. Refusals are SafeFetchErrors (`robots_disallowed`,
 * `robots_unreadable`). Redirects are followed here, each hop a request of its own through the
 * gate; robots.txt's own redirects are followed by the safe fetcher.
 */
export function createOutletGate(options: OutletGateOptions) {
  const perOutlet = options.perOutlet ?? 2;
  const total = options.total ?? 8;
  const now = options.now ?? Date.now;
  const waiting: Waiter[] = [];
  const outlets = new Map<string, OutletState>();
  const robots = new Map<string, KeptRobots>();
  const robotsReads = new Map<string, Promise<KeptRobots>>();
  const stopping = new AbortController();
  setMaxListeners(0, stopping.signal);
  let active = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function startWaiting(): void {
    clearTimeout(timer);
    timer = undefined;
    const at = performance.now();
    let wake = Infinity;
    for (let index = 0; index < waiting.length && active < total; ) {
      const next = waiting[index]!;
      const state = outlets.get(next.outlet);
      if (state && state.inFlight >= perOutlet) {
        index += 1;
      } else if (state && state.readyAt > at) {
        wake = Math.min(wake, state.readyAt);
        index += 1;
      } else {
        waiting.splice(index, 1);
        active += 1;
        outlets.set(next.outlet, { inFlight: (state?.inFlight ?? 0) + 1, readyAt: at + options.pauseMs });
        next.start();
      }
    }
    if (wake !== Infinity) {
      timer = setTimeout(startWaiting, wake - at);
      timer.unref?.();
    }
  }

  function ended(outlet: string): void {
    active -= 1;
    const state = outlets.get(outlet)!;
    state.inFlight -= 1;
    state.readyAt = Math.max(state.readyAt, performance.now() + options.pauseMs);
    if (outlets.size > MAX_OUTLETS_KEPT) {
      for (const [key, kept] of outlets)
        if (kept.inFlight === 0 && kept.readyAt <= performance.now()) outlets.delete(key);
    }
    startWaiting();
  }

  /** Runs `request` in its outlet's turn. */
  function inTurn<T>(
    url: URL,
    urgent: boolean,
    signal: AbortSignal | undefined,
    request: () => Promise<T>,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const signals = signal ? [stopping.signal, signal] : [stopping.signal];
      const whyDropped = () =>
        stopping.signal.aborted ? new OutletGateStoppedError("Byline is stopping") : signal?.reason;
      if (signals.some((s) => s.aborted)) return reject(whyDropped());
      const onAbort = () => {
        const index = waiting.indexOf(waiter);
        if (index === -1) return;
        waiting.splice(index, 1);
        reject(whyDropped());
      };
      const outlet = outletKey(url);
      const waiter: Waiter = {
        outlet,
        urgent,
        start: () => {
          for (const s of signals) s.removeEventListener("abort", onAbort);
          request()
            .then(resolve, reject)
            .finally(() => ended(outlet));
        },
      };
      for (const s of signals) s.addEventListener("abort", onAbort, { once: true });
      const firstBackground = urgent ? waiting.findIndex((w) => !w.urgent) : -1;
      if (firstBackground === -1) waiting.push(waiter);
      else waiting.splice(firstBackground, 0, waiter);
      startWaiting();
    });
  }

  async function readRobots(
    origin: string,
    urgent: boolean,
    asking: Record<string, string>,
  ): Promise<KeptRobots> {
    const robotsUrl = new URL("/robots.txt", origin);
    let kept: KeptRobots;
    try {
      const answer = await inTurn(robotsUrl, urgent, undefined, () =>
        options.fetch(robotsUrl.href, { headers: asking }),
      );
      const { status } = answer;
      if (status >= 200 && status < 300) {
        kept = { rules: parseRobotsTxt(answer.body, ROBOTS_AGENT), until: now() + ROBOTS_KEEP_MS };
      } else if (status >= 400 && status < 500 && status !== 429) {
        kept = { rules: ALLOW_ALL, until: now() + ROBOTS_KEEP_MS };
      } else {
        kept = { unreadable: `it answered ${status}`, until: now() + UNREACHABLE_KEEP_MS };
      }
    } catch (error) {
      // Refused by the safe fetcher: so would the request be, which says why.
      if (!(error instanceof SafeFetchError) || error.code.startsWith("blocked_")) throw error;
      kept =
        error.code === "too_many_redirects"
          ? { rules: ALLOW_ALL, until: now() + ROBOTS_KEEP_MS }
          : { unreadable: error.message, until: now() + UNREACHABLE_KEEP_MS };
    }
    if (robots.size >= MAX_ROBOTS_KEPT) {
      for (const [key, entry] of robots) if (entry.until <= now()) robots.delete(key);
    }
    robots.set(origin, kept);
    return kept;
  }

  /** Read once per origin at a time, for every request waiting on it (so no one's abort cancels it). */
  async function robotsFor(url: URL, urgent: boolean, asking: Record<string, string>): Promise<KeptRobots> {
    const { origin } = url;
    const cached = robots.get(origin);
    if (cached && cached.until > now()) return cached;
    let reading = robotsReads.get(origin);
    if (!reading) {
      reading = readRobots(origin, urgent, asking).finally(() => robotsReads.delete(origin));
      robotsReads.set(origin, reading);
    }
    return reading;
  }

  async function oneHop(
    url: string,
    urgent: boolean,
    signal: AbortSignal | undefined,
    asking: Record<string, string>,
    fetchOptions: Omit<SafeFetchOptions, "allowPrivate">,
  ): Promise<SafeResponse> {
    const target = URL.canParse(url) ? new URL(url) : undefined;
    const request = () => options.fetch(url, { ...fetchOptions, followRedirects: false });
    // Not a web address: the safe fetcher refuses it, with its reason.
    if (target?.protocol !== "http:" && target?.protocol !== "https:") return request();
    const kept = await robotsFor(target, urgent, asking);
    if ("unreadable" in kept) {
      throw new SafeFetchError(
        "robots_unreadable",
        `Could not read ${target.origin}/robots.txt (${kept.unreadable}), so nothing there is read for now`,
      );
    }
    if (!robotsAllow(kept.rules, target.href)) {
      throw new SafeFetchError("robots_disallowed", `robots.txt disallows ${url}`);
    }
    return inTurn(target, urgent, signal, request);
  }

  return {
    /**
     * Fetches `url` through the safe fetcher once robots.txt allows it, in its outlet's turn, and
     * each address it redirects to likewise. Throws SafeFetchError (the fetcher's, or
     * `robots_disallowed` / `robots_unreadable`).
     */
    async fetch(url: string, request: GatedRequest = {}): Promise<SafeResponse> {
      const { urgent = false, signal, maxRedirects = DEFAULT_MAX_REDIRECTS, ...fetchOptions } = request;
      const agent = Object.entries(fetchOptions.headers ?? {}).find(
        ([name]) => name.toLowerCase() === "user-agent",
      );
      // robots.txt is asked for by the User-Agent of the request that needs it.
      const asking: Record<string, string> = agent ? { "user-agent": agent[1] } : {};
      let address = url;
      let hopOptions = fetchOptions;
      for (let redirects = 0; ; redirects++) {
        const answer = await oneHop(address, urgent, signal, asking, hopOptions);
        const location = answer.headers.location;
        if (!REDIRECT_STATUSES.has(answer.status) || location === undefined) return answer;
        if (redirects >= maxRedirects) {
          throw new SafeFetchError("too_many_redirects", `Gave up after ${maxRedirects} redirects`);
        }
        const next = redirectHop(location, new URL(answer.url), hopOptions.headers ?? {});
        address = next.target.href;
        hopOptions = { ...hopOptions, headers: next.headers };
      }
    },
    /** Drops every request waiting for its turn, now and from now on. */
    stop(): void {
      stopping.abort();
      clearTimeout(timer);
    },
  };
}
