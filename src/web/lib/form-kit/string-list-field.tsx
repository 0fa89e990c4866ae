import type { FieldErrors } from "./form-fields";
import { FieldShell } from "./form-fields";
import { ListField } from "./list-field";

type StringListFieldProps = {
  legend: string;
  noun: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  /** The API path of the list ('bullets'); entries' messages are under 'bullets.0', 'bullets.1'… */
  path: string;
  errors: FieldErrors;
  multiline?: boolean;
  max?: number;
  hint?: string;
};

/** A list of text entries; each entry is labelled by its number ('Bullets 2' for assistive tech). */
export function StringListField({
  legend,
  noun,
  items,
  onChange,
  path,
  errors,
  multiline = false,
  max,
  hint,
}: StringListFieldProps) {
  return (
    <ListField
      legend={legend}
      noun={noun}
      items={items}
      onChange={onChange}
      create={() => ""}
      max={max}
      hint={hint}
      error={errors[path]}
      renderItem={(value, index, change) => (
        <FieldShell
          label={
            <>
              <span className="visually-hidden">{legend} </span>
              {index + 1}
            </>
          }
          error={errors[`${path}.${index}`]}
        >
          {({ id, describedBy, invalid }) =>
            multiline ? (
              <textarea
                id={id}
                rows={2}
                value={value}
                onChange={(event) => change(event.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              />
            ) : (
              <input
                id={id}
                type="text"
                value={value}
                onChange={(event) => change(event.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              />
            )
          }
        </FieldShell>
      )}
    />
  );
}
