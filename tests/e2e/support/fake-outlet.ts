import { articlePage, type FakePublisher } from "./fake-publisher";

/**
 * A fake outlet for back-catalogue imports (issue 17), served by a fake publisher: Jane Doe's
 * author page with 30 articles over 3 pages, the site's RSS and Atom feeds and a sitemap index,
 * two articles by John Smith, one article already in the portfolio, a dead link and a page that
 * is not an article.
 */
export const OUTLET_NAME = "The Coast Gazette";
export const AUTHOR = "Jane Doe";
export const OTHER_AUTHOR = "John Smith";

export const AUTHOR_PAGE = "/authors/jane-doe";
export const RSS_FEED = "/feed.xml";
export const ATOM_FEED = "/atom.xml";
export const SITEMAP_INDEX = "/sitemap.xml";

type Story = { path: string; title: string; date: string; author: string };

const pad = (n: number) => String(n).padStart(2, "0");

/** Jane's 30 articles, newest first: 2025-02-28 back to 2025-01-30. */
export const JANE_STORIES: Story[] = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(2025, 1, 28 - i));
  const date = day.toISOString().slice(0, 10);
  return {
    path: `/${date.slice(0, 4)}/${date.slice(5, 7)}/${date.slice(8)}/harbour-report-part-${pad(30 - i)}`,
    title: `Harbour report, part ${30 - i}`,
    date,
    author: AUTHOR,
  };
});
export const OTHER_STORIES: Story[] = [
  {
    path: "/2025/02/10/council-budget-vote-explained",
    title: "Council budget vote explained",
    date: "2025-02-10",
    author: OTHER_AUTHOR,
  },
  {
    path: "/2025/02/11/ferry-timetable-changes-ahead",
    title: "Ferry timetable changes ahead",
    date: "2025-02-11",
    author: OTHER_AUTHOR,
  },
];
/** Jane's, and already in the portfolio. */
export const DUPLICATE: Story = {
  path: "/2024/12/01/old-pier-reopens-after-repairs",
  title: "Old pier reopens after repairs",
  date: "2024-12-01",
  author: AUTHOR,
};
/** Linked from the author page and the sitemap, but answers 404. */
export const DEAD_LINK = "/2025/01/15/story-that-was-taken-down";
/** In the sitemap; a sign-up form, not an article. */
export const NOT_AN_ARTICLE = "/newsletters/sign-up-for-the-morning-briefing";

const FURNITURE = `<header><nav>
  <a href="/">Home</a> <a href="/news">News</a> <a href="/section/politics/">Politics</a>
  <a href="/tag/harbour">Harbour</a> <a href="/authors/john-smith">John Smith</a>
  <a href="${NOT_AN_ARTICLE}">Sign up for the morning briefing</a> <a href="/about">About us</a>
  <a href="https://elsewhere.example/2025/01/01/a-story-on-another-site">Partner story</a>
  <a href="/images/harbour-photo-large.jpg">Photo</a>
</nav></header>`;

function story(s: Story, origin: string): string {
  const part = s.title.replace(/\D+/g, "") || "1";
  return articlePage({
    title: s.title,
    author: s.author,
    published: `${s.date}T08:00:00Z`,
    siteName: OUTLET_NAME,
    description: `What ${s.author} found out: ${s.title.toLowerCase()}.`,
    image: `${origin}/images/story-${part}.jpg`,
    blocks: [
      `${s.title}. The harbour board met on a wet morning to go through the findings in front of residents who had waited months for answers.`,
      "Members heard that the sea wall had been patched three times in a decade and that the last survey had never been published in full.",
      "The board said it would publish the survey and a timetable for repairs before the summer, and invited residents to a public meeting.",
    ],
  });
}

