/**
 * Stored XSS payloads for tests/e2e/stored-xss.spec.ts. Each one, if it ever ran, would call
 * `xss(n)` (a trap the spec exposes on every page) or `alert(n)` (a dialog the spec listens
 * for), or would leave an element the spec looks for in the DOM. `n` tells which payload it was.
 */
const TEMPLATES = [
  "<script>xss(N)</script>",
  "<img src=x onerror=xss(N)>",
  "<svg onload=xss(N)>",
  "<img src=x onerror=alert(N)>",
  `"><iframe srcdoc="<img src=x onerror=parent.xss(N)>">`,
  "'><iframe srcdoc=x onload=xss(N)>",
  "javascript:xss(N)",
  "{{constructor.constructor('xss(N)')()}}",
  "${xss(N)}",
  "</title><script>xss(N)</script>",
  "</script><script>xss(N)</script>",
  "a\u2028b\u2029</script><script>xss(N)</script>",
  `\\"}]</script><script>xss(N)</script>`,
  "<!--<script>xss(N)//-->",
  "]]><script>xss(N)</script><![CDATA[",
  `<x:script xmlns:x="http://www.w3.org/1999/xhtml">xss(N)</x:script>`,
  "<a href=javascript:xss(N)>a</a>",
  "<details open ontoggle=xss(N)>",
  "<input autofocus onfocus=xss(N)>",
  "' onmouseover='xss(N)' x='",
  `" onfocus="xss(N)" autofocus="`,
  "&lt;img src=x onerror=xss(N)&gt;",
  "&#60;script&#62;xss(N)&#60;/script&#62;",
  "%3Cscript%3Exss(N)%3C/script%3E",
  "<object data=javascript:xss(N)>",
  "<base href=//evil.example/N/>",
  "<style>@import'//evil.example/N.css'</style>",
  `<meta http-equiv=refresh content="0;url=javascript:xss(N)">`,
  `<noscript><p title="</noscript><img src=x onerror=xss(N)>">`,
  "<math><mtext><table><mglyph><style><img src=x onerror=xss(N)>",
];

export type Payload = { n: number; text: string };

export const PAYLOADS: Payload[] = TEMPLATES.map((template, index) => ({
  n: index + 1,
  text: template.replaceAll("N", String(index + 1)),
}));

/**
 * The payloads split into groups that fit a field of `max` characters when joined with
 * `separator`; payloads longer than the field are left out of it (`skipped`).
 */
export function chunksFor(max: number, separator = " "): { chunks: Payload[][]; skipped: Payload[] } {
  const chunks: Payload[][] = [];
  const skipped: Payload[] = [];
  let current: Payload[] = [];
  let length = 0;
  for (const payload of PAYLOADS) {
    if (payload.text.length > max) {
      skipped.push(payload);
      continue;
    }
    const added =
      current.length === 0 ? payload.text.length : length + separator.length + payload.text.length;
    if (added > max) {
      chunks.push(current);
      current = [payload];
      length = payload.text.length;
    } else {
      current.push(payload);
      length = added;
    }
  }
  if (current.length > 0) chunks.push(current);
  return { chunks, skipped };
}

/** Payloads that fit a field of `max` characters, one by one (for per-item fields). */
export function fitting(max: number): Payload[] {
  return PAYLOADS.filter((payload) => payload.text.length <= max);
}
