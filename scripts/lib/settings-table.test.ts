import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { readmeSettingsTable, settingsTable, withSettingsTable } from "./settings-table";

describe("README's Configuration table", () => {
  it("is the one `npm run docs:settings` writes from the settings in src/server/kernel/config.ts", () => {
    expect(readmeSettingsTable(fs.readFileSync("README.md", "utf8"))).toBe(settingsTable());
  });

  it("is rewritten whole, and nothing after it", () => {
    const readme =
      "# Title\n\n| variable | default | meaning |\n|---|---|---|\n| `OLD` | — | gone |\n\nAfter.\n";
    expect(withSettingsTable(readme)).toBe(`# Title\n\n${settingsTable()}\n\nAfter.\n`);
  });
});
