import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { filtersKey, readFilters, writeFilters, type PortfolioFilterState } from "./portfolio-url";

/** Typing is written to the URL once the visitor pauses; the results follow every keystroke. */
const QUERY_WRITE_DELAY_MS = 300;

function sameChoices(a: PortfolioFilterState, b: PortfolioFilterState): boolean {
  return a.type === b.type && a.publication === b.publication && a.from === b.from && a.to === b.to;
}

/**
 * The overlay's controls, kept in the page URL (`pq`, `ptype`, `ppub`, `pfrom`, `pto`) so a
 * filtered view can be shared and survives a reload.
 *
 * The controls live in component state and the URL follows them (replace, no scroll reset):
 * a router navigation only commits the new URL after the page's loaders have run, so reading
 * the controls back from the URL would make every keystroke wait for the server. A URL change
 * that did not come from here (back/forward, a pasted link) is adopted by the controls.
 */
export function usePortfolioUrlState(): [PortfolioFilterState, (next: PortfolioFilterState) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = useMemo(() => readFilters(searchParams), [searchParams]);
  const [filters, setFilters] = useState(fromUrl);

  /** What the URL says (or is about to say) after our last write. */
  const written = useRef({ key: filtersKey(fromUrl), filters: fromUrl });
  /** Keys written and not yet seen back in the URL, oldest first. */
  const pending = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const setParams = useRef(setSearchParams);

  useEffect(() => {
    setParams.current = setSearchParams;
  }, [setSearchParams]);

  // The URL changed: either one of our writes arrived, or someone else changed it.
  useEffect(() => {
    const key = filtersKey(fromUrl);
    const index = pending.current.indexOf(key);
    if (index !== -1) {
      pending.current = pending.current.slice(index + 1);
      return;
    }
    if (pending.current.length === 0 && key !== written.current.key) {
      written.current = { key, filters: fromUrl };
      setFilters(fromUrl);
    }
  }, [fromUrl]);

  // The controls changed: write them, at once for a choice, after a pause for typing.
  useEffect(() => {
    const key = filtersKey(filters);
    clearTimeout(timer.current);
    if (key === written.current.key) return;
    const delay = sameChoices(filters, written.current.filters) ? QUERY_WRITE_DELAY_MS : 0;
    timer.current = setTimeout(() => {
      written.current = { key, filters };
      pending.current.push(key);
      setParams.current((current) => writeFilters(current, filters), {
        replace: true,
        preventScrollReset: true,
      });
    }, delay);
  }, [filters]);

  // Nothing is written after the overlay has closed.
  useEffect(() => () => clearTimeout(timer.current), []);

  return [filters, setFilters];
}
