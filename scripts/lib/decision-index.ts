import fs from "node:fs";
import path from "node:path";

/** docs/decisions/README.md, written from the notes' titles and status lines (`npm run docs:decisions`). */

export const DECISIONS_DIR = "docs/decisions";

export type DecisionNote = { file: string; number: string; title: string; status: string; date: string };

const STATUS = /^\*\*Status:\*\* (.+) · (\d{4}-\d{2}-\d{2})$/m;

/** Every note, in number order; a note without a `# NNN · Title` line or a status line is an error naming it. */
export function decisionNotes(dir = DECISIONS_DIR): DecisionNote[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      const title = /^# (\d{3})\s*[·:]\s*(.+)$/m.exec(text);
      const status = STATUS.exec(text);
      if (!title || !status) {
        throw new Error(`${file}: needs a '# NNN · Title' line and a '**Status:** … · YYYY-MM-DD' line`);
      }
      return { file, number: title[1]!, title: title[2]!, status: status[1]!, date: status[2]! };
    });
}

export function decisionIndex(notes = decisionNotes()): string {
  const rows = notes.map(
    (note) => `| [${note.number}](${note.file}) | ${note.title} | ${note.status} | ${note.date} |`,
  );
  return [
    "# Decisions",
    "",
    "One short note per choice a newcomer would ask about: what was chosen, why, and what it costs.",
    "A note's status says whether it still holds (`accepted`), was changed in part by a later note",
    "(`amended by NNN`) or no longer holds (`superseded by NNN`). Written by `npm run docs:decisions`",
    "from the notes' first lines; a test keeps it so.",
    "",
    "| note | choice | status | since |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}
