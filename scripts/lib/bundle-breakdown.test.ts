import { describe, expect, it } from "vitest";
import { bytesBySource, decodeVlq, moduleGroup } from "./bundle-breakdown";

describe("decodeVlq", () => {
  it("reads single and multi-digit values with their signs", () => {
    expect(decodeVlq("AAAA")).toEqual([0, 0, 0, 0]);
    expect(decodeVlq("KACD")).toEqual([5, 0, 1, -1]);
    expect(decodeVlq("gBAAA")).toEqual([16, 0, 0, 0]);
  });
});

describe("bytesBySource", () => {
  it("gives each source the text from its segment to the next", () => {
    // Line 0: columns 0-3 from a.ts, 4-9 from b.ts; line 1: columns 0-1 unmapped, 2-4 from a.ts.
    const code = "aaaabbbbbb\nxxaaa";
    const map = { sources: ["a.ts", "b.ts"], mappings: "AAAA,ICAA;EDAA" };
    const totals = bytesBySource(code, map);
    expect(Object.fromEntries(totals)).toEqual({ "a.ts": 7, "b.ts": 7, "(unmapped)": 2 });
    expect([...totals.values()].reduce((sum, n) => sum + n, 0)).toBe(code.length);
  });
});

describe("moduleGroup", () => {
  it("names a dependency by package and file, our code by folder", () => {
    expect(moduleGroup("../../node_modules/react-dom/cjs/react-dom-client.production.js")).toBe(
      "react-dom/cjs/react-dom-client.production.js",
    );
    expect(moduleGroup("../../node_modules/@scope/pkg/dist/index.mjs")).toBe("@scope/pkg/dist/index.mjs");
    expect(moduleGroup("../../src/web/features/portfolio/portfolio-overlay.tsx")).toBe(
      "src/web/features/portfolio",
    );
  });
});
