import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// `npm start` runs this before serving: the production build is redone only when something it
// is made from changed since the last build, so restarting the service takes seconds. Plain
// JavaScript, run by node: `npm start` needs no tsx.
const INPUTS = [
  "src",
  "public",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "scripts/build-server.mjs",
];
const buildDir = process.env.BUILD_DIR ?? "build";
const stampFile = path.join(buildDir, ".sources-sha256");

/** @param {string} entry @returns {Generator<string>} */
function* filesUnder(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    // Tests are not part of the build.
    if (!/\.test\.tsx?$/.test(name)) yield* filesUnder(path.join(entry, name));
  }
}

function sourcesDigest() {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of filesUnder(input)) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(file));
      hash.update("\0");
    }
  }
  return hash.digest("hex");
}

const lastBuilt = () => {
  const built = ["index.js", "main.js"].every((file) => fs.existsSync(path.join(buildDir, "server", file)));
  if (!built) return undefined;
  return fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8").trim() : undefined;
};

const digest = sourcesDigest();
if (lastBuilt() === digest) {
  console.log(`The build in ${buildDir}/ is up to date with the sources; not rebuilding.`);
} else {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, `${digest}\n`);
}
