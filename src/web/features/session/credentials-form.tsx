import { useState, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { errorReason } from "../../../domain/error-reason";

type CredentialsFormProps = {
  title: string;
  intro?: ReactNode;
  /** 'current-password' to sign in, 'new-password' to choose one. */
  passwordAutoComplete: "current-password" | "new-password";
  passwordHint?: string;
  submitLabel: string;
  pendingLabel: string;
  /** Resolves when done; rejects with the message to show under the fields. */
  onSubmit: (credentials: { email: string; password: string }) => Promise<void>;
};

/** The e-mail and password card shared by sign-in and first-time setup. */
export function CredentialsForm({
  title,
  intro,
  passwordAutoComplete,
  passwordHint,
  submitLabel,
  pendingLabel,
  onSubmit,
}: CredentialsFormProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState("");
  // Before the script runs, a click would submit the form natively, as a GET: the password would
  // land in the address bar and the history. The button waits for the page to be ready.
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: what was typed before the page's script ran counts too.
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    setPending(true);
    setError("");
    try {
      await onSubmit({ email, password });
    } catch (caught) {
      setError(errorReason(caught));
      setPending(false);
    }
  }

  return (
    <main className="admin-auth">
      <form className="admin-auth__card" onSubmit={submit}>
        <h1>{title}</h1>
        {intro}
        <label className="field">
          <span>Email</span>
          <input type="email" name="email" autoComplete="username" required />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete={passwordAutoComplete}
            required
            minLength={passwordAutoComplete === "new-password" ? 12 : undefined}
          />
          {passwordHint ? <small>{passwordHint}</small> : null}
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={pending || !hydrated}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </form>
    </main>
  );
}
