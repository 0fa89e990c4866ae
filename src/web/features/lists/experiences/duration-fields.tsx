import { useId } from "react";
import {
  formatDuration,
  MONTH_ABBREVIATIONS,
  withCurrent,
  yearChoices,
  type DurationControls,
} from "../../../../domain/durations";
import { endsBeforeStart } from "./experience-draft";
import { CheckboxField, SelectField } from "../../../lib/form-kit/form-fields";

type DurationFieldsProps = {
  controls: DurationControls;
  onChange: (controls: DurationControls) => void;
  now: Date;
  error?: string | undefined;
};

const MONTH_OPTIONS = MONTH_ABBREVIATIONS.map((label, value) => ({ value, label }));

/** The last 20 years; a stored year older than that stays choosable, so nothing changes by itself. */
function yearOptions(now: Date, ...keep: number[]) {
  const years = yearChoices(now);
  const extra = keep.filter((year) => !years.includes(year)).sort((a, b) => b - a);
  return [...years, ...extra.filter((year, i) => extra.indexOf(year) === i)].map((year) => ({
    value: year,
    label: String(year),
  }));
}

/**
 * Start and end month and year, 'Currently working here', and the duration text they make,
 * rebuilt on every change.
 */
export function DurationFields({ controls, onChange, now, error }: DurationFieldsProps) {
  const outputId = useId();
  const set = (patch: Partial<DurationControls>) => onChange({ ...controls, ...patch });
  return (
    <fieldset className="duration">
      <legend className="field__label">Duration</legend>
      <div className="duration__grid">
        <SelectField
          label="Start month"
          value={controls.startMonth}
          options={MONTH_OPTIONS}
          onChange={(startMonth) => set({ startMonth })}
        />
        <SelectField
          label="Start year"
          value={controls.startYear}
          options={yearOptions(now, controls.startYear)}
          onChange={(startYear) => set({ startYear })}
        />
        <SelectField
          label="End month"
          value={controls.endMonth}
          options={MONTH_OPTIONS}
          disabled={controls.current}
          onChange={(endMonth) => set({ endMonth })}
        />
        <SelectField
          label="End year"
          value={controls.endYear}
          options={yearOptions(now, controls.endYear)}
          disabled={controls.current}
          onChange={(endYear) => set({ endYear })}
        />
      </div>
      <CheckboxField
        label="Currently working here"
        checked={controls.current}
        onChange={(current) => onChange(withCurrent(controls, current, now))}
      />
      <p className="duration__result">
        <span className="duration__caption" id={outputId}>
          Shown as
        </span>{" "}
        <output aria-labelledby={outputId} className="duration__text" data-testid="duration-text">
          {formatDuration(controls, now)}
        </output>
      </p>
      {endsBeforeStart(controls) ? (
        <small className="field__warning">The end is before the start.</small>
      ) : null}
      {error ? <small className="field__error">{error}</small> : null}
    </fieldset>
  );
}
