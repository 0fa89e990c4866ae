import { eq } from "drizzle-orm";
import {
  siteSchema,
  type Article,
  type ArticleInput,
  type EducationInput,
  type ExperienceInput,
  type Site,
  type SitePatch,
} from "../../domain/content";
import { mergeSite } from "./site-merge";
import { sortArticlesByDateDesc, sortEducation, sortExperiences } from "../../domain/list-order";
import type { Store } from "../kernel/db/open-database";
import { articlesTable, educationTable, experiencesTable, siteTable } from "../kernel/db/schema";
import { createArticleMarks } from "./article-marks";
import { createListRepository, type ListRepository } from "./list-repository";

export function createArticleRepository(store: Store): ListRepository<ArticleInput, Article> {
  const { goneOriginals, waybackCopies } = createArticleMarks(store.sqlite);
  const rows = createListRepository<typeof articlesTable, ArticleInput>(store, {
    topic: "articles",
    table: articlesTable,
    order: sortArticlesByDateDesc,
  });
  const markGone = (articles: readonly Article[]): Article[] => {
    const gone = goneOriginals();
    const copies = waybackCopies();
    return articles.map((article) => {
      const state = gone.get(article.id);
      const wayback = copies.get(article.id);
      if (!state && !wayback) return article;
      return Object.freeze({ ...article, ...(state && { gone: state }), ...(wayback && { wayback }) });
    });
  };
  const one = (article: Article | undefined) => (article ? markGone([article])[0] : undefined);
  return {
    list: store.readUntilChange("articles", () => Object.freeze(markGone(rows.list()))),
    get: (id) => one(rows.get(id)),
    create: (input) => rows.create(input),
    replace: (id, input) => one(rows.replace(id, input)),
    remove: (id) => rows.remove(id),
  };
}

export function createExperienceRepository(store: Store) {
  return createListRepository<typeof experiencesTable, ExperienceInput>(store, {
    topic: "experiences",
    table: experiencesTable,
    order: sortExperiences,
  });
}

export function createEducationRepository(store: Store) {
  return createListRepository<typeof educationTable, EducationInput>(store, {
    topic: "education",
    table: educationTable,
    order: sortEducation,
  });
}

export const EMPTY_SITE: Site = siteSchema.parse({ name: "Your Name", hero: {}, social: {} });

export function createSiteRepository(store: Store) {
  const read = store.readUntilChange(
    "site",
    (): Site | undefined => store.db.select().from(siteTable).where(eq(siteTable.key, "site")).get()?.data,
  );
  const put = (data: Site) =>
    store.write("site", (db) => {
      const updatedAt = new Date().toISOString();
      db.insert(siteTable)
        .values({ key: "site", data, updatedAt })
        .onConflictDoUpdate({ target: siteTable.key, set: { data, updatedAt } })
        .run();
      return data;
    });
  return {
    get: (): Site => read() ?? EMPTY_SITE,
    exists: () => read() !== undefined,
    merge(patch: SitePatch): Site {
      const merged = mergeSite(read() ?? EMPTY_SITE, patch);
      if (!merged.success) throw merged.error;
      return put(merged.data);
    },
    put,
  };
}

export type ContentRepositories = {
  site: ReturnType<typeof createSiteRepository>;
  articles: ReturnType<typeof createArticleRepository>;
  experiences: ReturnType<typeof createExperienceRepository>;
  education: ReturnType<typeof createEducationRepository>;
};

export function createContentRepositories(store: Store): ContentRepositories {
  return {
    site: createSiteRepository(store),
    articles: createArticleRepository(store),
    experiences: createExperienceRepository(store),
    education: createEducationRepository(store),
  };
}
