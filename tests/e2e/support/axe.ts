import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The one accessibility scan of the browser tests: axe-core with the WCAG 2.0, 2.1 and 2.2
 * A/AA rules. Specs scope it with `include` (CSS selectors) and never switch rules off: a
 * violation is fixed in the app.
 */

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

export type ScanOptions = {
  /** Parts of the page to scan (CSS selectors); the whole page when omitted. */
  include?: string[];
  /**
   * Parts not to scan. Only for documents that are not ours, such as a publisher's page inside
   * the viewer's frame: `[frameSelector, "body"]` (axe matches the framed document from its body). The frame element itself
   * stays in the scan (its title is checked).
   */
  exclude?: (string | [string, string])[];
};

/** Runs the scan and returns axe's results. */
export async function scan(page: Page, options: ScanOptions = {}): Promise<AxeResults> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  return builder.analyze();
}

/**
 * One line per violation and one indented block per offending element: rule, impact, what it
 * asks for, where to read more, the element's selector, its markup and axe's explanation.
 */
export function describeViolations(results: AxeResults): string[] {
  return results.violations.map((violation) => {
    const nodes = violation.nodes.map((node) => {
      const target = node.target
        .map((part) => (Array.isArray(part) ? part.join(" >> ") : String(part)))
        .join(" ");
      const summary = (node.failureSummary ?? "").replace(/\n\s*/g, "\n      ");
      return `  - ${target}\n      ${node.html.slice(0, 300)}\n      ${summary}`;
    });
    return `${violation.id} (${violation.impact ?? "?"}): ${violation.help}\n  ${violation.helpUrl}\n${nodes.join("\n")}`;
  });
}

/** Fails with every violation spelled out; `label` names the page and state in the message. */
export async function expectNoViolations(
  page: Page,
  label: string,
  options: ScanOptions = {},
): Promise<AxeResults> {
  const results = await scan(page, options);
  const found = describeViolations(results);
  expect(results.passes.length, `${label}: axe ran no checks`).toBeGreaterThan(0);
  expect(found, `${label}: ${found.length} accessibility violation(s)\n\n${found.join("\n\n")}\n`).toEqual(
    [],
  );
  return results;
}
