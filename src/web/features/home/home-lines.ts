import { BACKUP_STALE_DAYS, type HomeSummary } from "../../../domain/home";
import { dayText } from "../../../domain/dates";

/** One line of the Home tab: what it says and the dashboard tab where it is handled. */
export type HomeLine = { text: string; to: string };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const DAY_MS = 86_400_000;

/** What needs the owner, most pressing first; empty when nothing does. */
export function needLines(needs: HomeSummary["needs"]): HomeLine[] {
  const lines: HomeLine[] = [];
  if (needs.unreadMessages)
    lines.push({
      text: `${count(needs.unreadMessages, "message is", "messages are")} unread`,
      to: "messages",
    });
  if (needs.newClips)
    lines.push({
      text: `${count(needs.newClips, "new clip waits", "new clips wait")} for you`,
      to: "clips",
    });
  if (needs.importInterrupted)
    lines.push({ text: "An import was interrupted: resume it or cancel it", to: "clips" });
  if (needs.importWaiting)
    lines.push({
      text: `${count(needs.importWaiting, "imported clip waits", "imported clips wait")} to be added`,
      to: "clips",
    });
  if (needs.brokenLinks)
    lines.push({ text: `${count(needs.brokenLinks, "link is", "links are")} broken`, to: "articles" });
  if (needs.waybackFailures)
    lines.push({
      text: `${count(needs.waybackFailures, "article was", "articles were")} not saved to the Wayback Machine`,
      to: "articles",
    });
  return lines;
}

/** How the site did in the last 7 days. */
export function readerLines(readers: HomeSummary["readers"]): HomeLine[] {
  return [
    {
      text: `${count(readers.articleOpens, "article opened", "articles opened")} in the reader this week`,
      to: "readers",
    },
    {
      text: `${count(readers.collectionOpens, "collection opening", "collection openings")} this week`,
      to: "collections",
    },
  ];
}

/** The web archive's captures, in words. */
export function archiveText(archive: HomeSummary["archive"], now: Date): string {
  if (archive.count === 0) return "No page captured in the web archive yet";
  const newest = archive.lastCapturedAt ? `, the newest ${dayText(archive.lastCapturedAt, now)}` : "";
  return `${count(archive.count, "page", "pages")} captured in the web archive${newest}`;
}

/** The last backup, in words, and whether it is time for another. */
export function backupText(lastAt: string | null, now: Date): { text: string; stale: boolean } {
  if (!lastAt) return { text: "No backup made yet", stale: true };
  const stale = now.getTime() - Date.parse(lastAt) > BACKUP_STALE_DAYS * DAY_MS;
  return { text: `Last backup ${dayText(lastAt, now)}`, stale };
}
