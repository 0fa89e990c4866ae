import type { Article } from "../../../../domain/content";
import { safeHref } from "../../../../domain/safe-url";
import { waybackStatusText, type WaybackReport } from "../../../../domain/wayback";
import type { ListExtras } from "../list-config";

/**
 * The Articles manager's Wayback Machine line under each article (docs/product.md, The Wayback
 * Machine as witness), added to the link-health extras: 'Saved to the Wayback Machine on …' with
 * the snapshot link, 'Waiting to be saved…', or why it was not saved.
 */
export function withWaybackStatus(
  extras: ListExtras<Article>,
  report: WaybackReport | undefined,
): ListExtras<Article> {
  if (!report) return extras;
  return {
    ...extras,
    live: [...(extras.live ?? []), "wayback"],
    itemStatus: (article) => {
      const linkStatus = extras.itemStatus?.(article);
      const save = report.articles[article.id];
      // Without keys nothing will happen to a waiting article: a line on each would be noise.
      if (!save || (!report.configured && !save.snapshotUrl)) return linkStatus;
      return (
        <>
          {linkStatus}
          <p className="wayback-status" data-status={save.status}>
            {waybackStatusText(save)}
            {save.snapshotUrl ? (
              <>
                {" "}
                <a href={safeHref(save.snapshotUrl)} target="_blank" rel="noopener noreferrer">
                  View the saved copy
                </a>
              </>
            ) : null}
          </p>
        </>
      );
    },
  };
}
