#!/usr/bin/env node
// In production (NODE_ENV=production), or wherever tsx is not installed, this runs the CLI that
// `npm run build` compiled (BUILD_DIR/server/cli.js) with plain node. In development it runs the
// TypeScript sources through tsx, so the command always does what the sources say.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

async function registerTsx() {
  if (process.env.NODE_ENV === "production") return false;
  try {
    const { register } = await import("tsx/esm/api");
    register();
    return true;
  } catch (error) {
    if (error?.code === "ERR_MODULE_NOT_FOUND") return false;
    throw error;
  }
}

if (await registerTsx()) {
  await import("../src/cli/main.ts");
} else {
  const buildDir = process.env.BUILD_DIR
    ? path.resolve(process.env.BUILD_DIR)
    : fileURLToPath(new URL("../build", import.meta.url));
  const cli = path.join(buildDir, "server", "cli.js");
  try {
    await import(pathToFileURL(cli).href);
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes(cli)) throw error;
    console.error(`No compiled CLI at ${cli}: run npm run build first.`);
    process.exit(1);
  }
}
