import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { PublicCache } from "./public-cache";

/**
 * Makes an absolute-form request target (`GET https://127.0.0.1:3000/x HTTP/1.1`) origin-form
 * (`/x`): pages are made for the scheme this server is reached by and the Host header, which the
 * host policy checks. Taken from the target, they would name another scheme or host in a page
 * the public cache then serves to everyone (decision 030).
 */
function toOriginForm(req: IncomingMessage) {
  if (req.url?.[0] === "/") return;
  const match = /^https?:\/\/[^/?#]*/i.exec(req.url ?? "");
  if (!match) return;
  const rest = req.url!.slice(match[0].length);
  req.url = rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * The Node listener main.ts serves with: targets made origin-form, then the public cache's hits
 * answered on the socket, everything else through Hono. Without `publicCache` (development),
 * every request goes through Hono.
 */
export function nodeListener(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  publicCache?: Pick<PublicCache, "serveRaw">,
) {
  const listener = getRequestListener(fetch);
  return (req: IncomingMessage, res: ServerResponse) => {
    toOriginForm(req);
    if (!publicCache?.serveRaw(req, res)) void listener(req, res);
  };
}
