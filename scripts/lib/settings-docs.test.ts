import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { settings } from "../../src/server/kernel/config";
import { envExample, readmeSettingsTable, settingsTable, withSettingsTable } from "./settings-docs";

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

describe(".env.example", () => {
  it("is the one `npm run docs:settings` writes from the declarations", () => {
    expect(fs.readFileSync(".env.example", "utf8")).toBe(envExample());
  });

  it("names every declared setting once, commented out at its default", () => {
    const assignments = envExample()
      .split("\n")
      .flatMap((line) => {
        const match = /^# ([A-Z][A-Z\d_]*)=(.*)$/.exec(line);
        return match ? [`${match[1]}=${match[2]}`] : [];
      });
    expect(assignments).toEqual(
      Object.entries(settings).map(([name, setting]) => `${name}=${setting.default ?? ""}`),
    );
    expect(envExample()).not.toMatch(/^[A-Z]/m);
  });

  it("keeps every comment line within 100 characters unless one word is longer", () => {
    for (const line of envExample().split("\n")) {
      if (line.length > 100) expect(line.slice(2)).not.toContain(" ");
    }
  });
});
