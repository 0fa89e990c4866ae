/**
 * robots.txt as RFC 9309 reads it: the groups naming our product token (else those for `*`),
 * merged; the longest matching rule decides, and Allow wins a tie. `*` matches any run of
 * characters and a final `$` anchors the end. No group for us, or no file: everything is allowed.
 */
export type RobotsRules = { allow: string[]; disallow: string[] };

type Group = { agents: string[]; rules: RobotsRules };

/** The rules for `agent` (a product token such as `Byline`, any case) in a robots.txt text. */
export function parseRobotsTxt(text: string, agent: string): RobotsRules {
  const groups: Group[] = [];
  let current: Group | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, "").trim();
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === "user-agent") {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: { allow: [], disallow: [] } };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current || value === "") continue;
    if (field === "allow") current.rules.allow.push(value);
    else if (field === "disallow") current.rules.disallow.push(value);
  }
  const token = agent.toLowerCase();
  const ours = groups.filter((group) => group.agents.includes(token));
  const chosen = ours.length > 0 ? ours : groups.filter((group) => group.agents.includes("*"));
  return {
    allow: chosen.flatMap((group) => group.rules.allow),
    disallow: chosen.flatMap((group) => group.rules.disallow),
  };
}

/**
 * Whether `pattern` matches the start of `path` (all of it with a final `$`). `*` is matched
 * greedily with one backtrack point, so a hostile file full of stars costs at most
 * pattern × path steps, never a regular expression's exponential backtracking.
 */
function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith("$");
  const glob = anchored ? pattern.slice(0, -1) : `${pattern}*`;
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < path.length) {
    if (p < glob.length && glob[p] !== "*" && glob[p] === path[t]) {
      p += 1;
      t += 1;
    } else if (p < glob.length && glob[p] === "*") {
      star = p;
      p += 1;
      mark = t;
    } else if (star !== -1) {
      p = star + 1;
      mark += 1;
      t = mark;
    } else {
      return false;
    }
  }
  while (glob[p] === "*") p += 1;
  return p === glob.length;
}

/** Percent-encodes what a browser would, so `/ä` in a rule matches `/%C3%A4` in a URL. */
function normalisePattern(pattern: string): string {
  try {
    return encodeURI(decodeURI(pattern));
  } catch {
    return pattern;
  }
}

/** Whether the rules let us fetch `url` (its path and query). */
export function robotsAllow(rules: RobotsRules, url: string): boolean {
  const { pathname, search } = new URL(url);
  const path = `${pathname}${search}`;
  const longest = (patterns: string[]) =>
    Math.max(
      -1,
      ...patterns
        .map(normalisePattern)
        .filter((p) => matches(p, path))
        .map((p) => p.length),
    );
  return longest(rules.allow) >= longest(rules.disallow);
}
