/**
 * `npm run bench:interaction`: how long the page takes to answer three interactions, from the
 * input to the next paint, on the production build of `/` with demo content in Debian's
 * Chromium at a phone's size. Each is timed with the browser's Event Timing API (what INP is made
 * of): opening the portfolio overlay from the top bar, opening the article viewer from a card,
 * and typing one character into the portfolio search. Runs every interaction 5 times under the
 * DevTools protocol's 4× CPU slowdown, and, side by side as the baseline, without it. Fails when
 * a throttled median reaches 100 ms. `--skip-build` reuses an existing build-bench;
 * INTERACTION_RUNS changes the number of runs (10 or more to compare two commits).
 */
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_PATH, middleValue, QUIET_CHROMIUM_ARGS } from "./lib/chromium";
import { startProductionServer } from "./lib/production-server";

const RUNS = Number(process.env.INTERACTION_RUNS ?? 5);
const GOAL_MS = 100;
const args = new Set(process.argv.slice(2));

/** `setup` and `teardown` are not timed; `reset` undoes `run` so the next run starts the same. */
type Interaction = {
  name: string;
  setup?(page: Page): Promise<void>;
  run(page: Page): Promise<void>;
  reset(page: Page): Promise<void>;
  teardown?(page: Page): Promise<void>;
};

const modalOpen = (page: Page, selector: string) =>
  page.waitForFunction((s) => document.querySelector(s)?.matches(":modal") === true, selector);
const searchValue = (page: Page, value: string) =>
  page.waitForFunction(
    (v) =>
      (document.querySelector("dialog:modal input[type='search']") as HTMLInputElement | null)?.value === v,
    value,
  );
const closeModal = async (page: Page) => {
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => document.querySelector("dialog:modal") === null);
};

const INTERACTIONS: Interaction[] = [
  {
    name: "open the portfolio overlay",
    run: async (page) => {
      await page.getByRole("link", { name: "PORTFOLIO", exact: true }).click();
      await modalOpen(page, "dialog");
    },
    reset: closeModal,
  },
  {
    name: "open the article viewer",
    run: async (page) => {
      await page
        .locator("#work")
        .getByRole("link", { name: /^Read article/ })
        .first()
        .click();
      await modalOpen(page, "dialog.viewer");
    },
    reset: closeModal,
  },
  {
    name: "type a character in the portfolio search",
    setup: async (page) => {
      await page.getByRole("link", { name: "PORTFOLIO", exact: true }).click();
      await page.locator("dialog:modal input[type='search']").focus();
    },
    run: async (page) => {
      await page.keyboard.press("a");
      await searchValue(page, "a");
    },
    reset: async (page) => {
      await page.keyboard.press("Backspace");
      await searchValue(page, "");
    },
    teardown: closeModal,
  },
];

/** Collects Event Timing entries (input to next paint) from the page's load on. */
const OBSERVE_EVENTS = () => {
  const w = window as unknown as {
    __eventTimings: { name: string; duration: number; interactionId: number }[];
  };
  w.__eventTimings = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
      w.__eventTimings.push({
        name: entry.name,
        duration: entry.duration,
        interactionId: entry.interactionId,
      });
    }
    // 16 ms is the smallest threshold the API allows; a shorter interaction reports nothing.
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

/** The longest interaction recorded since the last call, in ms; 0 when none reached 16 ms. */
async function takeLongestInteraction(page: Page): Promise<number> {
  // Event Timing reports after the next paint; two frames later every entry has arrived.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(50);
  return page.evaluate(() => {
    const w = window as unknown as { __eventTimings: { duration: number; interactionId: number }[] };
    const durations = w.__eventTimings.filter((e) => e.interactionId > 0).map((e) => e.duration);
    w.__eventTimings = [];
    return durations.length ? Math.max(...durations) : 0;
  });
}

async function measure(baseUrl: string, cpuSlowdown: number): Promise<Map<string, number[]>> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", ...QUIET_CHROMIUM_ARGS],
  });
  const results = new Map(INTERACTIONS.map((i) => [i.name, [] as number[]]));
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_EVENTS);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.goto(`${baseUrl}/`, { waitUntil: "load" });
    await page.locator(".lp-typed:not([data-phase='static'])").waitFor({ state: "attached" });
    await page.waitForTimeout(1000);
    for (let run = 0; run < RUNS; run++) {
      for (const interaction of INTERACTIONS) {
        await interaction.setup?.(page);
        await takeLongestInteraction(page);
        await interaction.run(page);
        results.get(interaction.name)!.push(await takeLongestInteraction(page));
        await interaction.reset(page);
        await interaction.teardown?.(page);
        await takeLongestInteraction(page);
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

const shown = (ms: number) => (ms === 0 ? "<16" : String(Math.round(ms)));

console.log(
  args.has("--skip-build") ? "Using build-bench/" : "Building for production into build-bench/ ...",
);
const server = await startProductionServer({ buildDir: "build-bench", build: !args.has("--skip-build") });
try {
  const baseline = await measure(server.url, 1);
  const throttled = await measure(server.url, 4);
  console.log(
    `\nbench:interaction — input to next paint (Event Timing), 412×823 phone, ${RUNS} runs each, ms\n`,
  );
  console.log(
    `${"interaction".padEnd(42)}  ${"no slowdown".padStart(12)}  ${"4× CPU slowdown".padStart(16)}  runs (4×)`,
  );
  let failed = false;
  for (const { name } of INTERACTIONS) {
    const slow = middleValue(throttled.get(name)!);
    failed ||= slow >= GOAL_MS;
    console.log(
      `${name.padEnd(42)}  ${shown(middleValue(baseline.get(name)!)).padStart(12)}  ${shown(slow).padStart(16)}  ${throttled.get(name)!.map(shown).join(", ")}`,
    );
  }
  console.log(
    `\nGoal: every median under ${GOAL_MS} ms with 4× slowdown: ${failed ? "MISSED" : "met"} ("<16": too short for Event Timing to report)`,
  );
  if (failed) process.exitCode = 1;
} finally {
  await server.stop();
}
