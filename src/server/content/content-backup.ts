import { randomUUID } from "node:crypto";
import { notInArray } from "drizzle-orm";
import { z } from "zod";
import {
  educationInputSchema,
  experienceInputSchema,
  siteImportSchema,
  storedArticleSchema,
  type Site,
} from "../../domain/content";
import { mergeSite } from "./site-merge";
import type { Store } from "../kernel/db/open-database";
import { articlesTable, educationTable, experiencesTable, siteTable } from "../kernel/db/schema";
import type { ContentRepositories } from "./content-repositories";
import {
  exportOwnerRecords,
  ownerRecordsCollections,
  ownerRecordsImportShape,
  ownerRecordsProblems,
  writeOwnerRecords,
} from "./owner-records-backup";

const withId = { id: z.string().min(1).max(200).optional() };

/** Our export, or the original site's documents: `config/site` plus the three collections. */
const importSchema = z.object({
  version: z.literal(1).optional(),
  site: siteImportSchema.optional(),
  config: z.object({ site: siteImportSchema }).optional(),
  "config/site": siteImportSchema.optional(),
  articles: z.array(storedArticleSchema.extend(withId)).max(10_000).default([]),
  experiences: z.array(experienceInputSchema.extend(withId)).max(1000).default([]),
  education: z.array(educationInputSchema.extend(withId)).max(1000).default([]),
  ...ownerRecordsImportShape,
});

/** How many of each part an import wrote; undefined for a part the file did not have (left as it was). */
export type ImportSummary = {
  articles: number;
  experiences: number;
  education: number;
  site: boolean;
  collections?: number;
  sources?: number;
  clips?: number;
  readCounts?: number;
  messages?: number;
};

export class ImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`The file was not imported; nothing changed:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
}

export function exportContent(repos: ContentRepositories) {
  return {
    version: 1 as const,
    exportedAt: new Date().toISOString(),
    site: repos.site.get(),
    // Whether an original is gone, and the Wayback Machine's copy, are findings, not content: the
    // link check and the Wayback worker find them again.
    articles: repos.articles.list().map(({ gone: _gone, wayback: _wayback, ...article }) => article),
    experiences: repos.experiences.list(),
    education: repos.education.list(),
  };
}

/**
 * Everything the owner made, for `byline export`: the content, collections, watched sources, clips,
 * read counts and messages; not the uploaded images (`exportUploads`), nor the web-archive captures
 * and the text kept from them, which `byline backup DIR` copies.
 */
export function exportSite(store: Store, repos: ContentRepositories) {
  return { ...exportContent(repos), ...exportOwnerRecords(store.db) };
}

/** Validates everything first, then replaces all content in one transaction: all or nothing. */
export function importContent(store: Store, repos: ContentRepositories, raw: unknown): ImportSummary {
  const parsed = importSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ImportError(
      parsed.error.issues.slice(0, 20).map((i) => `${i.path.join(".") || "file"}: ${i.message}`),
    );
  }
  const data = parsed.data;
  const sitePatch = data.site ?? data.config?.site ?? data["config/site"];
  let site: Site | undefined;
  if (sitePatch) {
    const merged = mergeSite(repos.site.get(), sitePatch);
    if (!merged.success)
      throw new ImportError(merged.error.issues.map((i) => `site.${i.path.join(".")}: ${i.message}`));
    site = merged.data;
  }
  const now = new Date().toISOString();
  const stamp = <T extends { id?: string | undefined }>(item: T) => ({
    ...item,
    id: item.id ?? randomUUID(),
    createdAt: now,
    updatedAt: now,
  });
  const articles = data.articles.map(stamp);
  const articleIds = new Set(articles.map((article) => article.id));
  const problems = ownerRecordsProblems(store.db, data, articleIds);
  if (problems.length) throw new ImportError(problems.slice(0, 20));
  const collections = [
    ...new Set([
      "articles" as const,
      "experiences" as const,
      "education" as const,
      ...(site ? (["site"] as const) : []),
      ...ownerRecordsCollections(data),
    ]),
  ];
  store.write(collections, (db) => {
    // An article the import keeps (same id) is replaced in place, not deleted: its web archive,
    // archived text and checks stay with it. The others go, with theirs.
    db.delete(articlesTable)
      .where(notInArray(articlesTable.id, [...articleIds]))
      .run();
    db.delete(experiencesTable).run();
    db.delete(educationTable).run();
    for (const { id, createdAt: _createdAt, ...fields } of articles)
      db.insert(articlesTable)
        .values({ id, createdAt: now, ...fields })
        .onConflictDoUpdate({ target: articlesTable.id, set: fields })
        .run();
    if (data.experiences.length) db.insert(experiencesTable).values(data.experiences.map(stamp)).run();
    if (data.education.length) db.insert(educationTable).values(data.education.map(stamp)).run();
    if (site) {
      db.insert(siteTable)
        .values({ key: "site", data: site, updatedAt: now })
        .onConflictDoUpdate({ target: siteTable.key, set: { data: site, updatedAt: now } })
        .run();
    }
    writeOwnerRecords(db, data, now);
  });
  return {
    articles: data.articles.length,
    experiences: data.experiences.length,
    education: data.education.length,
    site: site !== undefined,
    collections: data.collections?.length,
    sources: data.sources?.length,
    clips: data.clips?.length,
    readCounts: data.readCounts?.length,
    messages: data.messages?.length,
  };
}
