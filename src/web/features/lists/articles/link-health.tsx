import { useState } from "react";
import type { Article } from "../../../../domain/content";
import { formatDayMonthYear } from "../../../../domain/dates";
import { CLIP_BOOK_PATH } from "../../../../domain/generated-paths";
import { PORTFOLIO_WACZ_PATH } from "../../../../domain/web-archive";
import {
  isBrokenLink,
  isCheckableLink,
  UNREACHABLE_AFTER_DAYS,
  type ArticleLinkHealth,
  type LinkHealthReport,
} from "../../../../domain/link-health";
import { safeHref } from "../../../../domain/safe-url";
import { useListWrite } from "../../../lib/dashboard/use-list-write";
import { useHydrated } from "../../../lib/use-hydrated";
import type { ListExtras } from "../list-config";
import "./link-health.css";

const LIVE = ["links"] as const;

const NOT_CHECKED: ArticleLinkHealth = {
  status: null,
  checkedAt: null,
  movedTo: null,
  failures: 0,
  note: null,
  archived: false,
};

const checkedDay = (iso: string) => formatDayMonthYear(new Date(iso));

/**
 * The Articles manager's link health (docs/product.md, Sign-in and dashboard): 'Check links' in
 * the head (beside 'Download PDF', the clip book of every article), the 'Broken links' filter, and each article's status with 'Use new address' and
 * 'Archive now'. Nothing when the report could not be read.
 */
export function articleLinkExtras(report: LinkHealthReport | undefined): ListExtras<Article> {
  if (!report) return {};
  const health = (article: Article) => report.articles[article.id] ?? NOT_CHECKED;
  return {
    live: LIVE,
    tools: <CheckLinks report={report} />,
    filters: [
      { label: "All", includes: () => true },
      { label: "Broken links", includes: (article) => isBrokenLink(health(article)) },
    ],
    itemStatus: (article) =>
      isCheckableLink(article.url) ? <LinkStatus article={article} health={health(article)} /> : null,
  };
}

function runText(report: LinkHealthReport): string {
  const { run } = report;
  if (!run) return "";
  if (!run.finishedAt) return `Checked ${run.checked} of ${run.total}`;
  return `Last check ${checkedDay(run.finishedAt)}: ${run.checked} ${run.checked === 1 ? "link" : "links"}`;
}

function CheckLinks({ report }: { report: LinkHealthReport }) {
  const write = useListWrite();
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(false);
  const running = report.running || asking;

  async function check() {
    setAsking(true);
    await write("/api/link-checks", "POST", undefined, { failed: () => "Failed to start the link check" });
    setAsking(false);
  }

  return (
    <div className="link-check">
      <button type="button" className="button" onClick={() => void check()} disabled={!hydrated || running}>
        {running ? "Checking links…" : "Check links"}
      </button>
      <a className="button" href={CLIP_BOOK_PATH} download>
        Download PDF
      </a>
      <a className="button" href={PORTFOLIO_WACZ_PATH} download>
        Download web archive (WACZ)
      </a>
      <p className="link-check__progress" role="status">
        {runText(report)}
      </p>
    </div>
  );
}

function statusLabel(health: ArticleLinkHealth): string {
  switch (health.status) {
    case "ok":
      return "Link OK";
    case "moved":
      return "Moved";
    case "gone":
      return "Gone";
    case "unreachable":
      return "Unreachable";
    case null:
      if (health.failures > 0) return "Not answering";
      return health.checkedAt ? "Not checked" : "Not checked yet";
  }
}

function statusDetail(health: ArticleLinkHealth): string {
  const { status, failures, note } = health;
  if (status === "gone") {
    const visitors = health.archived
      ? "Visitors read the archived text."
      : "No archived text: visitors see the title and description.";
    return note ? `${note}. ${visitors}` : visitors;
  }
  if (status === "unreachable") return `No answer on ${failures} days in a row${note ? `: ${note}` : ""}`;
  if (failures > 0)
    return `No answer on ${failures} of ${UNREACHABLE_AFTER_DAYS} days${note ? `: ${note}` : ""}`;
  return note ?? "";
}

/** A button under an article's link status: what it posts and what it says while and after. */
type LinkAction = {
  busyAs: "moving" | "archiving";
  path: string;
  label: string;
  busyLabel: string;
  done: string;
  failed: string;
};

function LinkStatus({ article, health }: { article: Article; health: ArticleLinkHealth }) {
  const write = useListWrite();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<LinkAction["busyAs"] | null>(null);
  const id = encodeURIComponent(article.id);
  const detail = statusDetail(health);
  const movedTo = health.status === "moved" ? health.movedTo : null;
  // Only a live original can be archived: one that answers, or has not been checked yet.
  const live =
    health.status === "ok" || health.status === "moved" || (health.status === null && health.failures === 0);
  const canArchive = !health.archived && live;

  const actions: LinkAction[] = [];
  if (movedTo)
    actions.push({
      busyAs: "moving",
      path: `/api/articles/${id}/use-new-address`,
      label: "Use new address",
      busyLabel: "Moving…",
      done: "Article moved to its new address",
      failed: "Failed to use the new address",
    });
  if (canArchive)
    actions.push({
      busyAs: "archiving",
      path: `/api/articles/${id}/archive`,
      label: "Archive now",
      busyLabel: "Archiving…",
      done: "Article text archived",
      failed: "Failed to archive",
    });

  async function act({ busyAs, path, done, failed }: LinkAction) {
    setBusy(busyAs);
    await write(path, "POST", undefined, { done, failed: (error) => `${failed}: ${error.message}` });
    setBusy(null);
  }

  return (
    <div className="link-status">
      <p className="link-status__line">
        <span className={`link-badge link-badge--${health.status ?? (health.failures ? "failing" : "none")}`}>
          {statusLabel(health)}
        </span>
        {health.checkedAt ? (
          <span className="link-status__date">Checked {checkedDay(health.checkedAt)}</span>
        ) : null}
        {detail ? <span className="link-status__detail">{detail}</span> : null}
      </p>
      {actions.length > 0 ? (
        <div className="link-status__actions">
          {movedTo ? (
            <p className="link-status__moved">
              New address:{" "}
              <a href={safeHref(movedTo)} target="_blank" rel="noopener noreferrer">
                {movedTo}
              </a>
            </p>
          ) : null}
          {actions.map((action) => (
            <button
              key={action.busyAs}
              type="button"
              className="button button--small"
              disabled={!hydrated || busy !== null}
              onClick={() => void act(action)}
            >
              {busy === action.busyAs ? action.busyLabel : action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
