// `npm run build`, after the React Router build: the server and the CLI compiled to plain
// JavaScript in BUILD_DIR/server (main.js, cli.js), which `npm start`, the systemd unit and
// bin/byline.js run with plain `node` (decision 041). Packages stay in node_modules (external).
// Plain JavaScript, like bin/byline.js: it runs where tsx may not be installed.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const outdir = path.join(buildDir, "server");
const serverDir = path.resolve("src/server");

/**
 * Modules that run in a worker thread are named by URL beside their caller,
 * `new URL("./task.ts", import.meta.url)`. In a bundle that URL would name a file that is not
 * there, so each such module is built as an entry of its own, beside main.js, and the URL is
 * rewritten to name it.
 */
const WORKER_URL = /new URL\("(\.{1,2}\/[^"]+\.(?:ts|mjs))", import\.meta\.url\)/g;

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.(ts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield file;
  }
}

/** Each worker module (absolute path) and the name of its built file; a target that does not exist is a comment's example. */
function workerModules() {
  const found = new Map();
  for (const file of sourceFiles(serverDir)) {
    for (const [, relative] of fs.readFileSync(file, "utf8").matchAll(WORKER_URL)) {
      const target = path.resolve(path.dirname(file), relative);
      if (!fs.existsSync(target)) continue;
      const name = path.basename(target).replace(/\.(ts|mjs)$/, "");
      const clash = [...found].find(([other, otherName]) => otherName === name && other !== target);
      if (clash || ["main", "cli"].includes(name)) {
        throw new Error(`Two modules built as ${name}.js: ${target} and ${clash?.[0] ?? "an entry"}`);
      }
      found.set(target, name);
    }
  }
  return found;
}

const workers = workerModules();

/** @type {import("esbuild").Plugin} */
const workerUrls = {
  name: "worker-urls",
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]src[\\/]server[\\/].*\.(ts|mjs)$/ }, (args) => {
      const source = fs.readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.url)")) return undefined;
      const contents = source.replace(WORKER_URL, (call, relative) => {
        const name = workers.get(path.resolve(path.dirname(args.path), relative));
        return name ? `new URL("./${name}.js", import.meta.url)` : call;
      });
      return { contents, loader: args.path.endsWith(".mjs") ? "js" : "ts" };
    });
  },
};

const { metafile } = await build({
  entryPoints: {
    main: "src/server/main.ts",
    cli: "src/cli/main.ts",
    ...Object.fromEntries([...workers].map(([file, name]) => [name, file])),
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // The parse worker registers tsx only where the tasks are TypeScript; here they are not.
  define: { BYLINE_COMPILED: "true" },
  logLevel: "warning",
  plugins: [workerUrls],
  metafile: true,
});

// tsx lets a package's folder stand for its index.js; Node's own loader does not. Every package
// import the output makes must name a file as Node resolves it, or the server would stop at start.
for (const [output, { imports }] of Object.entries(metafile.outputs)) {
  const from = pathToFileURL(path.resolve(output));
  for (const { path: specifier, external } of imports) {
    if (!external || specifier.startsWith("node:")) continue;
    const resolved = import.meta.resolve(specifier, from);
    if (resolved.startsWith("file:") && !fs.statSync(fileURLToPath(resolved)).isFile()) {
      throw new Error(
        `${output} imports "${specifier}", a folder: name its file (such as ${specifier}/index.js)`,
      );
    }
  }
}

// open-database.ts finds its migrations beside itself, which is main.js's folder once bundled.
fs.cpSync("src/server/kernel/db/migrations", path.join(outdir, "migrations"), { recursive: true });

console.log(
  `Compiled the server to ${path.relative(process.cwd(), outdir)}/ (main.js, cli.js, ${workers.size} worker modules)`,
);
