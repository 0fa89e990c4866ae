import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Keyboard and pointer-target probes shared by the keyboard spec: which controls Tab can reach,
 * what the focused control looks like, and how big every target is.
 */

/** What the tests learn about one control. `key` is its position among the tabbable controls. */
export type Control = {
  key: number;
  label: string;
  top: number;
  left: number;
  right: number;
  bottom: number;
};

/**
 * Numbers every control that Tab should reach inside `scope` (the document when omitted), in DOM
 * order, in a `data-kb` attribute, and describes them. Disabled, hidden, inert and
 * `tabindex="-1"` elements are left out; so is anything inside a closed `<dialog>`, and every
 * radio of a group but the one Tab stops at.
 */
export async function markTabbables(page: Page, scope?: string): Promise<Control[]> {
  return page.evaluate((scopeSelector) => {
    const root = scopeSelector ? document.querySelector(scopeSelector) : document.body;
    if (!root) throw new Error(`no ${scopeSelector}`);
    for (const old of document.querySelectorAll("[data-kb]")) old.removeAttribute("data-kb");
    const candidates = root.querySelectorAll<HTMLElement>(
      "a[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable='true']",
    );
    const controls = [...candidates].filter((element) => {
      if (element.tabIndex < 0) return false;
      // :disabled also covers the controls of a disabled fieldset.
      if (element.matches(":disabled")) return false;
      if (element instanceof HTMLInputElement && element.type === "hidden") return false;
      // A radio group is one Tab stop: its checked radio, or its first while none is (arrows move within).
      if (element instanceof HTMLInputElement && element.type === "radio" && element.name) {
        const group = [
          ...(element.form ?? document).querySelectorAll<HTMLInputElement>(
            `input[type="radio"][name="${CSS.escape(element.name)}"]`,
          ),
        ];
        if ((group.find((radio) => radio.checked) ?? group[0]) !== element) return false;
      }
      if (element.closest("[hidden], [inert], dialog:not([open])")) return false;
      const style = getComputedStyle(element);
      if (style.visibility !== "visible" || element.getClientRects().length === 0) return false;
      return true;
    });
    return controls.map((element, key) => {
      element.dataset.kb = String(key);
      const rect = element.getBoundingClientRect();
      const labels = (element as HTMLInputElement).labels;
      const label = (
        element.getAttribute("aria-label") ??
        (labels?.[0]?.textContent || null) ??
        element.textContent ??
        ""
      )
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 60);
      return {
        key,
        label: `${element.tagName.toLowerCase()} "${label}"`,
        top: rect.top + window.scrollY,
        left: rect.left + window.scrollX,
        right: rect.right + window.scrollX,
        bottom: rect.bottom + window.scrollY,
      };
    });
  }, scope ?? null);
}

/** What is known about the focused element right now. */
export type FocusState = {
  /** The `data-kb` number of the focused element, or null when focus is on something unmarked. */
  key: number | null;
  label: string;
  /** Matches `:focus-visible`. */
  focusVisible: boolean;
  /** A focus indicator: an outline (style not none, width ≥ 2px, colour not transparent) or a box shadow. */
  indicator: string | null;
  /** The part of the indicator hidden by an ancestor that clips its overflow, if any. */
  clippedBy: string | null;
  /** Entirely covered by a sticky or fixed element (WCAG 2.4.11). */
  obscuredBy: string | null;
  insideDialog: boolean;
  /** Focus is inside a frame (another site's page): its indicator is that page's business. */
  inFrame: boolean;
};

