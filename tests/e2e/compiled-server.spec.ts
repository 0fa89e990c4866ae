import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";

// What production runs (decision 041): `node build/server/main.js` and the compiled `byline`, with
// tsx refused outright by a loader hook, so neither can lean on it unnoticed.
const buildServer = path.resolve(process.env.BUILD_DIR ?? "build", "server");

test.describe("the compiled server", () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  test.beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-compiled-"));
    const hooks = path.join(dir, "refuse-tsx-hooks.mjs");
    fs.writeFileSync(
      hooks,
      "export async function resolve(specifier, context, next) {\n  if (/^tsx(\\/|$)/.test(specifier)) throw new Error(`tsx was loaded: ${specifier}`);\n  return next(specifier, context);\n}\n",
    );
    const register = path.join(dir, "refuse-tsx.mjs");
    fs.writeFileSync(
      register,
      `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    env = {
      ...process.env,
      NODE_OPTIONS: `--import=${pathToFileURL(register).href}`,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: path.join(dir, "data"),
      LINK_CHECK_DAILY: "false",
      WAYBACK_URL: "http://127.0.0.1:9",
    };
  });
  test.afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("imports no tsx anywhere in its output", () => {
    const files = fs.readdirSync(buildServer).filter((name) => name.endsWith(".js"));
    expect(files).toEqual(expect.arrayContaining(["main.js", "cli.js", "parse-worker.js"]));
    for (const name of files) {
      expect(fs.readFileSync(path.join(buildServer, name), "utf8"), name).not.toMatch(
        /(?:from|import)\s*\(?\s*["']tsx/,
      );
    }
  });

  test("serves / with plain node, and byline makes a clip book in a parse worker", async () => {
    test.setTimeout(120_000);
    const server = spawn(process.execPath, [path.join(buildServer, "main.js")], { env });
    let output = "";
    server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => server.once("exit", resolve));
    try {
      await expect.poll(() => /serving (http:\/\/\S+?)"/.exec(output)?.[1], { timeout: 60_000 }).toBeTruthy();
      const origin = /serving (http:\/\/\S+?)"/.exec(output)![1]!;
      const home = await fetch(`${origin}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("<!DOCTYPE html>");
    } finally {
      server.kill("SIGTERM");
      await exited;
    }
    expect(output).not.toContain("tsx was loaded");

    const pdf = path.join(dir, "book.pdf");
    const cli = spawnSync(process.execPath, ["bin/byline.js", "clip-book", pdf], { env, encoding: "utf8" });
    expect(cli.stderr).toContain(`Wrote ${pdf}`);
    expect(cli.status).toBe(0);
    expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
