import http from "node:http";
import type { AddressInfo } from "node:net";
import { articlePage } from "../../e2e/support/fake-publisher";
import { photoJpeg } from "../../support/sample-images";

export type LoopbackRecorder = {
  /** The port of the listener that always runs (127.0.0.1, a free port). */
  port: number;
  /** Every address:port that is listening and recording, such as 127.0.0.1:80 when it could be had. */
  listening: string[];
  /** TCP connections accepted on any listener: a TLS handshake that never became a request counts too. */
  connections(): number;
  /** HTTP requests received, as "METHOD host path". */
  requests(): string[];
  close(): Promise<void>;
};

/**
 * Real HTTP listeners on loopback that serve a readable article, an image and a redirect, and
 * record every connection. One runs on a free port of 127.0.0.1. The others take 127.0.0.1 and
 * ::1 on ports 80 and 443 when this process may bind them (root, or unprivileged ports allowed,
 * and nothing else there): then a URL with no port (127.0.0.1, 0x7f.1, [::ffff:127.0.0.1]...)
 * would reach a recorder if the safe fetcher ever let it through, instead of a closed port.
 */
export async function startLoopbackRecorder(): Promise<LoopbackRecorder> {
  const page = articlePage({
    title: "Internal dashboard",
    blocks: [
      "This page sits on a loopback address and must never be read by the server on a visitor's behalf.",
      "Anything the server fetched from here would leak internal data to whoever stored the link.",
    ],
  });
  const photo = await photoJpeg(300, 200);
  let connections = 0;
  const requests: string[] = [];
  const handler: http.RequestListener = (request, response) => {
    requests.push(`${request.method} ${request.headers.host} ${request.url}`);
    const url = new URL(request.url ?? "/", "http://recorder");
    if (url.pathname === "/redirect") {
      response.writeHead(302, { Location: url.searchParams.get("to") ?? "http://10.0.0.1/" }).end();
    } else if (url.pathname.endsWith(".jpg")) {
      response.writeHead(200, { "Content-Type": "image/jpeg" }).end(photo);
    } else {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
    }
  };

  const servers: http.Server[] = [];
  const listening: string[] = [];
  async function listen(host: string, port: number): Promise<number | undefined> {
    const server = http.createServer(handler);
    server.on("connection", () => connections++);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => resolve());
      });
    } catch {
      return undefined; // EACCES, EADDRINUSE, or no IPv6: this listener is simply not there.
    }
    servers.push(server);
    const bound = (server.address() as AddressInfo).port;
    listening.push(`${host.includes(":") ? `[${host}]` : host}:${bound}`);
    return bound;
  }

  const port = await listen("127.0.0.1", 0);
  if (port === undefined) throw new Error("could not listen on 127.0.0.1");
  for (const host of ["127.0.0.1", "::1"]) for (const wellKnown of [80, 443]) await listen(host, wellKnown);

  return {
    port,
    listening,
    connections: () => connections,
    requests: () => [...requests],
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
