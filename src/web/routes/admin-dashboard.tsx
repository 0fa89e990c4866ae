import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { requireOwner, type AdminOutletContext } from "../lib/dashboard/owner-guard";
import { ToastProvider } from "../lib/dashboard/toasts";
import { MessagesTabLink } from "../features/messages/messages-tab-link";
import { apiRequest } from "../lib/api-client";
import type { Route } from "./+types/admin-dashboard";
import "../styles/admin.css";

export function loader({ context, request }: Route.LoaderArgs): AdminOutletContext {
  const owner = requireOwner(context, request);
  return { email: owner.email, csrfToken: owner.csrfToken };
}

export function meta() {
  return [{ title: "Admin Dashboard · Byline" }, { name: "robots", content: "noindex" }];
}

const TABS = [
  { to: "experiences", label: "Experiences" },
  { to: "education", label: "Education" },
  { to: "articles", label: "Articles" },
  { to: "settings", label: "Settings" },
  { to: "media", label: "Media" },
] as const;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  // The index route is the experiences manager too.
  const section =
    useLocation()
      .pathname.replace(/^\/admin\/dashboard\/?/, "")
      .split("/")[0] || "experiences";

  async function logout() {
    await apiRequest("/api/session", { method: "DELETE", csrfToken: loaderData.csrfToken }).catch(
      () => undefined,
    );
    navigate("/admin", { replace: true });
  }

  return (
    <ToastProvider>
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
            <Link
              key={tab.to}
              to={tab.to}
              className="dashboard__tab"
              aria-current={section === tab.to ? "page" : undefined}
            >
              {tab.label}
            </Link>
          ))}
          <MessagesTabLink className="dashboard__tab" />
        </nav>
        <main className="dashboard__body">
          <Outlet context={loaderData satisfies AdminOutletContext} />
        </main>
      </div>
    </ToastProvider>
  );
}
