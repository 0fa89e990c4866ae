import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/landing.tsx"),
  route("admin", "routes/admin-login.tsx"),
  route("admin/setup", "routes/admin-setup.tsx"),
  route("admin/dashboard", "routes/admin-dashboard.tsx", [
    index("routes/admin-home.tsx"),
    route("experiences", "routes/admin-experiences.tsx"),
    route("education", "routes/admin-education.tsx"),
    route("articles", "routes/admin-articles.tsx"),
    route("collections", "routes/admin-collections.tsx"),
    route("readers", "routes/admin-readers.tsx"),
    route("settings", "routes/admin-settings.tsx"),
    route("messages", "routes/admin-messages.tsx"),
    route("clips", "routes/admin-clips.tsx"),
    // The Sources tab's old address (e-mails, bookmarks) is the Clips tab now.
    route("sources", "routes/admin-sources.tsx"),
    route("media", "routes/admin-media.tsx"),
    route("*", "routes/admin-unknown-section.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("feed.xml", "routes/feed-xml.ts"),
  // An unlisted collection: a real 404 for an unknown or retired token, not the landing page.
  route("c/:token", "routes/collection-page.tsx"),
  // A public collection's own page, by its id: a real 404 once it is no longer public.
  route("collections/:id", "routes/public-collection-page.tsx"),
  // The evidence that the clips are the owner's (issue 39).
  route("proof", "routes/proof-page.tsx"),
  // Any other path shows the landing page at that address, rendered once for all of them
  // (src/server/pages.ts, catchAllPaths; decision 030).
  route("*", "routes/landing.tsx", { id: "landing-fallback" }),
] satisfies RouteConfig;
