import { redirect, useNavigate, useSearchParams } from "react-router";
import { CredentialsForm } from "../features/session/credentials-form";
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

  return (
    <CredentialsForm
      title="Admin Login"
      passwordAutoComplete="current-password"
      submitLabel="Sign In"
      pendingLabel="Signing in…"
      onSubmit={async (credentials) => {
        try {
          await apiRequest("/api/session", { method: "POST", body: credentials });
        } catch (caught) {
          throw new Error(caught instanceof ApiError && caught.message ? caught.message : "Login failed");
        }
        navigate(safeReturnPath(searchParams.get("redirectTo")), { replace: true });
      }}
    />
  );
}
