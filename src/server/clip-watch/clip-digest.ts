import type { WatchContext } from "./watch-context";
import type { ClipRow } from "./watch-repository";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Clips listed by name in the e-mail; the rest are counted. */
const LISTED = 20;

/** The 'new clips are waiting' e-mail's words. */
export function composeDigest(
  waiting: readonly ClipRow[],
  publicUrl: string,
): { subject: string; text: string } {
  const count = waiting.length;
  const subject = count === 1 ? "1 new clip is waiting" : `${count} new clips are waiting`;
  const lines = waiting
    .slice(0, LISTED)
    .map((clip) => `- ${clip.title} (${clip.outlet}${clip.date ? `, ${clip.date}` : ""})\n  ${clip.url}`);
  const text = [
    `Byline found ${count === 1 ? "an article that names" : `${count} articles that name`} you as author.`,
    `Add or dismiss ${count === 1 ? "it" : "them"} on the Clips tab: ${publicUrl}/admin/dashboard/clips`,
    "",
    ...lines,
    ...(count > lines.length ? [`…and ${count - lines.length} more.`] : []),
    "",
    "--",
    "You get at most one of these e-mails a day. Switch them off in Settings (clip e-mails).",
    "",
  ].join("\n");
  return { subject, text };
}

/** Queues the 'new clips are waiting' e-mail: clips arrived since the last one, at most one a day, if the owner wants it. */
export function emailDigestIfDue(ctx: WatchContext): void {
  const { deps, repo } = ctx;
  if (!deps.site().clipEmails) return;
  const last = repo.lastEmailAt();
  if (last && ctx.now().getTime() - Date.parse(last) < DAY_MS) return;
  const waiting = ctx.notInPortfolio(repo.waitingClips());
  if (waiting.length === 0 || (last && !waiting.some((clip) => clip.foundAt > last))) return;
  if (!deps.notifyOwner(composeDigest(waiting, deps.publicUrl))) return;
  deps.store.write("watch", (tx) => repo.recordEmail(tx, ctx.iso(), waiting.length));
  ctx.logger.info({ clips: waiting.length }, "Queued the new-clips e-mail");
}
