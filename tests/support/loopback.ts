import type { ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
export type SendInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A keep-alive agent to reuse connections; by default each request has its own. */
  agent?: http.Agent;
};

/** One HTTP request from the given loopback source address (127.0.0.2 plays another machine). */
export function sendFrom(url: string, from: string, init: SendInit = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: init.method ?? "GET",
        headers: init.headers,
        localAddress: from,
        agent: init.agent ?? false,
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
}

/** A port nothing listens on right now, for a server that must be told its port (Caddy, nginx). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Stops a server the test started: `signal` first, SIGKILL after 5 s. */
export async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = "SIGTERM") {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}
