import { safeHref } from "../../domain/safe-url";
import { useLiveUpdates } from "../lib/use-live-updates";
import type { Route } from "./+types/landing";

export function loader({ context }: Route.LoaderArgs) {
  const { content } = context;
  const { blockList: _blockList, ...site } = content.site();
  return { site, articles: content.articles(), experiences: content.experiences(), education: content.education() };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `${data.site.name} · Journalist` : "Byline" }];
}

const LIVE = ["site", "articles", "experiences", "education"] as const;

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { site, articles, experiences, education } = loaderData;
  useLiveUpdates(LIVE);
  return (
    <main className="plain-landing">
      <h1>{site.name}</h1>
      <p>{site.hero.professions.filter(Boolean).join(" • ")}</p>
      <p>{site.hero.tagline}</p>
      <section id="work">
        <h2>Articles</h2>
        <ul>
          {articles.map((article) => (
            <li key={article.id}>
              <a href={safeHref(article.url)} target="_blank" rel="noopener noreferrer">
                {article.title}
              </a>{" "}
              — {article.outlet}
            </li>
          ))}
        </ul>
      </section>
      <section id="experience">
        <h2>Experience</h2>
        <ul>
          {experiences.map((item) => (
            <li key={item.id}>
              {item.role}, {item.organization} ({item.duration})
            </li>
          ))}
        </ul>
      </section>
      <section id="education">
        <h2>Academic Background</h2>
        <ul>
          {education.map((item) => (
            <li key={item.id}>
              {item.institution}: {item.credential} ({item.duration})
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
