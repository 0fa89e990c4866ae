import sharp from "sharp";
import type { Site } from "../../domain/content";
import type { IconPath } from "../../domain/generated-paths";
import { contentEtag } from "../kernel/http/etag";
import { PICTURE_RETRY_MS } from "../kernel/picture-loader";

/** The site's colours (src/web/styles/base.css): accent red behind paper-white letters. */
const ACCENT = "#8a1c1c";
const PAPER = "#fbf9f4";

export type SiteIcon = {
  body: Buffer;
  contentType: string;
  etag: string;
  /** False when the Site icon could not be had: the initials stand in, and it is tried again later. */
  complete: boolean;
};

/** "Morgan Hale" → "MH": the first letter of the first and of the last word. */
export function initials(name: string): string {
  const words = name.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? [];
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return (first + last).toLocaleUpperCase() || "B";
}

/** A square of the accent colour with the owner's initials; `rounded` for the browser tab only. */
export function iconSvg(name: string, rounded: boolean): string {
  const letters = initials(name);
  const size = letters.length > 1 ? 28 : 36;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64"${rounded ? ' rx="12"' : ""} fill="${ACCENT}"/>` +
    `<text x="32" y="${32 + size * 0.36}" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" ` +
    `font-size="${size}" font-weight="700" fill="${PAPER}">${letters}</text></svg>`
  );
}

/** An ICO file holding one PNG image (allowed since Windows Vista, read by every browser). */
export function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}

async function png(name: string, size: number, rounded: boolean): Promise<Buffer> {
  return sharp(Buffer.from(iconSvg(name, rounded)), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Square PNGs, without rounded corners: phones and the manifest's users round them themselves. */
const PNG_SIZES = { "/apple-touch-icon.png": 180, "/icon-192.png": 192, "/icon-512.png": 512 } as const;

/** The owner's own picture (Settings, Site icon) as a square PNG, cropped to fill it. */
const pictureIcon = (picture: Buffer, size: number) =>
  sharp(picture).rotate().resize(size, size, { fit: "cover" }).png({ compressionLevel: 9 }).toBuffer();

async function make(
  path: IconPath,
  site: Site,
  picture: Buffer | null,
): Promise<{ body: Buffer; contentType: string }> {
  const square = (size: number, rounded: boolean) =>
    picture ? pictureIcon(picture, size) : png(site.name, size, rounded);
  switch (path) {
    case "/favicon.svg": {
      if (!picture) return { body: Buffer.from(iconSvg(site.name, true)), contentType: "image/svg+xml" };
      const inner = (await pictureIcon(picture, 64)).toString("base64");
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><image width="64" height="64" href="data:image/png;base64,${inner}"/></svg>`;
      return { body: Buffer.from(svg), contentType: "image/svg+xml" };
    }
    case "/favicon.ico":
      return { body: icoFromPng(await square(32, true), 32), contentType: "image/x-icon" };
    case "/apple-touch-icon.png":
    case "/icon-192.png":
    case "/icon-512.png":
      return { body: await square(PNG_SIZES[path], false), contentType: "image/png" };
    case "/site.webmanifest": {
      const manifest = {
        name: site.name,
        short_name: site.name.trim().split(/\s+/)[0],
        start_url: "/",
        display: "browser",
        theme_color: PAPER,
        background_color: PAPER,
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any maskable" },
        ],
      };
      return { body: Buffer.from(JSON.stringify(manifest)), contentType: "application/manifest+json" };
    }
  }
}

/**
 * The site's icons and web manifest: the owner's own picture when Settings has a Site icon (and
 * it can be read), else their initials in the site's colours. Each is made once and kept until
 * the name or the picture changes; one made without a picture that could not be had now is made
 * again PICTURE_RETRY_MS later.
 */
export function createSiteIcons(
  site: () => Site,
  /** The picture's bytes; null when there is none to load, rejects when it cannot be had now. */
  loadImage: (url: string) => Promise<Buffer | null>,
) {
  type Made = { key: string; icon: Promise<SiteIcon>; retryAt?: number };
  const made = new Map<IconPath, Made>();
  return {
    get(path: IconPath): Promise<SiteIcon> {
      const current = site();
      const key = `${current.name}\n${current.siteIcon}`;
      const cached = made.get(path);
      if (cached && cached.key === key && !(cached.retryAt !== undefined && Date.now() >= cached.retryAt)) {
        return cached.icon;
      }
      const icon = (async () => {
        const picture = current.siteIcon ? await loadImage(current.siteIcon).catch(() => undefined) : null;
        const file = await make(path, current, picture ?? null).catch(() => make(path, current, null));
        return { ...file, etag: contentEtag(file.body), complete: picture !== undefined };
      })();
      const entry: Made = { key, icon };
      made.set(path, entry);
      icon.then(
        ({ complete }) => !complete && (entry.retryAt = Date.now() + PICTURE_RETRY_MS),
        () => made.get(path) === entry && made.delete(path),
      );
      return icon;
    },
  };
}
