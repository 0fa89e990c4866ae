/** The few server-rendered pages of following by e-mail: small, and readable without a script. */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

export type FollowPage = {
  title: string;
  lines: string[];
  /** The page's one action, posted to `action`; `oneClick` sends RFC 8058's `List-Unsubscribe=One-Click` with it. */
  form?: { action: string; button: string; oneClick?: boolean };
};

const BUTTON =
  "font:inherit;font-weight:600;padding:0.7rem 1.4rem;border-radius:999px;border:2px solid #1b1b1b;background:#1b1b1b;color:#fff;cursor:pointer";

/** A whole page: the heading, what happened, the one action if any, and the way back to the site. */
export function followPage(page: FollowPage, site: { name: string; home: string }): string {
  const form = page.form
    ? `<form method="post" action="${escapeHtml(page.form.action)}">` +
      (page.form.oneClick ? `<input type="hidden" name="List-Unsubscribe" value="One-Click">` : "") +
      `<button type="submit" style="${BUTTON}">${escapeHtml(page.form.button)}</button></form>`
    : "";
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(page.title)} · ${escapeHtml(site.name)}</title></head>`,
    '<body style="margin:0;background:#f6f6f4;color:#1b1b1b;font:1.0625rem/1.6 system-ui,sans-serif">',
    '<main style="box-sizing:border-box;max-width:36rem;margin:0 auto;padding:clamp(1.5rem,6vw,4rem) 1.25rem">',
    `<h1 style="font:700 clamp(1.6rem,5vw,2.2rem)/1.2 Georgia,serif;margin:0 0 1rem">${escapeHtml(page.title)}</h1>`,
    ...page.lines.map((line) => `<p style="margin:0 0 1rem">${escapeHtml(line)}</p>`),
    form,
    `<p style="margin-top:2rem"><a href="${escapeHtml(site.home)}" style="color:#1b1b1b">Back to ${escapeHtml(site.name)}'s site</a></p>`,
    "</main></body></html>",
  ].join("\n");
}
