const ATTRIBUTE = "data-portfolio-opener";

/** Spread on the top bar's PORTFOLIO link, the control that opens the portfolio overlay. */
export const portfolioOpenerProps = { [ATTRIBUTE]: "" };

/**
 * That link: where focus goes when an overlay that opened with the page closes (a shared
 * `?portfolio=1` link, or a tap before the scripts ran, which loads that address).
 */
export const findPortfolioOpener = () => document.querySelector<HTMLElement>(`[${ATTRIBUTE}]`);
