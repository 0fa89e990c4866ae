import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The fences are lint rules (eslint.config.js, decision 031); these cases keep them from going
// quiet when the configuration changes. Each is linted as if it were a file at `path`.
const eslint = new ESLint();

async function refusals(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? [])
    .filter((message) => /no-restricted-imports/.test(message.ruleId ?? ""))
    .map((message) => message.message);
}

describe("import fences", () => {
  it("refuse a capability loading another capability's code", async () => {
    const found = await refusals(
      "src/server/images/probe.ts",
      'import { createKeptTexts } from "../page-reading/kept-texts";\nexport const probe = createKeptTexts;\n',
    );
    expect(found.join("\n")).toMatch(/Capability 'images' may not load capability 'page-reading'/);
  });

  it("let a capability name another's type", async () => {
    const found = await refusals(
      "src/server/images/probe.ts",
      'import type { KeptTexts } from "../page-reading/kept-texts";\nexport type Probe = KeptTexts;\n',
    );
    expect(found).toEqual([]);
  });

  it("let a capability use the kernel and the domain", async () => {
    const found = await refusals(
      "src/server/images/probe.ts",
      'import { apiError } from "../kernel/http/api-error";\nimport { isHttpUrl } from "../../domain/safe-url";\nexport const probe = [apiError, isHttpUrl];\n',
    );
    expect(found).toEqual([]);
  });

  it("refuse the kernel any capability, even its types", async () => {
    const found = await refusals(
      "src/server/kernel/extract/probe.ts",
      'import type { ReaderService } from "../../reader/reader-service";\nexport type Probe = ReaderService;\n',
    );
    expect(found.join("\n")).toMatch(/The kernel knows no capability/);
  });

  it("refuse capabilities the wiring", async () => {
    const found = await refusals(
      "src/server/contact/probe.ts",
      'import { createServices } from "../services";\nexport const probe = createServices;\n',
    );
    expect(found.join("\n")).toMatch(/Only the wiring/);
  });

  it("refuse the server browser code", async () => {
    const found = await refusals(
      "src/server/app.ts",
      'import { isHydrated } from "../web/lib/use-hydrated";\nexport const probe = isHydrated;\n',
    );
    expect(found.join("\n")).toMatch(/The server never imports browser code/);
  });

  it("refuse a browser feature another feature", async () => {
    const found = await refusals(
      "src/web/features/contact/probe.ts",
      'import { portfolioFilter } from "../portfolio/portfolio-filter";\nexport const probe = portfolioFilter;\n',
    );
    expect(found.join("\n")).toMatch(/Feature 'contact' may not import feature 'portfolio'/);
  });
});
