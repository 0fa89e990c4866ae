import { createHash } from "node:crypto";

/** A strong ETag naming exactly these bytes. */
export function contentEtag(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url")}"`;
}

/** If-None-Match may list several tags, weak ones (W/"…") included, or be `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}
