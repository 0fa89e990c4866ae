import { afterAll } from "vitest";

export type AttackCounter = {
  /** Counts `n` payloads tried in `category` (every one must have been blocked for the test to pass). */
  (category: string, n?: number): void;
  /** A line printed under the table, such as which listeners were watched. */
  note(text: string): void;
};

/**
 * The attack suite's tally: each category counts the payloads it tried, and the table is printed
 * once the file's tests are done, so a reviewer can see the coverage in the `npm test` output.
 */
export function attackCounter(title: string): AttackCounter {
  const tried: Record<string, number> = {};
  const notes: string[] = [];
  afterAll(() => {
    const width = Math.max(28, ...Object.keys(tried).map((category) => category.length + 1));
    const rows = Object.entries(tried).map(([category, n]) => `  ${category.padEnd(width)} ${n}`);
    const total = Object.values(tried).reduce((sum, n) => sum + n, 0);
    console.log(
      [
        `${title} — payloads tried per category (all blocked):`,
        ...rows,
        `  ${"total".padEnd(width)} ${total}`,
        ...notes.map((text) => `  (${text})`),
      ].join("\n"),
    );
  });
  const count = (category: string, n = 1) => void (tried[category] = (tried[category] ?? 0) + n);
  return Object.assign(count, { note: (text: string) => void notes.push(text) });
}
