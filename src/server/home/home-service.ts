import type { Site } from "../../domain/content";
import { isDemoIdentity, ownerEmail, withoutDemoSettings } from "../../domain/demo-site";
import type { ImportJob } from "../../domain/back-catalogue";
import { demoIsGone, type DemoLeft, type HomeSummary } from "../../domain/home";
import { isBrokenLink, type LinkHealthReport } from "../../domain/link-health";
import type { ReadersReport } from "../../domain/readership";
import type { WaybackReport } from "../../domain/wayback";
import { accountLinks } from "../../domain/account-links";

/** Each capability's own read, passed in at wiring (src/server/services.ts). */
export type HomeDeps = {
  site(): Site;
  articleCount(): number;
  demoLeft(): DemoLeft;
  waitingClips(): number;
  unreadMessages(): number;
  linkHealth(): LinkHealthReport;
  wayback(): WaybackReport;
  latestImport(): ImportJob | undefined;
  /** The Readers view's last 30 days. */
  readers(): ReadersReport;
  captures(): { count: number; lastCapturedAt: string | null };
  lastBackupAt(): string | null;
  disk(): HomeSummary["disk"];
  contactTo: string | undefined;
  mailConfigured: boolean;
};

const WEEK = 7;

/** The dashboard's Home: what needs the owner, how the site is doing, the archive and backups. */
export function createHome(deps: HomeDeps) {
  return {
    summary(): HomeSummary {
      const site = deps.site();
      const demo = deps.demoLeft();
      const job = deps.latestImport();
      const week = deps.readers().days.slice(-WEEK);
      const email = ownerEmail(site);
      const own = withoutDemoSettings(site);
      return {
        needs: {
          newClips: deps.waitingClips(),
          unreadMessages: deps.unreadMessages(),
          brokenLinks: Object.values(deps.linkHealth().articles).filter(isBrokenLink).length,
          waybackFailures: Object.values(deps.wayback().articles).filter((save) => save.status === "failed")
            .length,
          // Until the owner added some of them: what they left after that, they chose to leave.
          importWaiting:
            job?.status === "done" && !job.candidates.some((candidate) => candidate.status === "added")
              ? job.candidates.filter((candidate) => candidate.status === "ready").length
              : 0,
          importInterrupted: job?.status === "interrupted",
        },
        readers: {
          articleOpens: week.reduce((sum, day) => sum + day.articleOpens, 0),
          collectionOpens: week.reduce((sum, day) => sum + day.collectionOpens, 0),
        },
        archive: deps.captures(),
        backup: { lastAt: deps.lastBackupAt() },
        disk: deps.disk(),
        contactTo: deps.contactTo ?? email ?? null,
        mailConfigured: deps.mailConfigured,
        checklist: {
          identity: !isDemoIdentity(site),
          contact: Boolean(deps.contactTo ?? email),
          photo: own.heroImage !== "",
          links: accountLinks(own).length > 0,
          clips: deps.articleCount() > demo.articles,
          demoRemoved: demoIsGone(demo),
        },
        demo,
      };
    },
  };
}

export type Home = ReturnType<typeof createHome>;