export async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return {
        key: null,
        label: "body",
        focusVisible: false,
        indicator: null,
        clippedBy: null,
        obscuredBy: null,
        insideDialog: false,
        inFrame: false,
      };
    }
    const describe = (node: Element) =>
      `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${node.classList.length ? `.${[...node.classList].join(".")}` : ""}`;
    // Chromium's date field keeps its calendar button as a Tab stop inside its own shadow tree:
    // the field is then :focus-within but not :focus (nor :focus-visible), and must show a ring.
    const inCalendarButton =
      element instanceof HTMLInputElement && !element.matches(":focus") && element.matches(":focus-within");
    // A native control made invisible (opacity 0) over a styled stand-in, like the tag chips:
    // the ring has to be on the stand-in, the element right after it.
    const invisible = Number(getComputedStyle(element).opacity) === 0;
    const ringed =
      invisible && element.nextElementSibling instanceof HTMLElement ? element.nextElementSibling : element;
    const style = getComputedStyle(ringed);
    const outlineWidth = parseFloat(style.outlineWidth) || 0;
    const transparent = (color: string) => color === "transparent" || /rgba\(.*,\s*0\)$/.test(color);
    let indicator: string | null = null;
    if (style.outlineStyle !== "none" && outlineWidth >= 2 && !transparent(style.outlineColor)) {
      indicator = `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
    } else if (style.boxShadow && style.boxShadow !== "none") {
      indicator = `box-shadow ${style.boxShadow}`;
    }
    if (indicator && ringed !== element) indicator += ` (on ${describe(ringed)})`;

    // The indicator's box: the border box grown by the outline's offset and width.
    const rect = ringed.getBoundingClientRect();
    const grow = indicator?.startsWith("outline")
      ? Math.max(0, (parseFloat(style.outlineOffset) || 0) + outlineWidth)
      : 0;
    const box = {
      top: rect.top - grow,
      left: rect.left - grow,
      right: rect.right + grow,
      bottom: rect.bottom + grow,
    };
    let clippedBy: string | null = null;
    for (
      let node = ringed.parentElement;
      node && node !== document.body && node !== document.documentElement;
      node = node.parentElement
    ) {
      const ancestor = getComputedStyle(node);
      if (ancestor.overflowX === "visible" && ancestor.overflowY === "visible") continue;
      const clip = node.getBoundingClientRect();
      const inside =
        box.top >= clip.top - 0.5 &&
        box.left >= clip.left - 0.5 &&
        box.right <= clip.right + 0.5 &&
        box.bottom <= clip.bottom + 0.5;
      if (!inside) {
        clippedBy = describe(node);
        break;
      }
    }

    // Covered when every sample point of the element hits a sticky or fixed element that does not contain it.
    let obscuredBy: string | null = null;
    const points: [number, number][] = [];
    for (const fx of [0.1, 0.5, 0.9])
      for (const fy of [0.1, 0.5, 0.9])
        points.push([rect.left + rect.width * fx, rect.top + rect.height * fy]);
    const coveringElements = points.map(([x, y]) => {
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return "off-screen";
      const hit = document.elementFromPoint(x, y);
      if (!hit || element.contains(hit) || hit.contains(element)) return null;
      for (let node: Element | null = hit; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "sticky" || position === "fixed") return describe(node);
      }
      return null;
    });
    if (coveringElements.every((covering) => covering !== null)) obscuredBy = coveringElements.join(", ");

    const label =
      (
        element.getAttribute("aria-label") ??
        ((element as HTMLInputElement).labels?.[0]?.textContent || null) ??
        element.textContent ??
        ""
      )
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 60) + (inCalendarButton ? " (calendar button)" : "");
    return {
      key: element.dataset.kb === undefined ? null : Number(element.dataset.kb),
      label: `${element.tagName.toLowerCase()} "${label}"`,
      focusVisible: element.matches(":focus-visible") || inCalendarButton,
      indicator,
      clippedBy,
      obscuredBy,
      insideDialog: Boolean(element.closest("dialog[open]")),
      inFrame: element.tagName === "IFRAME",
    };
  });
}

/** The focused element shows a focus indicator that nothing clips or covers. */
export function expectVisibleFocus(state: FocusState, where: string) {
  if (state.inFrame) return;
  expect(state.focusVisible, `${where}: ${state.label} should match :focus-visible`).toBe(true);
  expect(state.indicator, `${where}: ${state.label} has no focus indicator`).not.toBeNull();
  expect(
    state.clippedBy,
    `${where}: ${state.label}'s focus indicator is clipped by ${state.clippedBy}`,
  ).toBeNull();
  expect(state.obscuredBy, `${where}: ${state.label} is hidden behind ${state.obscuredBy}`).toBeNull();
}

/**
 * Presses `key` `times` times and returns where focus went after each press, checking the focus
 * indicator every time.
 */
export async function pressAndTrack(
  page: Page,
  key: "Tab" | "Shift+Tab",
  times: number,
  where: string,
): Promise<FocusState[]> {
  const visited: FocusState[] = [];
  for (let press = 0; press < times; press++) {
    await page.keyboard.press(key);
    const state = await focusState(page);
    expectVisibleFocus(state, `${where}, ${key} #${press + 1}`);
    visited.push(state);
  }
  return visited;
}

