/**
 * `npm run bench:page`: what a first visit to `/` costs. Builds for production into
 * `build-bench`, starts the server on a free port with a fresh DATA_DIR (demo content), fetches
 * `/` and every script and stylesheet the page loads on first load (modulepreload links, script
 * src, stylesheets, the modules the inline bootstrap imports and those its starter preloads once
 * the page has painted), gzips each at level 9 and prints HTML, CSS and JavaScript bytes against
 * the budgets. Fails when an admin route's code or zod (server-side validation, decision 008) is
 * part of that first load. `--skip-build` reuses an existing build-bench; `--strict` also fails
 * when a budget is exceeded. The build carries hidden source maps, from which it also prints
 * what the first load's JavaScript is made of, by package file and by folder of our own code.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { HELD_MODULE_TYPE, heldPreloads } from "../src/web/paint-first.server";
import { bytesBySource, moduleGroup, type SourceMap } from "./lib/bundle-breakdown";
import { startProductionServer } from "./lib/production-server";

const BUILD_DIR = "build-bench";
const KB = 1024;
const BUDGETS = { html: 60 * KB, css: 30 * KB, js: 100 * KB } as const;
type Kind = keyof typeof BUDGETS;

const args = new Set(process.argv.slice(2));
const root = path.resolve(import.meta.dirname, "..");

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);
}

/** Every script and stylesheet URL the HTML makes the browser load before the page is interactive. */
function firstLoadAssets(html: string): { url: string; kind: Exclude<Kind, "html"> }[] {
  const found = new Map<string, Exclude<Kind, "html">>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, "href");
    if (!href) continue;
    if (rel.includes("modulepreload")) found.set(href, "js");
    if (rel.includes("stylesheet")) found.set(href, "css");
  }
  for (const [, tag, body] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const src = attribute(tag!, "src");
    if (src) found.set(src, "js");
    // A page that paints first holds React Router's module script until it has painted.
    if (attribute(tag!, "type") !== "module" && attribute(tag!, "type") !== HELD_MODULE_TYPE) continue;
    for (const [, specifier] of body!.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']([^"']+\.js)["']/g))
      found.set(specifier!, "js");
    for (const [, specifier] of body!.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g))
      found.set(specifier!, "js");
  }
  for (const href of heldPreloads(html)) found.set(href, "js");
  return [...found].map(([url, kind]) => ({ url, kind }));
}

type Row = { name: string; kind: Kind; raw: number; gzip: number };

async function measure(url: string, kind: Kind, name: string): Promise<Row & { text: string }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    name,
    kind,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    text: bytes.toString("utf8"),
  };
}

type RouteAssets = { module: string; css?: string[]; imports?: string[] };

/**
 * The files only the admin routes need: their modules, stylesheets and imports, minus anything
 * the public routes share. Read from the server build's asset manifest.
 */
async function adminOnlyAssets(): Promise<Set<string>> {
  const serverBuild = path.join(root, BUILD_DIR, "server", "index.js");
  const { assets } = (await import(pathToFileURL(serverBuild).href)) as {
    assets: { routes: Record<string, RouteAssets> };
  };
  const files = (route: RouteAssets) => [route.module, ...(route.css ?? []), ...(route.imports ?? [])];
  const routes = Object.entries(assets.routes);
  const isAdmin = ([id, route]: [string, RouteAssets]) =>
    /admin/i.test(id) || /\/admin[^/]*\.js$/.test(route.module);
  const publicFiles = new Set(routes.filter((entry) => !isAdmin(entry)).flatMap(([, route]) => files(route)));
  return new Set(
    routes
      .filter(isAdmin)
      .flatMap(([, route]) => files(route))
      .filter((file) => !publicFiles.has(file)),
  );
}

/**
 * The first load's JavaScript by module group. Each chunk's gzip bytes are shared out in
 * proportion to the minified characters each group has in it (gzip compresses some code better
 * than other, so a group's figure is an estimate; the total is exact).
 */
async function breakdownByModule(rows: Row[]): Promise<[string, { raw: number; gzip: number }][]> {
  const groups = new Map<string, { raw: number; gzip: number }>();
  for (const row of rows.filter((r) => r.kind === "js")) {
    const file = path.join(root, BUILD_DIR, "client", row.name);
    const [code, map] = await Promise.all([
      readFile(file, "utf8"),
      readFile(`${file}.map`, "utf8").then((text) => JSON.parse(text) as SourceMap),
    ]);
    for (const [source, chars] of bytesBySource(code, map)) {
      const name = moduleGroup(source);
      const group = groups.get(name) ?? { raw: 0, gzip: 0 };
      group.raw += chars;
      group.gzip += (row.gzip * chars) / code.length;
      groups.set(name, group);
    }
  }
  return [...groups].sort((a, b) => b[1].gzip - a[1].gzip);
}

