import { escapeXml } from "./xml";

export const XML_CONTENT_TYPE = "application/xml; charset=utf-8";

/** The sitemap: the one public page, with the time its content last changed. */
export function sitemapXml(origin: string, lastModified: string | undefined): string {
  const time = lastModified ? Date.parse(lastModified) : Number.NaN;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    `  <url>`,
    `    <loc>${escapeXml(`${origin}/`)}</loc>`,
    ...(Number.isNaN(time) ? [] : [`    <lastmod>${new Date(time).toISOString()}</lastmod>`]),
    `    <changefreq>weekly</changefreq>`,
    `  </url>`,
    `</urlset>`,
    ``,
  ].join("\n");
}

/** robots.txt: everything public may be crawled except the admin area. */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
}
