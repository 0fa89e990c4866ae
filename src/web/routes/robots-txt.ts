import { robotsTxt } from "../features/landing/seo/sitemap";
import type { Route } from "./+types/robots-txt";

/** GET /robots.txt: crawl the public page, not the admin area. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