const format = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);

async function main() {
  console.log(
    args.has("--skip-build") ? `Using ${BUILD_DIR}/` : `Building for production into ${BUILD_DIR}/ ...`,
  );
  const server = await startProductionServer({
    buildDir: BUILD_DIR,
    build: !args.has("--skip-build"),
    buildEnv: { BUILD_SOURCEMAPS: "1" },
  });
  try {
    const page = await measure(`${server.url}/`, "html", "/ (HTML)");
    const assets = firstLoadAssets(page.text);
    const rows: (Row & { text: string })[] = [page];
    for (const asset of assets) {
      rows.push(await measure(new URL(asset.url, server.url).href, asset.kind, asset.url));
    }

    const admin = await adminOnlyAssets();
    const adminLoaded = rows.filter((row) => admin.has(row.name) || /\/admin[^/]*\.(js|css)$/.test(row.name));

    const nameWidth = Math.max(...rows.map((row) => row.name.length), 24);
    console.log(`\nFirst load of ${server.url}/ (demo content)\n`);
    console.log(
      `${pad("file", nameWidth)}  ${pad("kind", 4)}  ${padLeft("raw", 10)}  ${padLeft("gzip -9", 10)}`,
    );
    for (const row of rows) {
      console.log(
        `${pad(row.name, nameWidth)}  ${pad(row.kind, 4)}  ${padLeft(format(row.raw), 10)}  ${padLeft(format(row.gzip), 10)}`,
      );
    }

    console.log(
      `\n${pad("total", 6)}  ${padLeft("files", 5)}  ${padLeft("raw", 10)}  ${padLeft("gzip -9", 10)}  ${padLeft("budget", 10)}  result`,
    );
    let over = false;
    for (const kind of ["html", "css", "js"] as const) {
      const ofKind = rows.filter((row) => row.kind === kind);
      const raw = ofKind.reduce((sum, row) => sum + row.raw, 0);
      const gzip = ofKind.reduce((sum, row) => sum + row.gzip, 0);
      const ok = gzip <= BUDGETS[kind];
      over ||= !ok;
      console.log(
        `${pad(kind.toUpperCase(), 6)}  ${padLeft(String(ofKind.length), 5)}  ${padLeft(format(raw), 10)}  ${padLeft(format(gzip), 10)}  ${padLeft(`≤ ${format(BUDGETS[kind])}`, 10)}  ${ok ? "ok" : `OVER by ${format(gzip - BUDGETS[kind])}`}`,
      );
    }

    // The public pages carry their stylesheets inline (decision 008): part of the HTML's bytes.
    const inlineCss = [...page.text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)]
      .map((match) => match[1]!)
      .join("");
    console.log(
      `\nCSS inline in the HTML (counted in HTML): ${format(Buffer.byteLength(inlineCss))} raw, ${format(gzipSync(inlineCss, { level: 9 }).length)} gzip -9`,
    );

    // React's client runtime (entry.client) and React Router's shared chunk are the floor any page pays.
    const framework = rows.filter(
      (row) => row.kind === "js" && /\/(entry\.client|chunk-[A-Z0-9]+)-[\w-]+\.js$/.test(row.name),
    );
    const frameworkGzip = framework.reduce((sum, row) => sum + row.gzip, 0);
    const ownGzip =
      rows.filter((row) => row.kind === "js").reduce((sum, row) => sum + row.gzip, 0) - frameworkGzip;
    console.log(
      `\nJS split: React + React Router runtime ${format(frameworkGzip)}, Byline's own code ${format(ownGzip)} (gzip -9)`,
    );

    const modules = await breakdownByModule(rows);
    const moduleWidth = Math.max(...modules.map(([name]) => name.length));
    console.log(`\nFirst-load JavaScript by module (minified; gzip -9 shared out by size):\n`);
    for (const [name, { raw, gzip }] of modules) {
      if (gzip < 0.05 * KB) continue;
      console.log(`${pad(name, moduleWidth)}  ${padLeft(format(raw), 10)}  ${padLeft(format(gzip), 10)}`);
    }

    console.log(
      `\nAdmin code on the first load of / (${admin.size} admin-only files in the build): ${adminLoaded.length === 0 ? "none (ok)" : `LOADED ${adminLoaded.map((row) => row.name).join(", ")}`}`,
    );
    // zod's error class names survive minification, so they mark a chunk that carries the library.
    const zodLoaded = rows.filter((row) => row.kind === "js" && /\$ZodType|ZodError/.test(row.text));
    console.log(
      `Zod on the first load of /: ${zodLoaded.length === 0 ? "none (ok)" : `LOADED in ${zodLoaded.map((row) => row.name).join(", ")}`}`,
    );
    if (adminLoaded.length > 0 || zodLoaded.length > 0) process.exitCode = 1;
    if (over && args.has("--strict")) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
