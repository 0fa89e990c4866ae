import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contractCalls, loopsOf, readDefinition, type Definition } from "./contract-calls";

const definition = (name: string, needs: string[], offers: string[]) => `
import { defineCapability } from "../kernel/capability";
// needs: ["not", "this"] — a comment before the definition is not read as one
export const x = defineCapability({
  name: "${name}",
  needs: [${needs.map((n) => `"${n}"`).join(", ")}],
  offers: [
    ${offers.map((n) => `"${n}"`).join(",\n    ")},
  ],
  tables: [],
  create: () => ({}),
});
`;

describe("the calls between capabilities, from their definitions", () => {
  it("reads a definition's name, needs and offers", () => {
    const source = definition("reader", ["content", "pageReading"], ["reader"]).replace(/^\/\/.*$/m, "");
    expect(readDefinition(source)).toEqual({
      name: "reader",
      needs: ["content", "pageReading"],
      offers: ["reader"],
    });
    expect(readDefinition("export const notOne = 1;")).toBeUndefined();
  });

  it("makes each need a call to the capability that offers it, once per pair", () => {
    const definitions: Definition[] = [
      { name: "page-reading", needs: [], offers: ["pageReading", "archive"] },
      { name: "reader", needs: ["pageReading", "archive"], offers: ["reader"] },
    ];
    expect(contractCalls(definitions)).toEqual([{ from: "reader", to: "page-reading", via: "pageReading" }]);
    expect(loopsOf(contractCalls(definitions))).toEqual([]);
  });

  it("finds the loop when the called capability needs its caller", () => {
    const calls = contractCalls([
      { name: "clip-watch", needs: ["reader"], offers: ["watch"] },
      { name: "reader", needs: ["watch"], offers: ["reader"] },
    ]);
    expect(loopsOf(calls)).toEqual([["clip-watch", "reader", "clip-watch"]]);
  });

  it("finds no loop among src/server's capabilities", () => {
    const server = path.resolve("src/server");
    const definitions = fs
      .readdirSync(server)
      .map((folder) => path.join(server, folder, "capability.ts"))
      .filter((file) => fs.existsSync(file))
      .flatMap((file) => readDefinition(fs.readFileSync(file, "utf8")) ?? []);
    expect(definitions.length).toBeGreaterThan(10);
    const calls = contractCalls(definitions);
    expect(calls).toContainEqual({ from: "clip-watch", to: "page-reading", via: "pageReading" });
    expect(loopsOf(calls)).toEqual([]);
  });
});
