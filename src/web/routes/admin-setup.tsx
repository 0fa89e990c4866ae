import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError, apiRequest } from "../lib/api-client";
import "../styles/admin.css";

export function meta() {
  return [{ title: "Set up Byline" }, { name: "robots", content: "noindex" }];
}

export default function AdminSetup() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState("");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError("");
    try {
      await apiRequest("/api/setup", { method: "POST", body: { token: searchParams.get("token") ?? "", email, password } });
      navigate("/admin/dashboard", { replace: true });
    } catch (caught) {
      const fields = caught instanceof ApiError ? Object.values(caught.fields) : [];
      setError(fields[0] ?? (caught instanceof Error ? caught.message : "Setup failed"));
      setPending(false);
    }
  }

  return (
    <main className="admin-auth">
      <form className="admin-auth__card" onSubmit={onSubmit}>
        <h1>Set up your site</h1>
        <p>Choose the e-mail address and password you will sign in with.</p>
        <label className="field">
          <span>Email</span>
          <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <small>At least 12 characters.</small>
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? "Saving…" : "Create account"}
        </button>
      </form>
    </main>
  );
}
