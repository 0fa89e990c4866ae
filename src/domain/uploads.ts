import type { Article, Site } from "./content";

/** Largest file the dashboard may upload. */
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

/** Where uploaded files are served; `DATA_DIR/uploads` on disk. */
export const UPLOADS_PATH = "/uploads";

/** Stored extension per accepted format: the name is the SHA-256 of the stored bytes plus this. */
export const UPLOAD_EXTENSIONS = ["jpg", "png", "webp", "avif", "gif"] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

export const UPLOAD_CONTENT_TYPES: Record<UploadExtension, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

/** An uploaded file's name: the only form that is ever read from or written to the uploads folder. */
export const UPLOAD_NAME = /^[0-9a-f]{64}\.(jpg|png|webp|avif|gif)$/;

export function isUploadPath(value: string): boolean {
  return value.startsWith(`${UPLOADS_PATH}/`) && UPLOAD_NAME.test(value.slice(UPLOADS_PATH.length + 1));
}

export function uploadUrl(name: string): string {
  return `${UPLOADS_PATH}/${name}`;
}

/** `POST /api/uploads` answers this (201). */
export type UploadResult = { url: string; width: number; height: number; bytes: number };

/** The settings fields that hold an image, with their labels. */
const SETTINGS_IMAGES = [
  ["heroImage", "Your photo"],
  ["siteIcon", "Site icon"],
] as const;

/** Where an image address is used: a site settings field (by its label), or an article's image. */
export type UploadUse = { kind: "settings"; field: string } | { kind: "article"; id: string; title: string };

/** One row of the Media list (`GET /api/uploads`). */
export type UploadInfo = UploadResult & { name: string; createdAt: string; usedBy: UploadUse[] };

export function usesOfImage(
  url: string,
  site: Pick<Site, "heroImage" | "siteIcon">,
  articles: readonly Pick<Article, "id" | "title" | "image">[],
): UploadUse[] {
  const uses: UploadUse[] = SETTINGS_IMAGES.filter(([key]) => site[key] === url).map(([, field]) => ({
    kind: "settings",
    field,
  }));
  for (const article of articles) {
    if (article.image === url) uses.push({ kind: "article", id: article.id, title: article.title });
  }
  return uses;
}

/** 'the site settings (Your photo)', 'the article "Title"', '3 articles': for the refusal to delete. */
export function describeUses(uses: readonly UploadUse[]): string {
  const parts: string[] = [];
  const fields = uses.flatMap((use) => (use.kind === "settings" ? [use.field] : []));
  if (fields.length > 0) parts.push(`the site settings (${fields.join(", ")})`);
  const articles = uses.filter((use) => use.kind === "article");
  if (articles.length === 1) parts.push(`the article “${articles[0]!.title || "Untitled"}”`);
  else if (articles.length > 1) parts.push(`${articles.length} articles`);
  return parts.join(" and ");
}
