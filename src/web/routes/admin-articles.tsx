import { ListManager } from "../features/lists/list-manager";
import { articleList } from "../features/lists/articles/article-list";
import { Link } from "react-router";
import { articleLinkExtras } from "../features/lists/articles/link-health";
import { withWaybackStatus } from "../features/lists/articles/wayback-status";
import { withCaptureProof } from "../features/lists/articles/capture-status";
import { loadOrFlag, useLastLoaded } from "../lib/dashboard/load-state";
import { requireOwner } from "../lib/dashboard/owner-guard";
import type { Route } from "./+types/admin-articles";

export function loader({ context, request }: Route.LoaderArgs) {
  const owner = requireOwner(context, request);
  return {
    items: context.content.articles(),
    links: owner.linkHealth(),
    wayback: owner.wayback(),
    captures: owner.captureProofs(),
  };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadOrFlag(serverLoader);

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const links = useLastLoaded("links" in loaderData ? loaderData.links : undefined);
  const wayback = useLastLoaded("wayback" in loaderData ? loaderData.wayback : undefined);
  const captures = useLastLoaded("captures" in loaderData ? loaderData.captures : undefined);
  return (
    <>
      <ListManager
        heading="Articles"
        config={articleList}
        data={loaderData}
        extras={withCaptureProof(withWaybackStatus(articleLinkExtras(links), wayback), captures)}
      />
      <p className="articles__clips-note">
        To import your articles from an outlet, or watch it for new ones, go to{" "}
        <Link to="/admin/dashboard/clips">Clips</Link>.
      </p>
    </>
  );
}
