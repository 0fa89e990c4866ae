import { redirect, type AppLoadContext } from "react-router";

/** The sign-in page that brings the owner back to `returnTo` (a dashboard path) afterwards. */
export function signInPath(returnTo: string): string {
  return `/admin?redirectTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Every dashboard loader checks the session itself: a data request can ask for one child
 * route's loader alone, so the dashboard's own check does not cover its children.
 */
export function requireOwner(context: AppLoadContext, request: Request) {
  if (!context.owner) {
    const url = new URL(request.url);
    url.searchParams.delete("_routes");
    throw redirect(signInPath(url.pathname.replace(/\.data$/, "") + url.search));
  }
  return context.owner;
}

/** What the dashboard hands to its sections through `<Outlet context>`. */
export type AdminOutletContext = { email: string; csrfToken: string };
