import { useId, type ReactNode } from "react";
import "./fields.css";

/** Field messages from the API, keyed by path ('role', 'links.0.url', 'hero.location'). */
export type FieldErrors = Record<string, string>;

type ShellProps = {
  label: ReactNode;
  required?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  wide?: boolean;
  children: (control: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
};

/**
 * A visible label holding exactly the field's name (the required marker sits beside it), the
 * control, an optional hint and the server's message.
 */
export function FieldShell({ label, required, error, hint, wide, children }: ShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${wide ? " field--wide" : ""}${error ? " field--invalid" : ""}`}>
      <span className="field__head">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {required ? <RequiredMarker /> : null}
      </span>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <small id={hintId} className="field__hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={errorId} className="field__error">
          {error}
        </small>
      ) : null}
    </div>
  );
}

export function RequiredMarker() {
  return (
    <span className="required-marker" aria-hidden="true" title="Required">
      *
    </span>
  );
}

type Common = {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  wide?: boolean;
};

type TextFieldProps = Common & {
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "url" | "email";
  inputMode?: "url" | "email" | "text";
  placeholder?: string;
  list?: string;
  autoComplete?: string;
};

export function TextField({
  value,
  onChange,
  type = "text",
  inputMode,
  placeholder,
  list,
  autoComplete = "off",
  ...shell
}: TextFieldProps) {
  return (
    <FieldShell {...shell}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required={shell.required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          inputMode={inputMode}
          placeholder={placeholder}
          list={list}
          autoComplete={autoComplete}
          spellCheck={type === "text"}
        />
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = Common & {
  value: string;
  onChange: (value: string) => void;
  rows: number;
  placeholder?: string;
};

export function TextAreaField({ value, onChange, rows, placeholder, ...shell }: TextAreaFieldProps) {
  return (
    <FieldShell {...shell}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={rows}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required={shell.required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
        />
      )}
    </FieldShell>
  );
}

type SelectFieldProps = Omit<Common, "required"> & {
  value: number;
  onChange: (value: number) => void;
  options: readonly { value: number; label: string }[];
  disabled?: boolean;
};

export function SelectField({ value, onChange, options, disabled, ...shell }: SelectFieldProps) {
  return (
    <FieldShell {...shell}>
      {({ id, describedBy }) => (
        <select
          id={id}
          value={value}
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

type CheckboxFieldProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  /** "switch": turns a feature on or off, as screen readers should announce it. */
  role?: "switch";
};

export function CheckboxField({ label, checked, onChange, hint, role }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="check">
      <input
        id={id}
        type="checkbox"
        role={role}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <small id={`${id}-hint`} className="field__hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}
