import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractArticle } from "./extract-article";

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const PAGE_URL = "https://news.example.com/2024/03/harbour-dredging";

const newsArticle = fixture("news-article.html");

function page(head: string, body: string): string {
  return `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
}

const sentence = (n: number): string =>
  `Sentence number ${n} of the story gives the reader one more fact about the fictional harbour town.`;
const prose = (paragraphs: number): string =>
  Array.from({ length: paragraphs }, (_, i) => `<p>${sentence(i + 1)} ${sentence(i + 100)}</p>`).join("");

describe("extractArticle on a news page", () => {
  const article = extractArticle(newsArticle, PAGE_URL);

  it("reads Open Graph and meta-tag metadata, without the site name in the title", () => {
    expect(article.title).toBe("Harbour Dredging Plan Splits Fictional Town");
    expect(article.author).toBe("Mara Ellison");
    expect(article.publishDate).toBe("2024-03-05T09:30:00+01:00");
    expect(article.image).toBe("https://news.example.com/images/harbour.jpg");
  });

  it("uses the meta description as the excerpt", () => {
    expect(article.excerpt).toBe(
      "Councillors in the fictional town of Port Avery voted 5-4 to dredge the old harbour, a project critics say will cost more than it saves.",
    );
  });

  it("returns the whole body as plain text paragraphs separated by a blank line", () => {
    const paragraphs = article.content.split("\n\n");
    expect(paragraphs[0]).toMatch(/^Councillors in the fictional town of Port Avery voted five to four/);
    expect(paragraphs).toContain("What Happens Next");
    expect(paragraphs.at(-1)).toMatch(/^Residents who objected have until the end of the month/);
    expect(paragraphs).toHaveLength(6);
    expect(article.content).not.toMatch(/<[a-z]/i);
  });

  it("leaves out share bars, captions, ads, related links, promos, bylines and the footer", () => {
    for (const furniture of [
      "Share on Facebook",
      "Photo: Example Gazette archive",
      "The old harbour at low tide",
      "Advertisement",
      "Related stories",
      "Ferry timetable cut again",
      "Morning Briefing",
      "By Mara Ellison",
      "All rights reserved",
      "Weather",
    ]) {
      expect(article.content).not.toContain(furniture);
    }
  });

  it("marks the sub-heading for reader mode", () => {
    expect(article.paragraphs).toHaveLength(6);
    expect(article.paragraphs.filter((p) => p.heading)).toEqual([
      { text: "What Happens Next", heading: true },
    ]);
    expect(article.paragraphs[3]).toEqual({ text: "What Happens Next", heading: true });
  });
});

describe("extractArticle with JSON-LD", () => {
  const graph = {
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "WebSite", "@id": "https://example.org/#site", name: "Example Review" },
      { "@type": "Person", "@id": "https://example.org/#jo", name: "Jo Marsh" },
      {
        "@type": ["NewsArticle"],
        headline: "Lighthouse keepers return &amp; restore the lamp",
        datePublished: "2023-11-02T08:00:00Z",
        author: [{ "@id": "https://example.org/#jo" }, { "@type": "Person", name: "Ade Bello" }],
        image: [{ "@type": "ImageObject", url: "https://cdn.example.org/lamp.jpg" }],
        articleBody:
          "The lighthouse on the fictional Gull Rock has a keeper again for the first time since 1987, the trust that owns it said.\n" +
          "ADVERTISEMENT\n" +
          "Two volunteers will live on the rock for a month at a time and restore the lamp room, which has been closed to visitors.\n" +
          "The trust hopes to open the tower to the public next summer if the restoration stays on schedule and within budget.",
      },
    ],
  };

  it("takes headline, authors (following @id references), date and image from @graph", () => {
    const html = page(
      `<script type="application/ld+json">${JSON.stringify(graph)}</script>`,
      "<p>Subscribe to read.</p>",
    );
    const article = extractArticle(html, "https://example.org/lighthouse");
    expect(article.title).toBe("Lighthouse keepers return & restore the lamp");
    expect(article.author).toBe("Jo Marsh, Ade Bello");
    expect(article.publishDate).toBe("2023-11-02T08:00:00Z");
    expect(article.image).toBe("https://cdn.example.org/lamp.jpg");
  });

  it("uses articleBody when the page itself only shows a teaser", () => {
    const html = page(
      `<script type="application/ld+json">${JSON.stringify(graph)}</script>`,
      "<article><p>The lighthouse on the fictional Gull Rock has a keeper again.</p><p>Subscribe to read the full story.</p></article>",
    );
    const article = extractArticle(html);
    expect(article.content.split("\n\n")).toEqual([
      "The lighthouse on the fictional Gull Rock has a keeper again for the first time since 1987, the trust that owns it said.",
      "Two volunteers will live on the rock for a month at a time and restore the lamp room, which has been closed to visitors.",
      "The trust hopes to open the tower to the public next summer if the restoration stays on schedule and within budget.",
    ]);
    expect(article.excerpt).toBe(
      "The lighthouse on the fictional Gull Rock has a keeper again for the first time since 1987, the trust that owns it said.",
    );
  });

  it("uses articleBody to drop page paragraphs that are not part of the article, keeping sub-headings", () => {
    const paragraphs = Array.from({ length: 6 }, (_, i) => `${sentence(i + 1)} ${sentence(i + 50)}`);
    const article = { "@type": "Article", headline: "Harbour notes", articleBody: paragraphs.join("\n") };
    const [first, ...rest] = paragraphs.map((p) => `<p>${p}</p>`);
    const html = page(
      `<script type="application/ld+json">${JSON.stringify(article)}</script>`,
      `<article>${first}<h2>The Money Question</h2>${rest.join("")}<p>Our partners at the fictional Harbour Shop have a sale on all waterproof coats this week only.</p></article>`,
    );
    const [firstText, ...restText] = paragraphs;
    expect(extractArticle(html).content).toBe([firstText, "The Money Question", ...restText].join("\n\n"));
  });

  it("reads JSON-LD that is not strict JSON (raw line breaks, trailing commas)", () => {
    const script = `{"@type": "BlogPosting", "headline": "Tide tables,\n explained", "author": {"name": "Sam Reed"},}`;
    const article = extractArticle(
      page(`<script type="application/ld+json">${script}</script>`, `<article>${prose(4)}</article>`),
    );
    expect(article.title).toBe("Tide tables, explained");
    expect(article.author).toBe("Sam Reed");
  });
});

describe("extractArticle metadata fallbacks", () => {
  it("finds the date in <time> and the author in rel=author markup", () => {
    const html = page(
      "<title>Quay repairs</title>",
      `<article><a rel="author" href="/staff/lee">Lee Park</a><time datetime="2022-07-14">14 July</time>${prose(4)}</article>`,
    );
    const article = extractArticle(html, PAGE_URL);
    expect(article.publishDate).toBe("2022-07-14");
    expect(article.author).toBe("Lee Park");
    expect(article.content).not.toContain("Lee Park");
  });

  it("prefers an ISO timestamp and turns a free-form date into its calendar day", () => {
    const iso = page(
      '<meta property="article:published_time" content="2021-05-06 10:00:00 +0200">',
      `<article>${prose(4)}</article>`,
    );
    expect(extractArticle(iso).publishDate).toBe("2021-05-06T10:00:00+02:00");
    const loose = page('<meta name="date" content="November 19, 2019">', `<article>${prose(4)}</article>`);
    expect(extractArticle(loose).publishDate).toBe("2019-11-19");
  });

  it("returns only http(s) images, resolved against the page URL", () => {
    const relative = page(
      '<meta property="og:image" content="../img/a.png">',
      `<article>${prose(4)}</article>`,
    );
    expect(extractArticle(relative, "https://example.net/news/story/").image).toBe(
      "https://example.net/news/img/a.png",
    );
    expect(extractArticle(relative).image).toBe("");
    const dataUri = page(
      '<meta property="og:image" content="data:image/png;base64,AAAA">',
      `<article>${prose(4)}</article>`,
    );
    expect(extractArticle(dataUri, PAGE_URL).image).toBe("");
  });

  it("cuts an excerpt taken from the first paragraph at 300 characters", () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const article = extractArticle(page("", `<article><p>${long} ${long}</p>${prose(3)}</article>`));
    expect(article.excerpt.length).toBeLessThanOrEqual(300);
    expect(article.excerpt).toMatch(/^word0 word1 .* word\d+…$/);
  });
});

describe("extractArticle on loosely written HTML", () => {
  it("reads a page that leaves out <html>, <head> and <body>", () => {
    const bare = newsArticle.replace(/<\/?(html|head|body)[^>]*>/g, "");
    const article = extractArticle(bare, PAGE_URL);
    expect(article.title).toBe("Harbour Dredging Plan Splits Fictional Town");
    expect(article.content).toBe(extractArticle(newsArticle, PAGE_URL).content);
  });

  it("is not fooled by a <body> tag inside a comment", () => {
    const html = `<!-- old template had <body> here -->${prose(3)}`;
    expect(extractArticle(html).paragraphs).toHaveLength(3);
  });
});

describe("extractArticle second look", () => {
  it("falls back to the untouched page when furniture rules leave (almost) nothing", () => {
    const nav = Array.from({ length: 150 }, (_, i) => `<a href="/section-${i}">Section ${i}</a>`).join(" ");
    const story = [sentence(1) + " " + sentence(2), sentence(3) + " " + sentence(4)];
    // "popular" marks furniture, and the story is too small a share of the page to count as its container.
    const html = page(
      "",
      `<nav>${nav}</nav><div class="popular-story">${story.map((p) => `<p>${p}</p>`).join("")}</div>`,
    );
    expect(extractArticle(html).content).toBe(story.join("\n\n"));
  });
});

describe("extractArticle errors", () => {
  it.each([
    ["an empty string", ""],
    ["an empty page", "<!doctype html><html><head><title>Nothing</title></head><body></body></html>"],
    [
      "a page of navigation only",
      page("", '<nav><a href="/">Home</a> <a href="/a">About</a></nav><p>Hi.</p>'),
    ],
  ])("throws a clear error for %s", (_label, html) => {
    expect(() => extractArticle(html)).toThrow("No article text found on the page");
  });
});

describe("extractArticle outlet name", () => {
  const ld = (value: object): string =>
    `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
  const siteNameOf = (head: string): string => extractArticle(page(head, prose(4)), PAGE_URL).siteName;

  it("prefers og:site_name, then application-name", () => {
    expect(
      siteNameOf(
        '<meta property="og:site_name" content="Harbour  Times"><meta name="application-name" content="HT App">',
      ),
    ).toBe("Harbour Times");
    expect(siteNameOf('<meta name="application-name" content="HT App">')).toBe("HT App");
  });

  it("falls back to the JSON-LD publisher, following @id references in a graph", () => {
    const graph = {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "NewsArticle", headline: "Quay", publisher: { "@id": "#org" } },
        { "@id": "#org", "@type": "NewsMediaOrganization", name: "The Coast Gazette" },
      ],
    };
    expect(siteNameOf(ld(graph))).toBe("The Coast Gazette");
    expect(siteNameOf(ld({ "@type": "Article", publisher: { name: "Quay Weekly" } }))).toBe("Quay Weekly");
  });

  it("never takes a Twitter handle for the outlet, and is empty when the page names none", () => {
    expect(siteNameOf('<meta name="twitter:site" content="@harbour">')).toBe("");
  });
});

