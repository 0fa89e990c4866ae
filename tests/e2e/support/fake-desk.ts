import fs from "node:fs";
import path from "node:path";
import { articlePage, type FakePublisher } from "./fake-publisher";

/**
 * An outlet's desk on the fake publisher for the clip watch (issue 28): an RSS feed under its own
 * path, to which a test publishes stories one at a time between two checks, each story a full
 * article page with its writer's byline and a picture. Every desk has its own path, so tests
 * sharing the worker's server never see each other's stories.
 */
export const DESK_OUTLET = "The Harbour Herald";
export const OWNER_BYLINE = "Jane Doe";
export const OTHER_WRITER = "John Smith";

const PICTURE = fs.readFileSync(path.join(import.meta.dirname, "../../../public/demo/harbour-dawn.jpg"));

type Story = { path: string; title: string; author: string; published: string };

let desks = 0;

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export type FakeDesk = ReturnType<typeof openDesk>;

export function openDesk(publisher: FakePublisher) {
  desks += 1;
  const base = `/desk-${Date.now().toString(36)}-${desks}`;
  const feedPath = `${base}/feed.xml`;
  const picturePath = `${base}/picture.jpg`;
  const stories: Story[] = [];
  publisher.route(picturePath, { headers: { "Content-Type": "image/jpeg" }, body: PICTURE });

  const feed = () => {
    const items = stories
      .map(
        (story) =>
          `<item><title>${escape(story.title)}</title><link>${publisher.url(story.path)}</link><guid>${publisher.url(story.path)}</guid><pubDate>${new Date(story.published).toUTCString()}</pubDate><dc:creator>${escape(story.author)}</dc:creator></item>`,
      )
      .join("\n");
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${DESK_OUTLET}</title><link>${publisher.url(`${base}/`)}</link>
${items}
</channel></rss>`;
  };
  const serveFeed = () =>
    publisher.route(feedPath, {
      headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
      body: feed(),
    });

  /** A story's page: the byline in `meta name=author` and under the headline. */
  const page = (story: Story, head = "") =>
    articlePage({
      title: story.title,
      author: story.author,
      published: story.published,
      siteName: DESK_OUTLET,
      description: `What ${story.author} found: ${story.title.toLowerCase()}.`,
      image: publisher.url(picturePath),
      blocks: [
        `${story.title}. The harbour board met on a wet morning to go through the findings in front of residents who had waited months for answers.`,
        "Members heard that the sea wall had been patched three times in a decade and that the last survey had never been published in full.",
        "The board said it would publish the survey and a timetable for repairs before the summer, and invited residents to a public meeting.",
      ],
    }).replace("</head>", `${head}</head>`);

  serveFeed();
  return {
    feedUrl: publisher.url(feedPath),
    /**
     * Publishes a story (newest first in the feed) and returns its address; `head` is more markup
     * for its page's `<head>` (a syndicated copy's `<link rel="canonical">`).
     */
    publish(title: string, author = OWNER_BYLINE, head = ""): string {
      const story = { path: `${base}/${slug(title)}`, title, author, published: new Date().toISOString() };
      stories.unshift(story);
      publisher.route(story.path, { body: page(story, head) });
      serveFeed();
      return publisher.url(story.path);
    },
    /** A page outside the feed whose `<head>` advertises `feedUrl` and links its writer's author page. */
    pageNaming(title: string, feedUrl: string, authorPage: string): string {
      const story = {
        path: `${base}/${slug(title)}`,
        title,
        author: OWNER_BYLINE,
        published: new Date().toISOString(),
      };
      publisher.route(story.path, {
        body: page(
          story,
          `<link rel="alternate" type="application/rss+xml" title="${DESK_OUTLET}" href="${feedUrl}"><link rel="author" href="${authorPage}">`,
        ),
      });
      return publisher.url(story.path);
    },
    /** From now on the feed answers `status`; `restore` serves it again. */
    fail(status: number) {
      publisher.route(feedPath, { status, body: "<!doctype html><title>Gone</title><h1>Gone</h1>" });
    },
    restore: serveFeed,
  };
}