/** A pointer target that is smaller than 24 × 24 CSS pixels. */
export type SmallTarget = { label: string; width: number; height: number };

/**
 * Every visible link, button, form control and option inside `scope` whose box is smaller than
 * 24 × 24 CSS px. Links inside running text (inline, with other text in the same block) are
 * exempt (WCAG 2.5.8), and so are the visually hidden (1 px) copies for screen readers and the
 * contents of frames.
 */
export async function smallTargets(page: Page, scope = "body"): Promise<SmallTarget[]> {
  return page.evaluate((scopeSelector) => {
    const root = document.querySelector(scopeSelector);
    if (!root) throw new Error(`no ${scopeSelector}`);
    const blockOf = (element: Element): Element => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        if (!getComputedStyle(node).display.startsWith("inline")) return node;
      }
      return document.body;
    };
    const inRunningText = (element: HTMLElement) => {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      const own = (element.textContent ?? "").trim();
      const around = (blockOf(element).textContent ?? "").trim();
      return around.length > own.length;
    };
    const targets = root.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type='hidden']), select, textarea, summary, [role='button'], [role='option'], [role='tab'], [role='checkbox'], [role='switch']",
    );
    const found: { label: string; width: number; height: number }[] = [];
    for (const element of targets) {
      if (element.closest("[hidden], [inert], dialog:not([open])")) continue;
      const style = getComputedStyle(element);
      if (style.visibility !== "visible" || element.getClientRects().length === 0) continue;
      const rect = element.getBoundingClientRect();
      // Visually hidden, or parked off-screen until focused (the skip link is checked focused).
      if (rect.width <= 1 || rect.height <= 1 || rect.bottom + window.scrollY <= 0) continue;
      if (inRunningText(element)) continue;
      if (rect.width >= 24 - 0.01 && rect.height >= 24 - 0.01) continue;
      const label = (
        element.getAttribute("aria-label") ??
        element.textContent ??
        element.getAttribute("name") ??
        ""
      )
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 50);
      const kind =
        element instanceof HTMLInputElement ? `input[type=${element.type}]` : element.tagName.toLowerCase();
      found.push({
        label: `${kind} "${label}" (.${[...element.classList].join(".")})`,
        width: Math.round(rect.width * 10) / 10,
        height: Math.round(rect.height * 10) / 10,
      });
    }
    return found;
  }, scope);
}

export async function expectTargetsAtLeast24(page: Page, where: string, scope?: string) {
  const small = await smallTargets(page, scope);
  expect(
    small,
    `${where}: targets smaller than 24 × 24 px:\n${small.map((t) => `  ${t.label}: ${t.width} × ${t.height}`).join("\n")}`,
  ).toEqual([]);
}

/**
 * Tabs through `dialog` both ways until every control has had focus and one press more, checking
 * at each step that focus stayed inside. A control can hold several Tab stops (Chromium's date
 * field has one per part and its calendar button; a framed page has its own links), so the presses
 * are counted until the whole cycle is seen, within a bound.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, where: string) {
  const selector = await dialog.evaluate((element) => {
    element.setAttribute("data-kb-scope", "");
    return "[data-kb-scope]";
  });
  const controls = await markTabbables(page, selector);
  expect(controls.length, `${where}: the dialog has controls`).toBeGreaterThan(1);
  const bound = controls.length * 4 + 40;
  for (const key of ["Tab", "Shift+Tab"] as const) {
    const reached = new Set<number | null>();
    let presses = 0;
    while (controls.some((control) => !reached.has(control.key)) && presses < bound) {
      const [state] = await pressAndTrack(page, key, 1, `${where} (${key} #${++presses})`);
      expect(state!.insideDialog, `${where}: ${key} left the dialog for ${state!.label}`).toBe(true);
      reached.add(state!.key);
    }
    const missed = controls.filter((control) => !reached.has(control.key)).map((control) => control.label);
    expect(missed, `${where}: ${key} never reached within ${bound} presses`).toEqual([]);
    const [after] = await pressAndTrack(page, key, 1, `${where} (${key}, one past the cycle)`);
    expect(after!.insideDialog, `${where}: ${key} left the dialog for ${after!.label}`).toBe(true);
  }
}
