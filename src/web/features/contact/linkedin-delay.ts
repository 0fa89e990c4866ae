/** The LinkedIn profile opens after 1 s, plus a random 0.5–1.5 s on the first click. */
export const LINKEDIN_DELAY_MS = 1000;
export const FIRST_CLICK_EXTRA_MS = { min: 500, max: 1500 } as const;

/** `random` is a number in [0, 1), as Math.random() returns. */
export function linkedInDelayMs(firstClick: boolean, random: number): number {
  if (!firstClick) return LINKEDIN_DELAY_MS;
  const { min, max } = FIRST_CLICK_EXTRA_MS;
  return LINKEDIN_DELAY_MS + Math.round(min + Math.min(Math.max(random, 0), 1) * (max - min));
}
