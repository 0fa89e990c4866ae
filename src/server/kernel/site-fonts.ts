import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// The site's fonts ship with the app (OFL, from @fontsource): what the server draws (share cards,
// clip books) never depends on what the server has installed or on a download. @fontsource cuts
// each face into subsets by script; Latin and Latin Extended cover most names in Europe and the
// Americas.
const require = createRequire(import.meta.url);

export type SiteFontFamily = "playfair-display" | "source-serif-4";
export const SITE_FONT_SUBSETS = ["latin", "latin-ext"] as const;
export type SiteFontSubset = (typeof SITE_FONT_SUBSETS)[number];

/** One subset of one face of the site's fonts, as WOFF (which satori and pdfkit both read). */
export function siteFontFile(
  family: SiteFontFamily,
  subset: SiteFontSubset,
  weight: 400 | 600 | 700,
  style: "normal" | "italic" = "normal",
): Buffer {
  return readFileSync(
    require.resolve(`@fontsource/${family}/files/${family}-${subset}-${weight}-${style}.woff`),
  );
}
