import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const OWNER = { email: "owner@example.com", password: "correct horse battery staple" };

export type TestServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  log(): string;
  /** The owner's API client: signs in once, then sends the cookie, Origin and CSRF token. */
  api(pathname: string, init?: { method?: string; json?: unknown; form?: FormData }): Promise<Response>;
  stop(): Promise<void>;
};

/**
 * Starts the production server (`build/` must exist) as a child process on a free port with a
 * fresh DATA_DIR, and waits until it says where it listens.
 */
export async function startServer(
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    /** The checkout whose server to run: this one unless named. */
    root?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "byline-e2e-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: options.root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      LOG_LEVEL: "info",
      // A background check would change the fixtures' articles behind the tests' backs.
      LINK_CHECK_DAILY: "false",
      // The fake outlets all run on loopback: no pause between requests to one unless a test asks.
      LINK_CHECK_PAUSE_MS: "0",
      // Tests never ask the real Wayback Machine about a gone original (port 9: nothing answers).
      WAYBACK_URL: "http://127.0.0.1:9",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => void (output += chunk.toString());
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = () => {
      const match = /serving (http:\/\/[^\s"]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  let session: { cookie: string; csrfToken: string } | undefined;
  // The owner named by ADMIN_EMAIL exists before the server listens (main.ts): no retries.
  const signIn = async () => {
    const response = await fetch(`${url}/api/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: url },
      body: JSON.stringify(OWNER),
    });
    if (!response.ok) throw new Error(`could not sign in as the owner: ${response.status}`);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    return { cookie: (response.headers.get("set-cookie") ?? "").split(";")[0]!, csrfToken };
  };

  return {
    url,
    dataDir,
    process: child,
    log: () => output,
    async api(pathname, init = {}) {
      session ??= await signIn();
      const headers: Record<string, string> = {
        Cookie: session.cookie,
        "X-CSRF-Token": session.csrfToken,
        Origin: url,
      };
      if (init.json !== undefined) headers["Content-Type"] = "application/json";
      return fetch(`${url}${pathname}`, {
        method: init.method ?? "GET",
        headers,
        body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      });
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
