import { sitemapXml, XML_CONTENT_TYPE } from "../features/landing/seo/sitemap";
import type { Route } from "./+types/sitemap-xml";

/** GET /sitemap.xml: the public page, last modified when its content last changed. */
export function loader({ context }: Route.LoaderArgs) {
  const { content } = context;
  const times = [...content.articles(), ...content.experiences(), ...content.education()].map(
    (item) => item.updatedAt,
  );
  const lastModified = times.reduce<string | undefined>(
    (latest, t) => (latest === undefined || t > latest ? t : latest),
    undefined,
  );
  return new Response(sitemapXml(context.publicUrl, lastModified), {
    headers: { "Content-Type": XML_CONTENT_TYPE, "Cache-Control": "public, max-age=3600" },
  });
}
