import { settings } from "../../src/server/kernel/config";

/**
 * The two documents written from the settings declared in src/server/kernel/config.ts
 * (`npm run docs:settings`): README's Configuration table and `.env.example`.
 */

const HEADER = "| variable | default | meaning |";

/** README's Configuration table: a row per setting, in the declarations' order. */
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

const WIDTH = 100;

/** `# ` comment lines of at most WIDTH characters (a longer word keeps its own line). */
function commentLines(text: string): string[] {
  const lines: string[] = [];
  let line = "#";
  for (const word of text.split(/\s+/)) {
    if (line.length > 1 && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/**
 * `.env.example`: every setting with its meaning, commented out at its default (or empty where it
 * has none), so uncommenting a line changes nothing until its value is edited.
 */
export function envExample(): string {
  const intro = [
    "# Byline's settings, all optional. Written by `npm run docs:settings` from",
    "# src/server/kernel/config.ts: edit the declarations there, not this file.",
    "# Copy it to .env, uncomment what you change; Byline reads the environment, e.g.",
    "# `set -a; . ./.env; set +a; npm start`.",
  ];
  const entries = Object.entries(settings).map(([name, setting]) =>
    [...commentLines(setting.meaning), `# ${name}=${setting.default ?? ""}`].join("\n"),
  );
  return `${[intro.join("\n"), ...entries].join("\n\n")}\n`;
}
