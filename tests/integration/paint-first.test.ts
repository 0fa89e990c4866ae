import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashInlineElements } from "../../src/server/kernel/http/security-headers";
import { HELD_MODULE_TYPE, heldPreloads, holdScriptsUntilPainted } from "../../src/web/paint-first.server";

const MARK = "0123456789abcdef";
const BOOT = 'import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-2.js");';
const page = (extra = "") =>
  `<html><head><link rel="modulepreload" href="/assets/entry.client-2.js" nonce="${MARK}"/>` +
  `<link rel="modulepreload" href="/assets/chunk-3.js" nonce="${MARK}"/><link rel="preload" as="image" href="/p.jpg"/></head>` +
  `<body><p>Hello</p><script nonce="${MARK}">window.__context = {};</script>` +
  `<script nonce="${MARK}" type="module" async="">${BOOT}</script>${extra}</body></html>`;
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("holdScriptsUntilPainted", () => {
  it("holds React Router's module script, takes out the module preloads, and adds a starter that lists them", () => {
    const html = holdScriptsUntilPainted(page(), MARK);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).not.toContain('rel="modulepreload" href');
    expect(html).toContain(`<script type="${HELD_MODULE_TYPE}" nonce="${MARK}">${BOOT}</script>`);
    expect(heldPreloads(html)).toEqual(["/assets/entry.client-2.js", "/assets/chunk-3.js"]);
    // Everything else stays where it was: the picture's preload, the other inline script, the text.
    expect(html).toContain('<link rel="preload" as="image" href="/p.jpg"/>');
    expect(html).toContain(`<script nonce="${MARK}">window.__context = {};</script>`);
    expect(html).toMatch(
      /<p>Hello<\/p>.*<script nonce="[^"]+">\(\(\)=>\{const preloads=.*<\/script><\/body><\/html>$/s,
    );
  });

  it("keeps the mark on the held script and the starter, so the policy allows the held script's copy by its hash", () => {
    const { scripts, html } = hashInlineElements(holdScriptsUntilPainted(page(), MARK), MARK);
    expect(scripts).toContain(sha(BOOT));
    const starter = /<script>(\(\(\)=>\{const preloads=[\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(scripts).toContain(sha(starter!));
    expect(html).not.toContain(MARK);
  });

  it("leaves a page alone that has no marked module script of React Router's", () => {
    const unmarked = page().replace(` nonce="${MARK}" type="module"`, ' type="module"');
    expect(holdScriptsUntilPainted(unmarked, MARK)).toBe(unmarked);
    const external = `<html><body><script nonce="${MARK}" type="module" src="/@vite/client"></script></body></html>`;
    expect(holdScriptsUntilPainted(external, MARK)).toBe(external);
  });

  it("holds only the first module script: one page has one bootstrap", () => {
    const second = `<script nonce="${MARK}" type="module" async="">import "/assets/other.js";</script>`;
    const html = holdScriptsUntilPainted(page(second), MARK);
    expect(html.match(new RegExp(`<script type="${HELD_MODULE_TYPE}"`, "g"))).toHaveLength(1);
    expect(html).toContain(second);
  });
});
