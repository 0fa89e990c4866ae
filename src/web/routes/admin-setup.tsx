import { useNavigate, useSearchParams } from "react-router";
import { CredentialsForm } from "../features/session/credentials-form";
import { ApiError, apiRequest } from "../lib/api-client";
import "../styles/admin.css";

export function meta() {
  return [{ title: "Set up Byline" }, { name: "robots", content: "noindex" }];
}

export default function AdminSetup() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  return (
    <CredentialsForm
      title="Set up your site"
      intro={<p>Choose the e-mail address and password you will sign in with.</p>}
      passwordAutoComplete="new-password"
      passwordHint="At least 12 characters."
      submitLabel="Create account"
      pendingLabel="Saving…"
      onSubmit={async (credentials) => {
        const token = searchParams.get("token") ?? "";
        try {
          await apiRequest("/api/setup", { method: "POST", body: { token, ...credentials } });
        } catch (caught) {
          const fields = caught instanceof ApiError ? Object.values(caught.fields) : [];
          throw new Error(fields[0] ?? (caught instanceof Error ? caught.message : "Setup failed"));
        }
        navigate("/admin/dashboard", { replace: true });
      }}
    />
  );
}
