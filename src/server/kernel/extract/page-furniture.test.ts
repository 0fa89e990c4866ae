import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { removeFurniture } from "./page-furniture";

const longParagraph = (n: number): string =>
  `<p>Paragraph ${n} is real prose from the article, long enough to count as part of the story and not a teaser or a caption.</p>`;

function cleaned(body: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${body}</body></html>`);
  removeFurniture(document.body);
  return document.body.innerHTML;
}

describe("removeFurniture", () => {
  it("removes share bars, related links, newsletter promos, ads, navigation and hidden elements", () => {
    const html = cleaned(
      `<nav>Home</nav><div class="article__share-bar">Share</div><div id="relatedLinks">Related</div>` +
        `<section class="newsletter-signup">Sign up</section><div class="ad-slot">Ad</div>` +
        `<p hidden>Hidden</p><p style="display: none">Also hidden</p><main>${longParagraph(1)}</main>`,
    );
    expect(html).toBe(`<main>${longParagraph(1)}</main>`);
  });

  it("removes captions and short media boxes but keeps the story", () => {
    const html = cleaned(
      `<article><div class="photo-wrap"><img src="a.jpg"><p>Caption text. Photo: Someone</p></div>` +
        `<figure><img src="b.jpg"><figcaption>Another caption</figcaption></figure>${longParagraph(1)}</article>`,
    );
    expect(html).not.toContain("Caption text");
    expect(html).not.toContain("Another caption");
    expect(html).toContain("Paragraph 1");
  });

  it("keeps what is hidden only on a phone or in print, and removes what is hidden everywhere", () => {
    const standfirst = `<h2 class="pb10 hidden-xs">The harbour will be dredged after all.</h2>`;
    const printOnly = `<p class="mobile-hidden hidden-print">The vote was five to four.</p>`;
    const html = cleaned(`<div class="hidden">Menu</div>${standfirst}${printOnly}${longParagraph(1)}`);
    expect(html).toBe(`${standfirst}${printOnly}${longParagraph(1)}`);
  });

  it("keeps a container that holds the article even when its class names a furniture word", () => {
    const story = `<div class="story-body has-share-tools">${[1, 2, 3].map(longParagraph).join("")}</div>`;
    expect(cleaned(`${story}<div class="sidebar">Popular now</div>`)).toBe(story);
  });

  it("unwraps embedded posts from their social box so the quoted post stays", () => {
    const html = cleaned(
      `<article>${longParagraph(1)}<div class="social-media-embed"><blockquote class="twitter-tweet"><p>Posted words</p></blockquote></div></article>`,
    );
    expect(html).toContain('<blockquote class="twitter-tweet"><p>Posted words</p></blockquote>');
    expect(html).not.toContain("social-media-embed");
  });

  it("removes a comment thread even when comments quote each other", () => {
    const story = [1, 2, 3, 4].map(longParagraph).join("");
    const html = cleaned(
      `<article>${story}<section class="comments"><p>I disagree with this take entirely, and here is a long reason why.</p>` +
        `<blockquote>quoted bit</blockquote><p>Me too.</p></section></article>`,
    );
    expect(html).toBe(`<article>${story}</article>`);
  });

  it("removes the article's title header with its standfirst, but keeps other headers", () => {
    const story = [1, 2].map(longParagraph).join("");
    const html = cleaned(
      `<article><header><h1>Harbour plan splits town</h1><p class="css-1x2y3z">A standfirst that sums the story up.</p></header>` +
        `<header><h2>What happens next</h2></header>${story}</article>`,
    );
    expect(html).toBe(`<article><header><h2>What happens next</h2></header>${story}</article>`);
  });

  it("removes hover cards and tooltips from inside a paragraph", () => {
    const story = [1, 2, 3].map(longParagraph).join("");
    const html = cleaned(
      `${story}<p>Mayor <a href="/people/ann-lee">Ann Lee</a><span class="rollover-people-block"><img src="lee.jpg">` +
        `<a href="/people/ann-lee">Ann Bea Lee</a><a href="/news/1">Mayor opens ferry</a> MORE</span> said no.` +
        `<span class="tooltip">Ann Lee has been mayor since 2019</span></p>`,
    );
    expect(html).toBe(`${story}<p>Mayor <a href="/people/ann-lee">Ann Lee</a> said no.</p>`);
  });

  it("removes scripts and styles", () => {
    expect(cleaned(`<script>var a = 1;</script><style>p {}</style>${longParagraph(1)}`)).toBe(
      longParagraph(1),
    );
  });
});
