import { NavLink, Outlet, redirect, useNavigate } from "react-router";
import { MessagesTabLink } from "../features/messages/messages-tab-link";
import { apiRequest } from "../lib/api-client";
import type { Route } from "./+types/admin-dashboard";
import "../styles/admin.css";

export function loader({ context, request }: Route.LoaderArgs) {
  if (!context.owner) {
    const url = new URL(request.url);
    throw redirect(`/admin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { email: context.owner.email, csrfToken: context.owner.csrfToken };
}

export function meta() {
  return [{ title: "Admin Dashboard · Byline" }, { name: "robots", content: "noindex" }];
}

const TABS = [
  { to: "experiences", label: "Experiences" },
  { to: "education", label: "Education" },
  { to: "articles", label: "Articles" },
  { to: "settings", label: "Settings" },
] as const;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();

  async function logout() {
    await apiRequest("/api/session", { method: "DELETE", csrfToken: loaderData.csrfToken }).catch(() => undefined);
    navigate("/admin", { replace: true });
  }

  return (
    <div className="dashboard">
      <header className="dashboard__header">
        <h1>Admin Dashboard</h1>
        <span className="dashboard__who">{loaderData.email}</span>
        <button type="button" className="button" onClick={logout}>
          Logout
        </button>
      </header>
      <nav className="dashboard__tabs" aria-label="Sections">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className="dashboard__tab">
            {tab.label}
          </NavLink>
        ))}
        <MessagesTabLink className="dashboard__tab" />
      </nav>
      <main className="dashboard__body">
        <Outlet context={loaderData} />
      </main>
    </div>
  );
}
