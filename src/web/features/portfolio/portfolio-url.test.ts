import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS, filtersKey, readFilters, writeFilters } from "./portfolio-url";

describe("readFilters", () => {
  it("reads every control from its parameter", () => {
    const params = new URLSearchParams(
      "portfolio=1&pq=Café+council&ptype=data&ppub=Harbour+Weekly&pfrom=2025-01-01&pto=2025-12-31&pcoll=c1",
    );
    expect(readFilters(params)).toEqual({
      query: "Café council",
      type: "data",
      publication: "Harbour Weekly",
      from: "2025-01-01",
      to: "2025-12-31",
      collection: "c1",
    });
  });

  it("gives empty controls when no parameter is set", () => {
    expect(readFilters(new URLSearchParams("portfolio=1"))).toEqual(EMPTY_FILTERS);
  });

  it("accepts a type in any case and drops an unknown one", () => {
    expect(readFilters(new URLSearchParams("ptype=News")).type).toBe("news");
    expect(readFilters(new URLSearchParams("ptype=elections")).type).toBe("");
  });

  it("drops dates that a date input could not hold", () => {
    const params = new URLSearchParams("pfrom=2025-02-30&pto=March+2025");
    expect(readFilters(params)).toMatchObject({ from: "", to: "" });
    expect(readFilters(new URLSearchParams("pfrom=2024-02-29")).from).toBe("2024-02-29");
  });
});

describe("writeFilters", () => {
  it("sets the active controls and removes the empty ones, keeping other parameters", () => {
    const params = new URLSearchParams(
      "portfolio=1&phighlight=https%3A%2F%2Fa.example%2Fx&ptype=news&pq=old",
    );
    const next = writeFilters(params, {
      ...EMPTY_FILTERS,
      publication: "The Civic Ledger",
      from: "2026-01-01",
    });
    expect(next.get("portfolio")).toBe("1");
    expect(next.get("phighlight")).toBe("https://a.example/x");
    expect(next.get("ppub")).toBe("The Civic Ledger");
    expect(next.get("pfrom")).toBe("2026-01-01");
    expect(next.has("ptype")).toBe(false);
    expect(next.has("pq")).toBe(false);
    expect(params.get("ptype")).toBe("news");
  });

  it("round-trips through readFilters", () => {
    const filters = {
      query: "naïve ferry",
      type: "interview",
      publication: "Northgate Courier",
      from: "2025-03-02",
      to: "2026-05-30",
      collection: "0b6c2f1e-collection",
    };
    expect(readFilters(writeFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it("leaves a query of only spaces out of the URL", () => {
    expect(writeFilters(new URLSearchParams(), { ...EMPTY_FILTERS, query: "   " }).has("pq")).toBe(false);
  });
});

describe("filtersKey", () => {
  it("is equal for controls the URL cannot tell apart", () => {
    expect(filtersKey({ ...EMPTY_FILTERS, query: "  " })).toBe(filtersKey(EMPTY_FILTERS));
    expect(filtersKey({ ...EMPTY_FILTERS, type: "news" })).not.toBe(filtersKey(EMPTY_FILTERS));
  });
});
