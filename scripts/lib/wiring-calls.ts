// The calls between capabilities that the wiring makes at run time: `createX({ dep: (...) =>
// y.method(...) })` in src/server/services.ts hands capability X a function that calls
// capability Y. Neither lint nor the import graph sees them (decision 039), so they are read from
// the wiring's source here.

/** Which capability an import specifier of the wiring names (undefined: the kernel, the domain, a package). */
export type CapabilityOfImport = (specifier: string) => string | undefined;

export type WiringCall = { from: string; to: string; via: string };

/** Blanks comments and quoted strings (template literals stay: their `${…}` may call a service). */
function code(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (text) => text.replace(/[^\n]/g, " "))
    .replace(/\/\/[^\n]*/g, (text) => " ".repeat(text.length))
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (text) => `"${" ".repeat(text.length - 2)}"`);
}

/** The text from `start` to the `;` that ends its statement (brackets balanced). */
function statementFrom(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === "(" || char === "{" || char === "[") depth++;
    else if (char === ")" || char === "}" || char === "]") depth--;
    else if (char === ";" && depth <= 0) return text.slice(start, i);
    if (depth < 0) return text.slice(start, i);
  }
  return text.slice(start);
}

/**
 * The run-time calls between capabilities in the wiring's source: for each `const name = …`,
 * the capabilities its expression refers to. A value a capability's factory makes belongs to that
 * capability; any other value (a kernel helper built round a service, an arrow function) stands
 * for the capabilities it refers to, so a call through it counts as a call to them.
 */
export function wiringCalls(source: string, capabilityOfImport: CapabilityOfImport): WiringCall[] {
  const text = code(source);
  const imported = new Map<string, string | undefined>();
  // Specifiers were blanked with the other strings: read them from the original source.
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)) {
    if (match[1]) continue;
    for (const part of match[2]!.split(",")) {
      const local = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .at(-1)!
        .trim();
      if (local && !part.trim().startsWith("type ")) imported.set(local, capabilityOfImport(match[3]!));
    }
  }
  /** Each name's owner: a capability, or the capabilities it stands for. */
  const owners = new Map<string, { own?: string; stands: Set<string> }>();
  for (const [name, capability] of imported)
    owners.set(name, { own: capability, stands: new Set(capability ? [capability] : []) });

  const referred = (expression: string): Map<string, string> => {
    // `key:` of an object literal names no value; a shorthand `{ key }` does.
    const values = expression.replace(/([A-Za-z_$][\w$]*)\s*:(?!:)/g, (_, key: string) =>
      " ".repeat(key.length + 1),
    );
    const found = new Map<string, string>();
    for (const match of values.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)/g)) {
      const owner = owners.get(match[1]!);
      for (const capability of owner?.stands ?? [])
        if (!found.has(capability)) found.set(capability, match[1]!);
    }
    return found;
  };

  // The wiring's own values: module constants, and those of `createServices` (indented once). A
  // value may be used before the line that makes it (inside a function called later), so every
  // owner is known before any call is counted.
  const statements = [...text.matchAll(/^(?:export )?(?: {2})?const\s+([A-Za-z_$][\w$]*)\s*=\s*/gm)].map(
    (match) => {
      const expression = statementFrom(text, match.index + match[0].length);
      const factory = /^(?:await\s+)?([A-Za-z_$][\w$]*)\s*\(/.exec(expression)?.[1];
      const own = factory ? owners.get(factory)?.own : undefined;
      return { name: match[1]!, own, body: factory ? expression.slice(factory.length) : expression };
    },
  );
  for (const { name, own } of statements) if (own) owners.set(name, { own, stands: new Set([own]) });
  // What the other values stand for, until nothing changes (one value may be built on another).
  for (let changed = true; changed; ) {
    changed = false;
    for (const { name, own, body } of statements) {
      if (own) continue;
      const stands = new Set(referred(body).keys());
      const before = owners.get(name)?.stands;
      if (!before || before.size !== stands.size || [...stands].some((c) => !before.has(c))) {
        owners.set(name, { stands });
        changed = true;
      }
    }
  }
  const calls: WiringCall[] = [];
  for (const { own, body } of statements) {
    if (!own) continue;
    for (const [to, via] of referred(body))
      if (to !== own && !calls.some((call) => call.from === own && call.to === to))
        calls.push({ from: own, to, via });
  }
  return calls;
}

/** The loops among the calls: each as the capabilities it goes through, first one repeated at the end. */
export function loopsOf(calls: readonly WiringCall[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of calls) next.set(from, [...(next.get(from) ?? []), to]);
  const loops: string[][] = [];
  const seen = new Set<string>();
  const visit = (path: string[]) => {
    const last = path.at(-1)!;
    for (const to of next.get(last) ?? []) {
      const at = path.indexOf(to);
      if (at >= 0) {
        const loop = path.slice(at);
        // One rotation of each loop: the one that starts at its smallest name.
        const first = loop.indexOf([...loop].sort()[0]!);
        const key = [...loop.slice(first), ...loop.slice(0, first)];
        if (!seen.has(key.join(" → "))) {
          seen.add(key.join(" → "));
          loops.push([...key, key[0]!]);
        }
      } else visit([...path, to]);
    }
  };
  for (const start of [...next.keys()].sort()) visit([start]);
  return loops;
}
