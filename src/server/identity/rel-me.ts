/**
 * The `rel="me"` links of an account's page (`<a>` and `<link>`), resolved against the page's
 * address. Only start tags are read, with bounded patterns that run in linear time, so a hostile
 * page of the fetch's maximum size costs one pass and no DOM (no parse pool needed).
 */
const START_TAG = /<(?:a|link)\s([^<>]{0,8000})>/gi;
const ATTRIBUTE = /([^\s"'<>/=]{1,64})\s*=\s*("[^"]{0,4000}"|'[^']{0,4000}'|[^\s"'<>`=]{1,4000})/g;

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|amp|quot|apos|lt|gt);/gi, (whole, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole;
    const code =
      name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, raw] of tag.matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase();
    const value = raw!.startsWith('"') || raw!.startsWith("'") ? raw!.slice(1, -1) : raw!;
    if (!found.has(key)) found.set(key, decodeEntities(value));
  }
  return found;
}

export function relMeLinks(html: string, pageUrl: string): string[] {
  const links: string[] = [];
  for (const [, tag] of html.matchAll(START_TAG)) {
    const attrs = attributes(tag!);
    const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = attrs.get("href");
    if (!rel.includes("me") || !href) continue;
    try {
      links.push(new URL(href.trim(), pageUrl).href);
    } catch {
      // Not an address: not a link back.
    }
  }
  return links;
}
