import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { CONFIRM_LINK_HOURS } from "../../../domain/email-follow";
import { HoneypotField } from "../../components/honeypot-field";
import { ApiError, apiRequest } from "../../lib/api-client";
import "./follow.css";

type Status = "idle" | "sending" | "sent" | "error";

/** What a refusal says to the visitor. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400) return error.fields.email ?? "Enter a valid e-mail address";
    if (error.status === 429) return "Too many sign-ups just now. Please try again later.";
  }
  return "✗ Failed to sign up. Please try again.";
}

/**
 * 'Follow my work': an address, a confirmation mail, then new clips by e-mail. Without the
 * script the form posts to `/follow`, which answers with a page saying the same.
 */
export function FollowForm({ name }: { name: string }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [website, setWebsite] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  const [message, setMessage] = useState("");
  const [failures, setFailures] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const sending = status === "sending";

  // The answer takes the focus, so a screen reader reads it and the keyboard starts from it.
  useEffect(() => {
    if (status === "sent") doneRef.current?.focus();
  }, [status]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setStatus("sending");
    try {
      await apiRequest("/api/follow", { method: "POST", body: { email, website } });
      setStatus("sent");
      setEmail("");
    } catch (error) {
      setMessage(failureText(error));
      setStatus("error");
      setFailures((n) => n + 1);
      input.current?.focus();
    }
  }

  const titleId = `${id}-title`;
  return (
    <section className="follow" aria-labelledby={titleId}>
      <h3 id={titleId} className="follow__title">
        Follow my work
      </h3>
      {status === "sent" ? (
        <div className="follow__done">
          <p ref={doneRef} tabIndex={-1} className="follow__done-text" role="status">
            Check your inbox: we sent you a link to confirm your address. It works for {CONFIRM_LINK_HOURS}{" "}
            hours.
          </p>
          <button type="button" className="follow__again" onClick={() => setStatus("idle")}>
            Use another address
          </button>
        </div>
      ) : (
        <form
          className="follow__form"
          method="post"
          action="/follow"
          aria-labelledby={titleId}
          onSubmit={submit}
        >
          <p id={`${id}-intro`} className="follow__intro">
            New clips by {name} in your inbox. No account; unsubscribe with one click.
          </p>
          <div className="follow__row">
            <div className="reader-field follow__field">
              <label htmlFor={`${id}-email`}>Email</label>
              <input
                ref={input}
                id={`${id}-email`}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                required
                maxLength={254}
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (status === "error") setStatus("idle");
                }}
                aria-invalid={status === "error" ? true : undefined}
                aria-describedby={status === "error" ? `${id}-error` : `${id}-intro`}
              />
            </div>
            <button
              type="submit"
              className="outline-button follow__button"
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {sending ? "Sending…" : "Follow"}
            </button>
          </div>
          <HoneypotField id={`${id}-website`} value={website} onChange={setWebsite} />
          {status === "error" ? (
            <p key={failures} id={`${id}-error`} className="follow__error" role="alert">
              {message}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
