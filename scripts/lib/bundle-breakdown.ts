/**
 * Which source files a built chunk's bytes come from, read from its source map: every mapping
 * segment owns the generated text up to the next segment, and that text is counted to the segment's
 * source. Used by `bench:page` to show what the first load's JavaScript is made of.
 */

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The numbers of one Base64 VLQ segment ("AAAA" → [0, 0, 0, 0]). */
export function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`not a Base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

export type SourceMap = { sources: string[]; mappings: string };

/**
 * Characters of `code` per source. Text before a line's first segment, and after a segment
 * without a source, is counted as "(unmapped)".
 */
export function bytesBySource(code: string, map: SourceMap): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (source: string, count: number) => {
    if (count > 0) totals.set(source, (totals.get(source) ?? 0) + count);
  };
  const lines = code.split("\n");
  const mappingLines = map.mappings.split(";");
  let sourceIndex = 0;
  lines.forEach((line, lineNumber) => {
    const segments = (mappingLines[lineNumber] ?? "").split(",").filter(Boolean);
    let column = 0;
    let owner = "(unmapped)";
    let ownedFrom = 0;
    for (const segment of segments) {
      const [columnDelta = 0, sourceDelta] = decodeVlq(segment);
      column += columnDelta;
      add(owner, column - ownedFrom);
      if (sourceDelta === undefined) owner = "(unmapped)";
      else {
        sourceIndex += sourceDelta;
        owner = map.sources[sourceIndex] ?? "(unmapped)";
      }
      ownedFrom = column;
    }
    // The newline belongs to whoever owns the end of the line.
    add(owner, line.length - ownedFrom + (lineNumber < lines.length - 1 ? 1 : 0));
  });
  return totals;
}

/**
 * A source path as a reader groups it: a package and its file for dependencies
 * ("react-dom/cjs/react-dom-client.production.js"), the folder for our own code
 * ("src/web/features/portfolio").
 */
export function moduleGroup(source: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  if (inPackage) return `${inPackage[1]}/${inPackage[2]}`;
  const own = /(src\/.*)\/[^/]+$/.exec(source);
  return own ? own[1]! : source;
}
