// The calls between capabilities at run time: what each capability's definition
// (src/server/<capability>/capability.ts) says it needs, and which capability offers that. The
// contract gives a capability nothing it did not declare (kernel/capability.ts), so these are all
// of them. Read from the source, so any checkout can be measured (decision 040).

export type Definition = { name: string; needs: string[]; offers: string[] };
export type ContractCall = { from: string; to: string; via: string };

/** The names in `key: [ "a", "b" ]` of a definition's source. */
function namesAt(source: string, key: string): string[] {
  const list = new RegExp(`\\b${key}:\\s*\\[([^\\]]*)\\]`).exec(source)?.[1] ?? "";
  return [...list.matchAll(/["']([^"']+)["']/g)].map((match) => match[1]!);
}

/** A capability's definition as its `capability.ts` states it; undefined when it holds none. */
export function readDefinition(source: string): Definition | undefined {
  if (!/\bdefineCapability\(/.test(source)) return undefined;
  const name = /\bname:\s*["']([^"']+)["']/.exec(source)?.[1];
  return name === undefined
    ? undefined
    : { name, needs: namesAt(source, "needs"), offers: namesAt(source, "offers") };
}

/** Each need as a call to the capability that offers it (one per pair); needs nothing offers are left out. */
export function contractCalls(definitions: readonly Definition[]): ContractCall[] {
  const owner = new Map(definitions.flatMap((d) => d.offers.map((name) => [name, d.name] as const)));
  const calls: ContractCall[] = [];
  for (const { name, needs } of definitions)
    for (const need of needs) {
      const to = owner.get(need);
      if (to && to !== name && !calls.some((call) => call.from === name && call.to === to))
        calls.push({ from: name, to, via: need });
    }
  return calls;
}

/** The loops among the calls: each as the capabilities it goes through, first one repeated at the end. */
export function loopsOf(calls: readonly ContractCall[]): string[][] {
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
