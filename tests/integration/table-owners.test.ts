import fs from "node:fs";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { CAPABILITIES } from "../../src/server/capabilities";
import * as schema from "../../src/server/kernel/db/schema";

// A capability reads and writes only its own tables; another's data it asks of the owner, through
// what the owner offers (decision 040). This reads each capability folder's source for the
// schema's table objects and for table names in SQL text.

const SERVER = path.join(import.meta.dirname, "../../src/server");
/** The Store's change feed: the kernel's, which every capability may read. */
const KERNEL_TABLES = new Set(["changes"]);
/**
 * What is left to move behind the owners' interfaces, each with its reason. The test fails when
 * one of these is gone, so the list only shrinks.
 */
const NOT_YET_THROUGH_THE_OWNER = [
  // The site's export and restore carries what the owner made in other capabilities.
  ...[
    "collections",
    "collection_reads",
    "contact_messages",
    "read_counts",
    "watch_sources",
    "watch_seen",
    "watch_clips",
  ].map((table) => ({ file: "content/owner-records-backup.ts", table })),
];

const tables = Object.entries(schema).flatMap(([name, value]) =>
  is(value, SQLiteTable) ? [{ object: name, sql: getTableName(value) }] : [],
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The tables a source file names: a schema table object, or a table in SQL text. */
function tablesNamedIn(source: string): Set<string> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found = new Set<string>();
  for (const { object, sql } of tables) {
    if (new RegExp(`\\b${object}\\b`).test(code)) found.add(sql);
    if (new RegExp(`\\b(from|join|into|update|exists)\\s+["\`]?${sql}\\b`, "i").test(code)) found.add(sql);
  }
  return found;
}

describe("each table has one owner", () => {
  const owners = new Map<string, string>();
  for (const capability of CAPABILITIES)
    for (const table of capability.tables) owners.set(table, capability.name);

  it("every table of the schema belongs to one capability, or to the kernel", () => {
    const claims = CAPABILITIES.flatMap((capability) => capability.tables);
    expect(claims.length, "a table claimed twice").toBe(new Set(claims).size);
    const unowned = tables
      .map((t) => t.sql)
      .filter((table) => !owners.has(table) && !KERNEL_TABLES.has(table));
    expect(unowned).toEqual([]);
  });

  it("every capability folder is in the list, under its folder's name", () => {
    const folders = fs
      .readdirSync(SERVER, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "kernel")
      .map((entry) => entry.name)
      .sort();
    expect(CAPABILITIES.map((capability) => capability.name).sort()).toEqual(folders);
  });

  it("no capability touches another's table", () => {
    const trespasses: string[] = [];
    const left = new Set(NOT_YET_THROUGH_THE_OWNER.map(({ file, table }) => `${file} ${table}`));
    for (const capability of CAPABILITIES) {
      for (const file of sourceFiles(path.join(SERVER, capability.name))) {
        const relative = path.relative(SERVER, file).split(path.sep).join("/");
        for (const table of tablesNamedIn(fs.readFileSync(file, "utf8"))) {
          const owner = owners.get(table);
          if (owner === undefined || owner === capability.name) continue;
          if (left.delete(`${relative} ${table}`)) continue;
          trespasses.push(`${relative} touches '${table}', which is ${owner}'s`);
        }
      }
    }
    expect(trespasses).toEqual([]);
    expect([...left], "listed as not yet through the owner, but no longer there").toEqual([]);
  });

  it("finds a table object and a table in SQL text", () => {
    expect([...tablesNamedIn("db.update(articlesTable).set({ url })")]).toEqual(["articles"]);
    expect([...tablesNamedIn("`select a.id from articles a left join article_archives ar`")].sort()).toEqual([
      "article_archives",
      "articles",
    ]);
    expect([...tablesNamedIn("// reads from articles, in a comment\nconst x = 1;")]).toEqual([]);
  });
});
