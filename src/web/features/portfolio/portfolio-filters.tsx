import { useId, type RefObject } from "react";
import type { PublicCollection } from "../../../domain/collections";
import { PUBLIC_TAGS } from "../../../domain/public-tags";
import { formatArticleDate } from "../../../domain/dates";
import { FilterDropdown, type DropdownOption } from "./filter-dropdown";
import type { PortfolioFilterState } from "./portfolio-url";

export type OpenDropdown = "type" | "publication" | "collection" | null;

export type PortfolioFiltersProps = {
  filters: PortfolioFilterState;
  onChange: (next: PortfolioFilterState) => void;
  outlets: readonly string[];
  /** The public collections, each a choice of the Collection dropdown (none: no dropdown). */
  collections: readonly Pick<PublicCollection, "id" | "title">[];
  active: boolean;
  onClear: () => void;
  openDropdown: OpenDropdown;
  onOpenDropdown: (which: OpenDropdown) => void;
  searchRef: RefObject<HTMLInputElement | null>;
};

const TYPE_OPTIONS: DropdownOption[] = [
  { value: "", label: "All Types" },
  ...PUBLIC_TAGS.map((tag) => ({ value: tag, label: tag })),
];

/** Search box, type and publication dropdowns, the date range and 'Clear Filters'. */
export function PortfolioFilters({
  filters,
  onChange,
  outlets,
  collections,
  active,
  onClear,
  openDropdown,
  onOpenDropdown,
  searchRef,
}: PortfolioFiltersProps) {
  const id = useId();
  const set = (field: keyof PortfolioFilterState) => (value: string) =>
    onChange({ ...filters, [field]: value });
  const publicationOptions: DropdownOption[] = [
    { value: "", label: "All Publications" },
    ...outlets.map((outlet) => ({ value: outlet, label: outlet })),
  ];
  // A shared link may name an outlet that has no articles (any more): still show the choice.
  if (filters.publication !== "" && !outlets.includes(filters.publication)) {
    publicationOptions.push({ value: filters.publication, label: filters.publication });
  }

  return (
    <div className="pf-filters" role="search" aria-label="Portfolio filters">
      <div className="pf-field pf-field--search">
        <label className="visually-hidden" htmlFor={`${id}-search`}>
          Search
        </label>
        <span className="pf-search__icon" aria-hidden="true" />
        <input
          ref={searchRef}
          id={`${id}-search`}
          className="pf-input pf-search"
          type="search"
          placeholder="Search my portfolio..."
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          value={filters.query}
          onChange={(event) => set("query")(event.target.value)}
        />
      </div>
      <div className="pf-field pf-field--choice">
        <FilterDropdown
          label="Type"
          className="pf-dropdown--type"
          options={TYPE_OPTIONS}
          value={filters.type}
          onChange={set("type")}
          open={openDropdown === "type"}
          onOpenChange={(open) => onOpenDropdown(open ? "type" : null)}
        />
      </div>
      <div className="pf-field pf-field--choice">
        <FilterDropdown
          label="Publication"
          className="pf-dropdown--publication"
          options={publicationOptions}
          value={filters.publication}
          onChange={set("publication")}
          open={openDropdown === "publication"}
          onOpenChange={(open) => onOpenDropdown(open ? "publication" : null)}
        />
      </div>
      {collections.length > 0 ? (
        <div className="pf-field pf-field--choice">
          <FilterDropdown
            label="Collection"
            className="pf-dropdown--collection"
            options={[
              { value: "", label: "All Collections" },
              ...collections.map((collection) => ({ value: collection.id, label: collection.title })),
            ]}
            value={
              collections.some((collection) => collection.id === filters.collection) ? filters.collection : ""
            }
            onChange={set("collection")}
            open={openDropdown === "collection"}
            onOpenChange={(open) => onOpenDropdown(open ? "collection" : null)}
          />
        </div>
      ) : null}
      <DateField
        id={`${id}-from`}
        label="From"
        value={filters.from}
        max={filters.to || undefined}
        onChange={set("from")}
      />
      <DateField
        id={`${id}-to`}
        label="To"
        value={filters.to}
        min={filters.from || undefined}
        onChange={set("to")}
      />
      {active ? (
        <div className="pf-field pf-field--clear">
          <button type="button" className="pf-clear" onClick={onClear}>
            Clear Filters
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A date picker shows its value in the browser's locale ('06/17/2025' or '17.06.2025'); the chosen
 * day is repeated beside it in the site's own format, which is also what screen readers hear after
 * the label.
 */
function DateField(props: {
  id: string;
  label: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (value: string) => void;
}) {
  const shown = props.value ? formatArticleDate(props.value) : "";
  return (
    <div className="pf-field pf-field--date">
      <label className="pf-label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        className="pf-input pf-date"
        type="date"
        value={props.value}
        min={props.min}
        max={props.max}
        aria-describedby={shown ? `${props.id}-shown` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {shown ? (
        <span className="pf-date-shown" id={`${props.id}-shown`}>
          {shown}
        </span>
      ) : null}
    </div>
  );
}
