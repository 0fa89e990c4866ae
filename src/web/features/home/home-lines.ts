import { BACKUP_STALE_DAYS, type HomeSummary } from "../../../domain/home";
import { dayText } from "../../../domain/dates";
import { counted } from "../../../domain/counted";
import { formatBytes } from "../../../domain/byte-size";

/** One line of the Home tab: what it says and the dashboard tab where it is handled. */
export type HomeLine = { text: string; to: string };

const DAY_MS = 86_400_000;

/** What needs the owner, most pressing first; empty when nothing does. */
export function needLines(needs: HomeSummary["needs"]): HomeLine[] {
  const lines: HomeLine[] = [];
  if (needs.unreadMessages)
    lines.push({
      text: `${counted(needs.unreadMessages, "message is", "messages are")} unread`,
      to: "messages",
    });
  if (needs.newClips)
    lines.push({
      text: `${counted(needs.newClips, "new clip waits", "new clips wait")} for you`,
      to: "clips",
    });
  if (needs.importInterrupted)
    lines.push({ text: "An import was interrupted: resume it or cancel it", to: "clips" });
  if (needs.importWaiting)
    lines.push({
      text: `${counted(needs.importWaiting, "imported clip waits", "imported clips wait")} to be added`,
      to: "clips",
    });
  if (needs.brokenLinks)
    lines.push({ text: `${counted(needs.brokenLinks, "link is", "links are")} broken`, to: "articles" });
  if (needs.waybackFailures)
    lines.push({
      text: `${counted(needs.waybackFailures, "article was", "articles were")} not saved to the Wayback Machine`,
      to: "articles",
    });
  return lines;
}

/** How the site did in the last 7 days. */
export function readerLines(readers: HomeSummary["readers"]): HomeLine[] {
  return [
    {
      text: `${counted(readers.articleOpens, "article opened", "articles opened")} in the reader this week`,
      to: "readers",
    },
    {
      text: `${counted(readers.collectionOpens, "collection opening", "collection openings")} this week`,
      to: "collections",
    },
  ];
}

/** The web archive's captures, in words. */
export function archiveText(archive: HomeSummary["archive"], now: Date): string {
  if (archive.count === 0) return "No page captured in the web archive yet";
  const newest = archive.lastCapturedAt ? `, the newest ${dayText(archive.lastCapturedAt, now)}` : "";
  return `${counted(archive.count, "page", "pages")} captured in the web archive${newest}`;
}

/** The disk in words: free space, then what each growing part takes. */
export function diskLines(disk: HomeSummary["disk"]): string[] {
  const { captures, imageCache, uploads, backups } = disk.usage;
  return [
    `${formatBytes(disk.freeBytes)} free of ${formatBytes(disk.totalBytes)}`,
    `Captures ${formatBytes(captures)}, image cache ${formatBytes(imageCache)}, uploads ${formatBytes(uploads)}, backups ${formatBytes(backups)}`,
  ];
}

/** The last backup, in words, and whether it is time for another. */
export function backupText(lastAt: string | null, now: Date): { text: string; stale: boolean } {
  if (!lastAt) return { text: "No backup made yet", stale: true };
  const stale = now.getTime() - Date.parse(lastAt) > BACKUP_STALE_DAYS * DAY_MS;
  return { text: `Last backup ${dayText(lastAt, now)}`, stale };
}
