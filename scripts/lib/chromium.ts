/**
 * The browser the benchmarks and screenshots drive: Debian's full Chromium (the tests launch the
 * lighter headless shell, decision 022, with the same quiet flags), kept quiet so background work
 * does not skew a figure. Each caller adds its own headless flag: Playwright takes `--headless`,
 * chrome-launcher `--headless=new`.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const QUIET_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The middle of the sorted values (the upper middle for an even count): always one of the runs. */
export function middleValue(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}
