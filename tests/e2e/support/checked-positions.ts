import { expect, type Locator, type Page } from "@playwright/test";

type Recorder = Window & { __checkedPositions?: { input: HTMLInputElement; checked: boolean }[] };

function recordPositions() {
  const recorder = window as Recorder;
  if (!recorder.__checkedPositions) {
    const property = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "checked")!;
    Object.defineProperty(HTMLInputElement.prototype, "checked", {
      ...property,
      set(this: HTMLInputElement, checked: boolean) {
        recorder.__checkedPositions?.push({ input: this, checked: Boolean(checked) });
        property.set!.call(this, checked);
      },
    });
  }
  recorder.__checkedPositions = [];
}

/**
 * Starts (or starts again) a record of every position the page's script gives a checkbox (each
 * assignment to `checked`), so a test sees what looking at it would miss: a switch showing its old
 * position for a moment after a click, between two renders. React wraps a checkbox's `checked`
 * when it creates it, so only checkboxes created after the first call, on this page or on the
 * pages loaded after it, are seen.
 */
export async function recordCheckedPositions(page: Page) {
  if (!(await page.evaluate(() => "__checkedPositions" in window))) await page.addInitScript(recordPositions);
  await page.evaluate(recordPositions);
}

/**
 * The positions the checkbox was given since `recordCheckedPositions` last started the record,
 * from the first time it was given `position` (before that, re-renders give it the position it
 * had). Fails the test when it never was.
 */
export async function positionsSince(checkbox: Locator, position: boolean): Promise<boolean[]> {
  const positions = await checkbox.evaluate((input) =>
    ((window as Recorder).__checkedPositions ?? [])
      .filter((entry) => entry.input === input)
      .map((entry) => entry.checked),
  );
  const first = positions.indexOf(position);
  expect(first, `never ${position}: ${JSON.stringify(positions)}`).toBeGreaterThanOrEqual(0);
  return positions.slice(first);
}
