/**
 * robots.txt as RFC 9309 reads it: the groups naming our product token (else those for `*`),
 * merged; the longest matching rule decides, and Allow wins a tie. `*` matches any run of
 * characters and a final `$` anchors the end. No group for us: everything is allowed.
 *
 * Bounded, because any outlet (and any host a watched feed links to) writes the file: only its
 * first 500 KiB are read, and a check costs time linear in the path and the rules, never rule
 * length × path length:
 * - a path (with its query) longer than MAX_PATH is disallowed when there is any rule: stored
 *   articles' addresses are at most that long, and so are a sitemap's;
 * - a rule with more characters than MAX_PATH (not counting `*`) could match no path checked, so
 *   it is dropped; runs of `*` count as one;
 * - a group with more than MAX_WILDCARD_RULES rules holding a `*` disallows everything, since each
 *   of those may scan the whole path.
 */
export type RobotsRule = {
  /** The pattern split on `*`: the first piece is a prefix, the others are found in order. */
  pieces: string[];
  /** It ended in `$`: the last piece must end the path. */
  anchored: boolean;
  /** Its length as written (percent-encoded), which decides between rules that both match. */
  length: number;
};

export type RobotsRules = {
  allow: RobotsRule[];
  disallow: RobotsRule[];
  /** The groups for us hold no rule at all (before any was dropped): every path is allowed. */
  none: boolean;
};

/** RFC 9309 asks crawlers to read at least 500 KiB; what follows is ignored. */
export const ROBOTS_PARSE_BYTES = 500 * 1024;
export const MAX_PATH = 2048;
export const MAX_WILDCARD_RULES = 1000;

const NOTHING_ALLOWED: RobotsRules = { allow: [], disallow: [toRule("/")], none: false };

type Group = { agents: string[]; allow: string[]; disallow: string[] };

/** The rules for `agent` (a product token such as `Byline`, any case) in a robots.txt body. */
export function parseRobotsTxt(body: Buffer | string, agent: string): RobotsRules {
  const groups: Group[] = [];
  let current: Group | undefined;
  let lastWasAgent = false;
  for (const rawLine of readableText(body).split(/\r\n|\r|\n/)) {
    const hash = rawLine.indexOf("#");
    const line = (hash === -1 ? rawLine : rawLine.slice(0, hash)).trim();
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === "user-agent") {
      if (!current || !lastWasAgent) {
        current = { agents: [], allow: [], disallow: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    if (field !== "allow" && field !== "disallow") continue;
    lastWasAgent = false;
    if (!current || value === "") continue;
    current[field].push(value);
  }
  const token = agent.toLowerCase();
  const ours = groups.filter((group) => group.agents.includes(token));
  const chosen = ours.length > 0 ? ours : groups.filter((group) => group.agents.includes("*"));
  const rules = (field: "allow" | "disallow") =>
    chosen.flatMap((group) => group[field].map(toRule).filter((rule) => literalLength(rule) <= MAX_PATH));
  const none = chosen.every((group) => group.allow.length === 0 && group.disallow.length === 0);
  const found = { allow: rules("allow"), disallow: rules("disallow"), none };
  const wildcards = [...found.allow, ...found.disallow].filter((rule) => rule.pieces.length > 1).length;
  return wildcards > MAX_WILDCARD_RULES ? NOTHING_ALLOWED : found;
}

/** The first ROBOTS_PARSE_BYTES as text, ending at a line break when the file goes on. */
function readableText(body: Buffer | string): string {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  if (bytes.length <= ROBOTS_PARSE_BYTES) return bytes.toString("utf8");
  const head = bytes.subarray(0, ROBOTS_PARSE_BYTES).toString("utf8");
  return head.slice(0, Math.max(head.lastIndexOf("\n"), 0));
}

/** Percent-encodes what a browser would, so `/ä` in a rule matches `/%C3%A4` in a URL. */
function normalisePattern(pattern: string): string {
  try {
    return encodeURI(decodeURI(pattern));
  } catch {
    return pattern;
  }
}

function toRule(pattern: string): RobotsRule {
  const normalised = normalisePattern(pattern);
  const anchored = normalised.endsWith("$");
  const glob = (anchored ? normalised.slice(0, -1) : normalised).replace(/\*+/g, "*");
  return { pieces: glob.split("*"), anchored, length: normalised.length };
}

const literalLength = (rule: RobotsRule) => rule.pieces.reduce((sum, piece) => sum + piece.length, 0);

/**
 * Whether the rule matches the start of `path` (all of it when anchored). The leftmost place of
 * each piece after the previous one is as good as any later place, so no choice is ever undone.
 */
function matches(rule: RobotsRule, path: string): boolean {
  const { pieces, anchored } = rule;
  const first = pieces[0]!;
  if (!path.startsWith(first)) return false;
  const last = pieces.length - 1;
  if (last === 0) return !anchored || path.length === first.length;
  let at = first.length;
  for (let index = 1; index < last; index++) {
    const found = path.indexOf(pieces[index]!, at);
    if (found === -1) return false;
    at = found + pieces[index]!.length;
  }
  const tail = pieces[last]!;
  if (anchored) return path.length - tail.length >= at && path.endsWith(tail);
  return path.indexOf(tail, at) !== -1;
}

/** Whether the rules let us fetch `url` (its path and query). */
export function robotsAllow(rules: RobotsRules, url: string): boolean {
  if (rules.none) return true;
  const { pathname, search } = new URL(url);
  const path = `${pathname}${search}`;
  if (path.length > MAX_PATH) return false;
  const longest = (list: RobotsRule[]) =>
    list.reduce((best, rule) => (rule.length > best && matches(rule, path) ? rule.length : best), -1);
  return longest(rules.allow) >= longest(rules.disallow);
}
