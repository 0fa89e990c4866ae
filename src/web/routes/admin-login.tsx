import { useState, type FormEvent } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { ApiError, apiRequest } from "../lib/api-client";
import { safeReturnPath } from "../lib/safe-return-path";
import type { Route } from "./+types/admin-login";
import "../styles/admin.css";

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.owner) {
    throw redirect(safeReturnPath(new URL(request.url).searchParams.get("redirectTo")));
  }
  return null;
}

export function meta() {
  return [{ title: "Admin Login · Byline" }, { name: "robots", content: "noindex" }];
}

export default function AdminLogin() {
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
      await apiRequest("/api/session", { method: "POST", body: { email, password } });
      navigate(safeReturnPath(searchParams.get("redirectTo")), { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError && caught.message ? caught.message : "Login failed");
      setPending(false);
    }
  }

  return (
    <main className="admin-auth">
      <form className="admin-auth__card" onSubmit={onSubmit} noValidate={false}>
        <h1>Admin Login</h1>
        <label className="field">
          <span>Email</span>
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? "Signing in…" : "Sign In"}
        </button>
      </form>
    </main>
  );
}