/** The last `count` paragraphs extracted from an article of six paragraphs followed by `ending`. */
function lastParagraphs(ending: string, count: number): string[] {
  const article = extractArticle(
    page("<title>Harbour</title>", `<article>${prose(6)}${ending}</article>`),
    PAGE_URL,
  );
  return article.content.split("\n\n").slice(-count);
}

describe("extractArticle at the end of an article", () => {
  it("keeps an italic note on the article itself and drops the prompt to the reader after it", () => {
    const correction =
      "Correction added March 6: an earlier version of this story misnamed the harbour master.";
    const ending =
      `<p><em>${correction}</em></p>` +
      `<p><em>Have a tip? Write to <a href="mailto:desk@example.com">the desk</a> or follow us.</em></p>`;
    expect(lastParagraphs(ending, 1)).toEqual([correction]);
  });

  it("keeps an address the story cites as its source and drops the story's own address", () => {
    const source = "http://archive.example.org/1998/harbour-survey.html";
    const ending = `<p>The survey is still online:</p><p>${source}</p><p>${PAGE_URL}</p>`;
    expect(lastParagraphs(ending, 2)).toEqual(["The survey is still online:", source]);
  });

  it("drops a follow prompt but keeps a sentence about who follows whom", () => {
    const fans = "More than 40,000 fans follow the harbour master on Instagram for his sunset photos.";
    expect(lastParagraphs(`<p>${fans}</p><p>Follow Mara Ellison on Twitter.</p>`, 1)).toEqual([fans]);
  });

  it("drops the copyright notice but keeps a sentence that starts with the word", () => {
    const law = "Copyright law has changed little since the harbour charter of 1911.";
    expect(lastParagraphs(`<p>${law}</p><p>Copyright © 2024 Example Gazette</p>`, 1)).toEqual([law]);
  });

  it("keeps a sentence that introduces a list and drops a 'More on …:' link heading", () => {
    const ending =
      `<p>More than 40 residents signed the letter:</p>` +
      `<ul><li>the harbour master, who wrote it,</li><li>and most of the ferry crews.</li></ul>` +
      `<p>More on the harbour:</p>`;
    expect(lastParagraphs(ending, 3)).toEqual([
      "More than 40 residents signed the letter:",
      "the harbour master, who wrote it,",
      "and most of the ferry crews.",
    ]);
  });
});
