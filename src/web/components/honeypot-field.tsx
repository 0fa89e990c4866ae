import "./honeypot-field.css";

/**
 * A `website` field people never see or reach (out of the Tab order, hidden from screen readers,
 * inert): bots that fill every field give themselves away, and the server drops their post.
 */
export function HoneypotField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="honeypot" aria-hidden="true" inert>
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
