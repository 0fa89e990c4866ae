import { eq, inArray } from "drizzle-orm";
import { withoutDemoSettings } from "../../domain/demo-site";
import type { DemoLeft } from "../../domain/home";
import type { Store } from "../kernel/db/open-database";
import { articlesTable, educationTable, experiencesTable, siteTable } from "../kernel/db/schema";
import type { ContentRepositories } from "./content-repositories";
import { DEMO_EDUCATION, DEMO_EXPERIENCES } from "./demo-content";
import { DEMO_ARTICLES } from "./demo-articles";

const DEMO_URLS = new Set(DEMO_ARTICLES.map((article) => article.url));
const DEMO_ROLES = new Set(DEMO_EXPERIENCES.map((item) => `${item.role}\n${item.organization}`));
const DEMO_SCHOOLS = new Set(DEMO_EDUCATION.map((item) => `${item.institution}\n${item.credential}`));

/**
 * What is the demo's (docs/product.md, The demo): an article at one of the demo's addresses
 * (which are under `.example`, so never the owner's, whatever else they edited), an experience
 * whose role and organization, or an education entry whose institution and credential, are still
 * the seeded ones (the owner who changed those made it theirs), and the settings' values still
 * equal to the demo's (withoutDemoSettings). Matched on the seeded values, so a site seeded by any
 * earlier version is recognised too.
 */
export function createDemoContent(store: Store, repos: ContentRepositories) {
  function left() {
    const site = repos.site.get();
    return {
      articles: repos.articles
        .list()
        .filter((article) => DEMO_URLS.has(article.url))
        .map((article) => article.id),
      experiences: repos.experiences
        .list()
        .filter((item) => DEMO_ROLES.has(`${item.role}\n${item.organization}`))
        .map((item) => item.id),
      education: repos.education
        .list()
        .filter((item) => DEMO_SCHOOLS.has(`${item.institution}\n${item.credential}`))
        .map((item) => item.id),
      settings: repos.site.exists() && JSON.stringify(withoutDemoSettings(site)) !== JSON.stringify(site),
    };
  }

  return {
    /** How much of the demo is still there. */
    left(): DemoLeft {
      const found = left();
      return {
        articles: found.articles.length,
        experiences: found.experiences.length,
        education: found.education.length,
        settings: found.settings,
      };
    },
    /** 'Remove the demo': all of it in one write, so a reader never sees half a demo. */
    remove(): DemoLeft {
      const found = left();
      const site = repos.site.get();
      store.write(["articles", "experiences", "education", "site"], (db) => {
        if (found.articles.length)
          db.delete(articlesTable).where(inArray(articlesTable.id, found.articles)).run();
        if (found.experiences.length)
          db.delete(experiencesTable).where(inArray(experiencesTable.id, found.experiences)).run();
        if (found.education.length)
          db.delete(educationTable).where(inArray(educationTable.id, found.education)).run();
        if (found.settings)
          db.update(siteTable)
            .set({ data: withoutDemoSettings(site), updatedAt: new Date().toISOString() })
            .where(eq(siteTable.key, "site"))
            .run();
      });
      return {
        articles: found.articles.length,
        experiences: found.experiences.length,
        education: found.education.length,
        settings: found.settings,
      };
    },
  };
}

export type DemoContent = ReturnType<typeof createDemoContent>;
