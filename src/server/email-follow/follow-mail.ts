import type { Article } from "../../domain/content";
import { formatArticleDate } from "../../domain/dates";
import { CONFIRM_LINK_HOURS } from "../../domain/email-follow";
import { imageCacheSrc } from "../../domain/image-src";
import { ARTICLE_PARAM } from "../../domain/landing-query";

/** What nodemailer's `sendMail` receives for a mail to a follower. */
export type FollowMailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** RFC 2369 / RFC 8058: nodemailer writes List-Unsubscribe and List-Unsubscribe-Post from it. */
  list: { unsubscribe: string };
  headers: Record<string, string>;
};

export type MailSite = { name: string; publicUrl: string; from: string };

const oneLine = (value: string) => value.replace(/[\p{Cc}\u2028\u2029\s]+/gu, " ").trim();

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/unsubscribe/${token}`;
export const confirmUrl = (publicUrl: string, token: string) => `${publicUrl}/follow/confirm/${token}`;
const clipUrl = (publicUrl: string, id: string) => `${publicUrl}/?${ARTICLE_PARAM}=${encodeURIComponent(id)}`;

/** The frame every follower mail shares: the unsubscribe link in the headers and in the text. */
function mail(
  site: MailSite,
  to: string,
  token: string,
  subject: string,
  body: { text: string[]; html: string },
): FollowMailMessage {
  const unsubscribe = unsubscribeUrl(site.publicUrl, token);
  const footer = `You get this because you follow ${oneLine(site.name)}'s work at ${site.publicUrl}.`;
  const text = [...body.text, "", "--", footer, `Unsubscribe: ${unsubscribe}`, ""].join("\n");
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f6f6f4;color:#1b1b1b;font:16px/1.5 Georgia,serif">`,
    `<div style="max-width:600px;margin:0 auto;background:#fff;padding:24px;border-radius:8px">`,
    body.html,
    `<hr style="border:0;border-top:1px solid #ddd;margin:24px 0">`,
    `<p style="font:13px/1.5 system-ui,sans-serif;color:#555">${escapeHtml(footer)}<br>`,
    `<a href="${escapeHtml(unsubscribe)}" style="color:#555">Unsubscribe</a></p>`,
    `</div></body></html>`,
  ].join("\n");
  return {
    from: site.from,
    to,
    subject: oneLine(subject),
    text,
    html,
    list: { unsubscribe },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The double opt-in: nothing else is sent to the address until its link is followed. */
export function composeConfirmMail(
  site: MailSite,
  follower: { email: string; token: string },
  confirmToken: string,
): FollowMailMessage {
  const link = confirmUrl(site.publicUrl, confirmToken);
  const name = oneLine(site.name);
  return mail(site, follower.email, follower.token, `Confirm that you want to follow ${name}'s work`, {
    text: [
      `Someone, hopefully you, asked to hear by e-mail when ${name} publishes new work.`,
      "",
      `To confirm, open this link within ${CONFIRM_LINK_HOURS} hours and press Confirm:`,
      link,
      "",
      "If it was not you, ignore this e-mail: nothing more will be sent to you.",
    ],
    html: [
      `<p>Someone, hopefully you, asked to hear by e-mail when ${escapeHtml(name)} publishes new work.</p>`,
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1b1b1b;color:#fff;text-decoration:none;border-radius:6px;font-family:system-ui,sans-serif">Confirm</a></p>`,
      `<p style="font-size:14px">The link works for ${CONFIRM_LINK_HOURS} hours. If it was not you, ignore this e-mail: nothing more will be sent to you.</p>`,
    ].join("\n"),
  });
}

export type DigestClip = Pick<Article, "id" | "title" | "outlet" | "date" | "description" | "image">;

/** New clips: headline, outlet, date, picture, description, and the link to each on the site. */
export function composeDigestMail(
  site: MailSite,
  follower: { email: string; token: string },
  articles: readonly DigestClip[],
): FollowMailMessage {
  const name = oneLine(site.name);
  const subject =
    articles.length === 1
      ? `New from ${name}: ${oneLine(articles[0]!.title)}`
      : `${articles.length} new clips from ${name}`;
  const text: string[] = [`New work by ${name}:`];
  const html: string[] = [`<h1 style="font-size:22px;margin:0 0 16px">New work by ${escapeHtml(name)}</h1>`];
  for (const article of articles) {
    const link = clipUrl(site.publicUrl, article.id);
    const date = formatArticleDate(article.date);
    const byline = [article.outlet, date].filter(Boolean).map(oneLine).join(" · ");
    text.push(
      "",
      oneLine(article.title),
      byline,
      ...(article.description ? [oneLine(article.description)] : []),
      link,
    );
    const picture = imageCacheSrc(article.image);
    html.push(
      `<div style="margin:0 0 24px">`,
      picture
        ? `<a href="${escapeHtml(link)}"><img src="${escapeHtml(`${site.publicUrl}${picture}&w=640`)}" alt="" width="552" style="width:100%;height:auto;border-radius:6px"></a>`
        : "",
      `<h2 style="font-size:19px;margin:12px 0 4px"><a href="${escapeHtml(link)}" style="color:#1b1b1b">${escapeHtml(article.title)}</a></h2>`,
      `<p style="margin:0;font:14px/1.5 system-ui,sans-serif;color:#555">${escapeHtml(byline)}</p>`,
      article.description ? `<p style="margin:8px 0 0">${escapeHtml(article.description)}</p>` : "",
      `</div>`,
    );
  }
  return mail(site, follower.email, follower.token, subject, { text, html: html.filter(Boolean).join("\n") });
}
