import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouteTable } from "../../../src/server/pages";
import routes from "../../../src/web/routes";

/**
 * The site's route table as a build of src/web/routes.ts holds it (the ids differ; only the
 * tree and the paths matter), for tests that stand in for React Router's rendering but must
 * know which paths its catch-all answers.
 */
export function siteRouteTable(): RouteTable {
  const table: RouteTable = {
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    routes: { root: { id: "root", path: "" } },
  };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const { id, file, path, index, caseSensitive, children } of entries) {
      const routeId = `${parentId}/${id ?? file}`;
      table.routes[routeId] = { id: routeId, parentId, path, index, caseSensitive };
      if (children) add(children, routeId);
    }
  };
  add(routes, "root");
  return table;
}
