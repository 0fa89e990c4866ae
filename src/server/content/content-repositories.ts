import { eq } from "drizzle-orm";
import {
  siteSchema,
  type Article,
  type ArticleInput,
  type Topic,
  type EducationInput,
  type ExperienceInput,
  type Site,
  type SitePatch,
} from "../../domain/content";
import { mergeSite } from "./site-merge";
import { sortArticlesByDateDesc, sortEducation, sortExperiences } from "../../domain/list-order";
import type { Drizzle, Store } from "../kernel/db/open-database";
import { articlesTable, educationTable, experiencesTable, siteTable } from "../kernel/db/schema";
import { createListRepository, type ListRepository } from "./list-repository";

/** A write of another capability's own tables, done in the same transaction as the article's. */
export type AlongsideWrite = { collections: readonly Topic[]; write(db: Drizzle): void };

/**
 * What another capability marks articles with from its own findings (link health: the original
 * is gone; Wayback: its copy), by article id. Given the articles, so that reading them calls no
 * capability back into content (decision 039); each finding is written as an "articles" change.
 */
export type ArticleMarks = (
  articles: readonly Article[],
) => ReadonlyMap<string, Partial<Pick<Article, "gone" | "wayback">>>;

export type ArticleRepository = ListRepository<ArticleInput, Article> & {
  /** The article takes a new address (link health's "Use new address"). */
  moveTo(id: string, url: string, at: Date, alongside?: AlongsideWrite): void;
  /** Adds a source of marks, read with every list and article from then on. */
  markWith(marks: ArticleMarks): void;
};

export function createArticleRepository(store: Store): ArticleRepository {
  const sources: ArticleMarks[] = [];
  const rows = createListRepository<typeof articlesTable, ArticleInput>(store, {
    topic: "articles",
    table: articlesTable,
    order: sortArticlesByDateDesc,
  });
  const marked = (articles: readonly Article[]): Article[] => {
    const found = sources.map((marks) => marks(articles));
    return articles.map((article) => {
      const marks = found.flatMap((byId) => byId.get(article.id) ?? []);
      return marks.length === 0 ? article : Object.freeze(Object.assign({ ...article }, ...marks));
    });
  };
  const one = (article: Article | undefined) => (article ? marked([article])[0] : undefined);
  const readList = () => store.readUntilChange("articles", () => Object.freeze(marked(rows.list())));
  let list = readList();
  return {
    list: () => list(),
    get: (id) => one(rows.get(id)),
    create: (input) => rows.create(input),
    replace: (id, input) => one(rows.replace(id, input)),
    remove: (id) => rows.remove(id),
    moveTo(id, url, at, alongside) {
      store.write(["articles", ...(alongside?.collections ?? [])], (db) => {
        db.update(articlesTable)
          .set({ url, updatedAt: at.toISOString() })
          .where(eq(articlesTable.id, id))
          .run();
        alongside?.write(db);
      });
    },
    markWith(marks) {
      sources.push(marks);
      list = readList();
    },
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

/** Settings stored before a field existed read with that field's default (such as `accounts`). */
function withDefaults(stored: Site | undefined): Site | undefined {
  if (!stored) return undefined;
  const parsed = siteSchema.safeParse(stored);
  return parsed.success ? parsed.data : stored;
}

export function createSiteRepository(store: Store) {
  const read = store.readUntilChange("site", (): Site | undefined =>
    withDefaults(store.db.select().from(siteTable).where(eq(siteTable.key, "site")).get()?.data),
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
