import { setMaxListeners } from "node:events";
import { createReadLimiter, type ReadLimits } from "../kernel/discover/read-limiter";
import type { SafeResponse } from "../kernel/fetch/safe-fetch";
import { parseRobotsTxt, robotsAllow, type RobotsRules } from "./robots-txt";

/** The safe fetcher, bound to FETCH_ALLOW_PRIVATE and the clip watch's User-Agent. */
export type WatchFetch = (
  url: string,
  options: { headers?: Record<string, string>; accept?: string[]; maxBytes?: number },
) => Promise<SafeResponse>;

export class RobotsDisallowedError extends Error {
  override readonly name = "RobotsDisallowedError";
}

export class WatchStoppedError extends Error {
  override readonly name = "WatchStoppedError";
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A robots.txt that could not be read is asked for again sooner than one that was. */
const UNREAD_ROBOTS_MS = 60 * 60 * 1000;
/** RFC 9309 asks crawlers to read at least 500 KiB of it. */
const ROBOTS_MAX_BYTES = 512 * 1024;
const MAX_ROBOTS_CACHED = 1000;

export type PoliteFetcherOptions = {
  fetch: WatchFetch;
  /** The product token robots.txt groups are matched against. */
  agent: string;
  /** The wait after each request before the next one to the same outlet (LINK_CHECK_PAUSE_MS). */
  pauseMs: number;
  now: () => number;
  limits?: ReadLimits;
};

/**
 * Every request the clip watch makes: robots.txt honoured (read once a day per site; a file
 * that cannot be read, or answers 4xx, allows everything), one request at a time per outlet with
 * a pause after each, a few outlets at once (the owner's request to watch a new address excepted).
 */
export function createPoliteFetcher(options: PoliteFetcherOptions) {
  const limiter = createReadLimiter(options.limits ?? { total: 4, perOutlet: 1 });
  const stopping = new AbortController();
  // Every request waiting for its outlet's turn listens for the stop.
  setMaxListeners(0, stopping.signal);
  const pauses = new Set<() => void>();
  const robots = new Map<string, { rules: RobotsRules | null; until: number }>();
  const robotsReads = new Map<string, Promise<RobotsRules | null>>();

  function pause(): Promise<void> {
    if (options.pauseMs <= 0 || stopping.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(wait);
        pauses.delete(done);
        resolve();
      };
      const wait = setTimeout(done, options.pauseMs);
      pauses.add(done);
    });
  }

  /** Runs one request in its outlet's turn, holding the turn for the pause after it. */
  async function inTurn<T>(url: string, request: () => Promise<T>): Promise<T> {
    let answer: { value: T } | undefined;
    await limiter.readAll([{ url }], stopping.signal, async () => {
      try {
        answer = { value: await request() };
      } finally {
        await pause();
      }
    });
    if (!answer) throw new WatchStoppedError("The clip watch is stopping");
    return answer.value;
  }

  async function readRobots(origin: string, atOnce: boolean): Promise<RobotsRules | null> {
    let rules: RobotsRules | null = null;
    let keepMs = UNREAD_ROBOTS_MS;
    try {
      const request = () => options.fetch(`${origin}/robots.txt`, { maxBytes: ROBOTS_MAX_BYTES });
      const answer = await (atOnce ? request() : inTurn(origin, request));
      if (answer.status >= 200 && answer.status < 300) {
        rules = parseRobotsTxt(answer.body.toString("utf8"), options.agent);
        keepMs = DAY_MS;
      } else if (answer.status >= 400 && answer.status < 500) {
        keepMs = DAY_MS;
      }
    } catch (error) {
      if (error instanceof WatchStoppedError) throw error;
    }
    if (robots.size >= MAX_ROBOTS_CACHED) {
      for (const [key, entry] of robots) if (entry.until <= options.now()) robots.delete(key);
    }
    robots.set(origin, { rules, until: options.now() + keepMs });
    return rules;
  }

  function robotsFor(url: string, atOnce: boolean): Promise<RobotsRules | null> {
    const { origin } = new URL(url);
    const cached = robots.get(origin);
    if (cached && cached.until > options.now()) return Promise.resolve(cached.rules);
    let reading = robotsReads.get(origin);
    if (!reading) {
      reading = readRobots(origin, atOnce).finally(() => robotsReads.delete(origin));
      robotsReads.set(origin, reading);
    }
    return reading;
  }

  return {
    /** Fetches `url` when robots.txt allows it (else throws RobotsDisallowedError), in its outlet's turn. */
    async get(url: string, request: Parameters<WatchFetch>[1] = {}): Promise<SafeResponse> {
      const rules = await robotsFor(url, false);
      if (rules && !robotsAllow(rules, url)) throw new RobotsDisallowedError(`robots.txt disallows ${url}`);
      return inTurn(url, () => options.fetch(url, request));
    },
    /**
     * The owner's one request (watching a new address): robots.txt honoured, but not queued
     * behind a check of the same outlet, which may take minutes with its pauses.
     */
    async getAtOnce(url: string): Promise<SafeResponse> {
      if (stopping.signal.aborted) throw new WatchStoppedError("The clip watch is stopping");
      const rules = await robotsFor(url, true);
      if (rules && !robotsAllow(rules, url)) throw new RobotsDisallowedError(`robots.txt disallows ${url}`);
      return options.fetch(url, {});
    },
    /** Drops the requests waiting for their turn and ends the pauses (a request under way finishes). */
    stop(): void {
      stopping.abort();
      for (const done of [...pauses]) done();
    },
  };
}

export type PoliteFetcher = ReturnType<typeof createPoliteFetcher>;
