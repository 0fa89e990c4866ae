import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";

export type SocketServer = {
  port: number;
  /** One HTTP request from the given loopback source address (127.0.0.2 plays another machine). */
  request(
    from: string,
    pathname: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
};

/** Serves a Hono app on a real socket at 127.0.0.1, as main.ts does. */
export async function serveOnSocket(app: Pick<Hono, "fetch">): Promise<SocketServer> {
  const server = http.createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    request(from, pathname, init = {}) {
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: pathname,
            method: init.method ?? "GET",
            headers: init.headers,
            localAddress: from,
            agent: false,
          },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (body += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          },
        );
        req.on("error", reject);
        req.end(init.body);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