function authorPage(page: number): string {
  const stories = JANE_STORIES.slice((page - 1) * 10, page * 10);
  const extra = page === 3 ? [DUPLICATE.path, DEAD_LINK] : [];
  const items = [...stories.map((s) => s.path), ...extra]
    .map(
      (path) =>
        `<li><article><h2><a href="${path}">Story</a></h2><a href="${path}#comments">Comments</a></article></li>`,
    )
    .join("\n");
  const pager = [
    page === 1 ? `<a href="${AUTHOR_PAGE}/page/2">Next</a>` : "",
    page === 2 ? `<a href="${AUTHOR_PAGE}">Newer</a> <a href="${AUTHOR_PAGE}/page/3">Older</a>` : "",
    page === 3 ? `<a href="${AUTHOR_PAGE}/page/2">Newer</a>` : "",
    `<a href="${AUTHOR_PAGE}">1</a> <a href="${AUTHOR_PAGE}/page/2">2</a> <a href="${AUTHOR_PAGE}/page/3">3</a>`,
  ].join(" ");
  const head = page === 1 ? `<link rel="next" href="${AUTHOR_PAGE}/page/2">` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Jane Doe | ${OUTLET_NAME}</title>${head}</head>
<body>${FURNITURE}<main><h1>Jane Doe</h1><ul>${items}</ul><nav class="pager">${pager}</nav></main></body></html>`;
}

function rss(origin: string, stories: Story[]): string {
  const items = stories
    .map(
      (s) =>
        `<item><title>${s.title}</title><link>${origin}${s.path}</link><guid isPermaLink="false">id-${s.path}</guid><dc:creator>${s.author}</dc:creator></item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${OUTLET_NAME}</title><link>${origin}/</link>
${items}
</channel></rss>`;
}

function atom(origin: string, stories: Story[]): string {
  const entries = stories
    .map(
      (s) =>
        `<entry><title>${s.title}</title><link rel="alternate" type="text/html" href="${origin}${s.path}"/><link rel="replies" href="${origin}${s.path}#comments"/><id>tag:coast,${s.path}</id></entry>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>${OUTLET_NAME}</title><link href="${origin}/"/>
${entries}
</feed>`;
}

function urlset(origin: string, paths: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join("\n")}
</urlset>`;
}

const SIGN_UP_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Newsletters</title></head>
<body><form><label>E-mail <input type="email"></label><button>Sign up</button></form></body></html>`;

/** Every story the feeds list: Jane's, John's and the one already in the portfolio. */
const FEED_STORIES = [...JANE_STORIES, ...OTHER_STORIES, DUPLICATE];

/** Serves the outlet on `publisher`; returns the full URLs each discovery path should find. */
export function serveFakeOutlet(publisher: FakePublisher, options: { articleDelayMs?: number } = {}) {
  const { origin } = publisher;
  const xml = (body: string, type = "application/xml") => ({ headers: { "Content-Type": type }, body });
  for (const s of FEED_STORIES) {
    publisher.route(s.path, { body: story(s, origin), delayMs: options.articleDelayMs });
  }
  publisher.route(NOT_AN_ARTICLE, { body: SIGN_UP_PAGE });
  publisher.route(AUTHOR_PAGE, { body: authorPage(1) });
  publisher.route(`${AUTHOR_PAGE}/page/2`, { body: authorPage(2) });
  publisher.route(`${AUTHOR_PAGE}/page/3`, { body: authorPage(3) });
  publisher.route(RSS_FEED, xml(rss(origin, FEED_STORIES), "application/rss+xml; charset=utf-8"));
  publisher.route(ATOM_FEED, xml(atom(origin, FEED_STORIES), "application/atom+xml"));
  publisher.route(
    SITEMAP_INDEX,
    xml(`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>${origin}/sitemap-articles.xml</loc></sitemap>
<sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap>
</sitemapindex>`),
  );
  publisher.route(
    "/sitemap-articles.xml",
    xml(urlset(origin, [...FEED_STORIES.map((s) => s.path), DEAD_LINK])),
  );
  publisher.route("/sitemap-pages.xml", xml(urlset(origin, [NOT_AN_ARTICLE])));

  const url = (path: string) => `${origin}${path}`;
  const jane = JANE_STORIES.map((s) => url(s.path));
  const others = OTHER_STORIES.map((s) => url(s.path));
  return {
    /** The portfolio's copy of the duplicate, spelled differently (www., trailing slash). */
    duplicateInPortfolio: `${origin}${DUPLICATE.path}/`,
    jane,
    others,
    expected: {
      authorPage: [...jane, url(DEAD_LINK)],
      feed: [...jane, ...others],
      sitemap: [...jane, ...others, url(DEAD_LINK), url(NOT_AN_ARTICLE)],
    },
    unreadable: { [url(DEAD_LINK)]: "404", [url(NOT_AN_ARTICLE)]: "No article text found on the page" },
  };
}
