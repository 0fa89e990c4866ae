import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decisionIndex, decisionNotes, DECISIONS_DIR } from "./decision-index";

describe("docs/decisions/README.md", () => {
  it("is the index `npm run docs:decisions` writes from the notes", () => {
    expect(fs.readFileSync(path.join(DECISIONS_DIR, "README.md"), "utf8")).toBe(decisionIndex());
  });

  it("lists every note, each with a status and a date", () => {
    const files = fs.readdirSync(DECISIONS_DIR).filter((file) => /^\d{3}-/.test(file));
    expect(decisionNotes().map((note) => note.file)).toEqual(files.sort());
    for (const note of decisionNotes()) expect(note.status).toMatch(/^(accepted|superseded by \d{3})/);
  });

  it("refuses a note without a status line, naming it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "decisions-"));
    try {
      fs.writeFileSync(path.join(dir, "001-a.md"), "# 001 · A\n\n**Choice.** Something.\n");
      expect(() => decisionNotes(dir)).toThrow("001-a.md");
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});
