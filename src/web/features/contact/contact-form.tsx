import { useId, useRef, useState, type FormEvent } from "react";
import { HoneypotField } from "../../components/honeypot-field";
import { ApiError, apiRequest } from "../../lib/api-client";
import {
  EMPTY_FIELDS,
  FIELD_ORDER,
  isComplete,
  LABELS,
  MAX_LENGTH,
  missingText,
  visibleFieldErrors,
  type ContactFields,
  type ContactStatus,
  type VisibleField,
} from "./contact-form-model";

const AUTOCOMPLETE: Record<VisibleField, string> = {
  name: "name",
  email: "email",
  subject: "off",
  message: "off",
};

export type ContactFormProps = {
  /** `note`: the server's word when the disk was full and the message was mailed or held. */
  onSent: (note?: string) => void;
};

/**
 * The four fields, the honeypot and the submit button. Typed text stays after a failure;
 * the server's per-field messages appear under their fields.
 */
export function ContactForm({ onSent }: ContactFormProps) {
  const id = useId();
  const [fields, setFields] = useState<ContactFields>(EMPTY_FIELDS);
  const [website, setWebsite] = useState("");
  const [status, setStatus] = useState<ContactStatus>("idle");
  const [errors, setErrors] = useState<Partial<Record<VisibleField, string>>>({});
  // Each failure renders a fresh alert, so it is announced again.
  const [failures, setFailures] = useState(0);
  const inputs = useRef<Partial<Record<VisibleField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const sending = status === "sending";
  const missing = missingText(fields);

  function change(field: VisibleField, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || !isComplete(fields)) return;
    setStatus("sending");
    setErrors({});
    try {
      const answer = await apiRequest<{ note?: string } | null>("/api/contact", {
        method: "POST",
        body: { ...fields, website },
      });
      setFields(EMPTY_FIELDS);
      setWebsite("");
      setStatus("idle");
      onSent(answer?.note);
    } catch (error) {
      const fieldErrors =
        error instanceof ApiError && error.status === 400 ? visibleFieldErrors(error.fields) : {};
      setErrors(fieldErrors);
      setStatus("error");
      setFailures((n) => n + 1);
      const first = FIELD_ORDER.find((field) => fieldErrors[field]);
      if (first) inputs.current[first]?.focus();
    }
  }

  return (
    <form
      className="contact-form"
      onSubmit={submit}
      aria-describedby={status === "error" ? `${id}-error` : undefined}
    >
      <div className="contact-form__grid">
        {FIELD_ORDER.map((field) => {
          const inputId = `${id}-${field}`;
          const errorId = `${inputId}-error`;
          const common = {
            id: inputId,
            name: field,
            required: true,
            maxLength: MAX_LENGTH[field],
            value: fields[field],
            autoComplete: AUTOCOMPLETE[field],
            "aria-invalid": errors[field] ? true : undefined,
            "aria-describedby": errors[field] ? errorId : undefined,
          } as const;
          return (
            <div key={field} className={`reader-field contact-form__field contact-form__field--${field}`}>
              <label htmlFor={inputId}>{LABELS[field]}</label>
              {field === "message" ? (
                <textarea
                  {...common}
                  rows={6}
                  ref={(element) => void (inputs.current[field] = element)}
                  onChange={(event) => change(field, event.target.value)}
                />
              ) : (
                <input
                  {...common}
                  type={field === "email" ? "email" : "text"}
                  inputMode={field === "email" ? "email" : undefined}
                  spellCheck={field === "email" ? false : undefined}
                  ref={(element) => void (inputs.current[field] = element)}
                  onChange={(event) => change(field, event.target.value)}
                />
              )}
              {errors[field] ? (
                <p id={errorId} className="contact-form__field-error">
                  {errors[field]}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>

      <HoneypotField id={`${id}-website`} value={website} onChange={setWebsite} />

      {status === "error" ? (
        <p key={failures} id={`${id}-error`} className="contact-form__error" role="alert">
          ✗ Failed to send. Please try again.
        </p>
      ) : null}

      <div className="contact-form__actions">
        <button
          type="submit"
          className="outline-button contact-button contact-button--primary"
          disabled={sending || !isComplete(fields)}
          aria-describedby={missing && !sending ? `${id}-missing` : undefined}
        >
          {sending ? "Sending..." : "Send Message"}
        </button>
        {missing && !sending ? (
          <p id={`${id}-missing`} className="contact-form__missing">
            {missing}
          </p>
        ) : null}
      </div>
    </form>
  );
}
