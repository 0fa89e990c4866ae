import { useEffect, useRef } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { requireOwner, type AdminOutletContext } from "../lib/dashboard/owner-guard";
import { ToastProvider } from "../lib/dashboard/toasts";
import { MessagesTabLink } from "../features/messages/messages-tab-link";
import { SourcesTabLink } from "../features/sources/sources-tab-link";
import { ApiError, apiRequest } from "../lib/api-client";
import type { Route } from "./+types/admin-dashboard";
import "../styles/admin.css";

export function loader({ context, request }: Route.LoaderArgs): AdminOutletContext {
  const owner = requireOwner(context, request);
  return { email: owner.email, csrfToken: owner.csrfToken };
}

export function meta() {
  return [{ title: "Admin Dashboard · Byline" }, { name: "robots", content: "noindex" }];
}

type Tab = { to: string; label: string };

/** Home first; the content tabs come before Clips (which feeds Articles), the site's own after it. */
const CONTENT_TABS: readonly Tab[] = [
  { to: "/admin/dashboard", label: "Home" },
  { to: "experiences", label: "Experiences" },
  { to: "education", label: "Education" },
  { to: "articles", label: "Articles" },
  { to: "collections", label: "Collections" },
  { to: "readers", label: "Readers" },
];
const SITE_TABS: readonly Tab[] = [
  { to: "settings", label: "Settings" },
  { to: "media", label: "Media" },
];

/**
 * Ends the session with the page's CSRF token, like every owner write. When the owner signed in
 * again in another tab, the session was renewed and that token is out of date; a sign-out must
 * still sign out, so it then asks for the current session's token.
 */
async function signOut(csrfToken: string) {
  try {
    await apiRequest("/api/session", { method: "DELETE", csrfToken });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "csrf")) throw error;
    const current = await apiRequest<{ csrfToken?: string }>("/api/session");
    await apiRequest("/api/session", { method: "DELETE", csrfToken: current.csrfToken });
  }
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const section =
    useLocation()
      .pathname.replace(/^\/admin\/dashboard\/?/, "")
      .split("/")[0] ?? "";
  const nav = useRef<HTMLElement>(null);
  // On a narrow screen the bar scrolls sideways: the open section's tab is brought into view.
  useEffect(() => {
    const bar = nav.current;
    const centre = () => {
      const tab = bar?.querySelector<HTMLElement>('[aria-current="page"]');
      if (bar && tab) bar.scrollLeft = tab.offsetLeft - (bar.clientWidth - tab.offsetWidth) / 2;
    };
    centre();
    // The tabs' widths change once the web fonts are in; a tab the keyboard reached meanwhile stays.
    void document.fonts?.ready.then(() => {
      if (!bar?.contains(document.activeElement)) centre();
    });
  }, [section]);

  async function logout() {
    await signOut(loaderData.csrfToken).catch(() => undefined);
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
        <nav
          ref={nav}
          className="dashboard__tabs"
          aria-label="Sections"
          // The browser leaves a focused tab half out of the bar when part of it shows: all of it, then.
          onFocus={(event) => event.target.scrollIntoView({ block: "nearest", inline: "nearest" })}
        >
          {CONTENT_TABS.map((tab) => (
            <TabLink key={tab.to} tab={tab} section={section} />
          ))}
          <SourcesTabLink className="dashboard__tab" />
          {SITE_TABS.map((tab) => (
            <TabLink key={tab.to} tab={tab} section={section} />
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

function TabLink({ tab, section }: { tab: Tab; section: string }) {
  const current = tab.to === "/admin/dashboard" ? section === "" : section === tab.to;
  return (
    <Link to={tab.to} className="dashboard__tab" aria-current={current ? "page" : undefined}>
      {tab.label}
    </Link>
  );
}
