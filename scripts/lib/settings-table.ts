import { settings } from "../../src/server/kernel/config";

const HEADER = "| variable | default | meaning |";

/** README's Configuration table: a row per setting declared in src/server/kernel/config.ts, in its order. */
export function settingsTable(): string {
  const rows = Object.entries(settings).map(
    ([name, setting]) =>
      `| \`${name}\` | ${setting.default === undefined ? "—" : `\`${setting.default}\``} | ${setting.meaning} |`,
  );
  return [HEADER, "|---|---|---|", ...rows].join("\n");
}

/** Where the README's settings table is: its header row and every table row after it. */
function tableLines(readme: string): { lines: string[]; start: number; end: number } {
  const lines = readme.split("\n");
  const start = lines.indexOf(HEADER);
  if (start < 0) throw new Error(`README.md has no settings table (a line "${HEADER}")`);
  let end = start + 1;
  while (lines[end]?.startsWith("|")) end++;
  return { lines, start, end };
}

/** The settings table as the README has it now. */
export function readmeSettingsTable(readme: string): string {
  const { lines, start, end } = tableLines(readme);
  return lines.slice(start, end).join("\n");
}

/** The README with its settings table written anew from the declarations. */
export function withSettingsTable(readme: string): string {
  const { lines, start, end } = tableLines(readme);
  return [...lines.slice(0, start), settingsTable(), ...lines.slice(end)].join("\n");
}
