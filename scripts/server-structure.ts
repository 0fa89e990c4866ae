// Prints how src/server is built, from its imports: how many floors its import graph stands (the
// longest chain of files, each importing the next), which capability loads which, and any import of
// browser code; then which capability calls which at run time, as each capability's definition
// (its folder's capability.ts) declares what it needs, and any loop between capabilities (it exits
// 1 if there is one). Decisions 031, 039 and 040 quote it.
//
//   npm run structure                        this checkout
//   npm run structure -- --root DIR          another checkout (tests and fixtures are left out)
//   npm run structure -- --kernel db,http    which top-level folders count as the kernel (default: kernel)
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { contractCalls, loopsOf, readDefinition } from "./lib/contract-calls";

const { values } = parseArgs({
  options: { root: { type: "string", default: "." }, kernel: { type: "string", default: "kernel" } },
});
const serverDir = path.resolve(values.root, "src/server");
const kernel = new Set(values.kernel.split(","));

const files: string[] = [];
(function walk(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "fixtures" && entry.name !== "migrations") walk(full);
    } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) files.push(full);
  }
})(serverDir);

type Edge = { to: string; typeOnly: boolean };
const imports = new Map<string, Edge[]>();
const webImports: string[] = [];
const specifier =
  /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\)/gm;
for (const file of files) {
  const edges: Edge[] = [];
  for (const match of fs.readFileSync(file, "utf8").matchAll(specifier)) {
    const spec = match[3] ?? match[4]!;
    const base = path.resolve(path.dirname(file), spec);
    const target = ["", ".ts", ".tsx", ".mjs", "/index.ts"]
      .map((ext) => base + ext)
      .find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
    if (!target) continue;
    if (target.includes(`${path.sep}src${path.sep}web${path.sep}`))
      webImports.push(`${rel(file)} → ${path.relative(values.root, target)}`);
    if (target.startsWith(serverDir + path.sep)) edges.push({ to: target, typeOnly: Boolean(match[2]) });
  }
  imports.set(file, edges);
}

function rel(file: string) {
  return path.relative(serverDir, file);
}
/** A file's capability: its top-level folder, unless that is the kernel or the wiring (top-level files). */
function capabilityOf(file: string): string | undefined {
  const [first, ...rest] = rel(file).split(path.sep);
  return rest.length === 0 || kernel.has(first!) ? undefined : first;
}

const across = new Map<string, { code: number; types: number }>();
for (const [file, edges] of imports) {
  const from = capabilityOf(file);
  if (!from) continue;
  for (const edge of edges) {
    const to = capabilityOf(edge.to);
    if (!to || to === from) continue;
    const key = `${from} → ${to}`;
    const counts = across.get(key) ?? { code: 0, types: 0 };
    counts[edge.typeOnly ? "types" : "code"]++;
    across.set(key, counts);
  }
}
const capabilities = [
  ...new Set([...imports.keys()].map(capabilityOf).filter((name) => name !== undefined)),
].sort();

// Floors: capabilities stacked by loading each other's code, over the kernel (one floor), under the
// wiring (one floor). A capability that loads no other stands on the kernel: 3 floors in all.
const loadsOf = (name: string) =>
  [...across]
    .filter(([pair, counts]) => counts.code > 0 && pair.startsWith(`${name} → `))
    .map(([pair]) => pair.split(" → ")[1]!);
function stack(name: string, seen: string[] = []): string[] {
  const above = [...seen, name];
  let best = above;
  for (const next of loadsOf(name)) {
    if (above.includes(next)) continue;
    const chain = stack(next, above);
    if (chain.length > best.length) best = chain;
  }
  return best;
}
const tallest = capabilities.map((name) => stack(name)).sort((a, b) => b.length - a.length)[0] ?? [];

console.log(
  `src/server: ${files.length} files; kernel: ${[...kernel].join(", ")}; capabilities (${capabilities.length}): ${capabilities.join(", ")}`,
);
const middle = tallest.length > 1 ? tallest.join(" → ") : "each capability";
console.log(`floors: ${tallest.length + 2} (wiring → ${middle} → kernel)`);
const loads = [...across].filter(([, counts]) => counts.code > 0);
console.log(`capability loads another's code: ${loads.length} pairs`);
for (const [pair, counts] of loads) console.log(`  ${pair} (${counts.code})`);
const typesOnly = [...across].filter(([, counts]) => counts.code === 0);
console.log(`capability names only another's types: ${typesOnly.length} pairs`);
for (const [pair, counts] of typesOnly) console.log(`  ${pair} (${counts.types})`);
console.log(`server imports of browser code: ${webImports.length}`);
for (const line of webImports) console.log(`  ${line}`);

// Run-time calls: what each capability's definition needs, and who offers it.
const definitions = capabilities.flatMap((name) => {
  const file = path.join(serverDir, name, "capability.ts");
  const definition = fs.existsSync(file) ? readDefinition(fs.readFileSync(file, "utf8")) : undefined;
  return definition ? [definition] : [];
});
const undefinedOnes = capabilities.filter((name) => !definitions.some((d) => d.name === name));
console.log(`capabilities without a definition (capability.ts): ${undefinedOnes.length}`);
for (const name of undefinedOnes) console.log(`  ${name}`);
const calls = contractCalls(definitions);
console.log(`capability needs what another offers: ${calls.length} pairs`);
for (const call of calls) console.log(`  ${call.from} → ${call.to} (${call.via})`);
const loops = loopsOf([
  ...calls,
  ...loads.map(([pair]) => {
    const [from, to] = pair.split(" → ") as [string, string];
    return { from, to, via: "import" };
  }),
]);
console.log(`loops between capabilities at run time: ${loops.length}`);
for (const loop of loops) console.log(`  ${loop.join(" → ")}`);
if (loops.length > 0 || undefinedOnes.length > 0) process.exitCode = 1;
