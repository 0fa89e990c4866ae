/**
 * Whether a publisher's page may be shown in a frame on our site, judged from its response
 * headers the way browsers judge them: `X-Frame-Options` and the `frame-ancestors` directive of
 * `Content-Security-Policy`. When both are present, browsers let `frame-ancestors` decide.
 */

/** Header names are lower case (as Node gives them); repeated headers joined with ", ". */
export type ResponseHeaders = Record<string, string | undefined>;

export function allowsFraming(headers: ResponseHeaders, ourOrigin: string, pageUrl: string): boolean {
  const ours = parseOrigin(ourOrigin);
  if (!ours) return false;
  // An https page cannot frame an http one: the browser blocks it as mixed content.
  if (ours.scheme === "https" && pageUrl.toLowerCase().startsWith("http:")) return false;
  const ancestors = frameAncestorPolicies(headers["content-security-policy"] ?? "");
  if (ancestors.length > 0) return ancestors.every((sources) => sourcesAllow(sources, ours, pageUrl));
  return xFrameOptionsAllow(headers["x-frame-options"] ?? "", ours, pageUrl);
}

type Origin = { scheme: string; host: string; port: string };

function parseOrigin(value: string): Origin | undefined {
  try {
    const url = new URL(value);
    const scheme = url.protocol.slice(0, -1);
    return { scheme, host: url.hostname.toLowerCase(), port: url.port || defaultPort(scheme) };
  } catch {
    return undefined;
  }
}

function defaultPort(scheme: string): string {
  return scheme === "https" ? "443" : scheme === "http" ? "80" : "";
}

function sameOrigin(ours: Origin, pageUrl: string): boolean {
  const page = parseOrigin(pageUrl);
  return (
    page !== undefined && page.scheme === ours.scheme && page.host === ours.host && page.port === ours.port
  );
}

/** DENY always refuses; SAMEORIGIN refuses everyone but the page's own origin. Other values are ignored. */
function xFrameOptionsAllow(value: string, ours: Origin, pageUrl: string): boolean {
  const tokens = value
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== "");
  if (tokens.includes("deny")) return false;
  if (tokens.includes("sameorigin")) return sameOrigin(ours, pageUrl);
  return true;
}

/** The source lists of every enforced policy that has a frame-ancestors directive. */
function frameAncestorPolicies(header: string): string[][] {
  const lists: string[][] = [];
  // Several policies arrive joined by commas; each must allow the framing.
  for (const policy of header.split(",")) {
    for (const directive of policy.split(";")) {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      if (name.toLowerCase() === "frame-ancestors") {
        lists.push(sources.map((source) => source.toLowerCase()));
        break; // only the first occurrence of a directive counts
      }
    }
  }
  return lists;
}

function sourcesAllow(sources: string[], ours: Origin, pageUrl: string): boolean {
  return sources.some((source) => sourceMatches(source, ours, pageUrl));
}

const HOST_SOURCE = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9.-]+)(?::(\*|\d+))?(?:\/.*)?$/;

function sourceMatches(source: string, ours: Origin, pageUrl: string): boolean {
  if (source === "'none'") return false;
  if (source === "'self'") return sameOrigin(ours, pageUrl);
  if (source === "*") return ours.scheme === "http" || ours.scheme === "https";
  if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return schemeMatches(source.slice(0, -1), ours.scheme);
  const match = HOST_SOURCE.exec(source);
  if (!match) return false;
  const [, scheme, host = "", port] = match;
  if (scheme !== undefined && !schemeMatches(scheme, ours.scheme)) return false;
  if (scheme === undefined && ours.scheme !== "http" && ours.scheme !== "https") return false;
  if (!hostMatches(host, ours.host)) return false;
  if (port === "*") return true;
  if (port !== undefined) return port === ours.port;
  // No port: the default port of the source's scheme (or of ours when it names none).
  return ours.port === defaultPort(scheme ?? ours.scheme) || (scheme === "http" && ours.port === "443");
}

/** `http:` in a policy also allows https (CSP3 upgrade rule). */
function schemeMatches(allowed: string, actual: string): boolean {
  return allowed === actual || (allowed === "http" && actual === "https");
}

function hostMatches(pattern: string, host: string): boolean {
  if (pattern === "*") return true;
  if (pattern.startsWith("*.")) return host.endsWith(pattern.slice(1));
  return pattern === host;
}
