import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import { sendFrom, type Answer } from "../../support/loopback";

export type SocketServer = {
  port: number;
  /** One HTTP request from the given loopback source address (127.0.0.2 plays another machine). */
  request(
    from: string,
    pathname: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Answer>;
  close(): Promise<void>;
};

/** Serves a Hono app on a real socket at 127.0.0.1, as main.ts does. */
export async function serveOnSocket(app: Pick<Hono, "fetch">): Promise<SocketServer> {
  const server = http.createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    request: (from, pathname, init = {}) => sendFrom(`http://127.0.0.1:${port}${pathname}`, from, init),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
