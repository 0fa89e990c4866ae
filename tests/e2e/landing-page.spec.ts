import type { Page } from "@playwright/test";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { latestArticle, selectFrontPage } from "../../src/web/lib/front-page";
import { sortArticlesByDateDesc } from "../../src/domain/list-order";
import { expect, test } from "./support/fixtures";
import { gotoHydrated, imagesWarmed, publicContent } from "./landing-support";
import { cspRefusals, directiveSources, inlineHashes } from "./support/csp";

test.describe("landing page content", () => {
  test("sections come in the spec's order with their anchors, dividers and footer", async ({
    page,
    server,
  }) => {
    const { site } = await publicContent(server);
    await page.goto("/");
    const ids = await page
      .locator("main [id]")
      .evaluateAll((elements) =>
        elements
          .map((e) => e.id)
          .filter((id) => ["front", "features", "work", "experience", "education", "contact"].includes(id)),
      );
    expect(ids).toEqual(["front", "features", "work", "experience", "education", "contact"]);

    await expect(page.locator(".lp-divider__label")).toHaveText([
      "Highlights",
      "Featured Work",
      "Professional Experience & Education",
      "Contact",
    ]);
    await expect(page.locator("#contact .lp-divider__label")).toHaveText("Contact");
    await expect(page.locator("#education")).toContainText("Academic Background");

    const year = new Date().getFullYear();
    const footer = page.locator("footer");
    await expect(footer).toContainText(`${year}`);
    await expect(footer).toContainText(site.name);
    await expect(footer).toContainText("Parliamentary Intern");
    await expect(footer).toContainText("Freelance Journalist");
  });

  test("the top bar has the owner's name, the section buttons, PORTFOLIO and LATEST", async ({
    page,
    server,
  }) => {
    const { site } = await publicContent(server);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const bar = page.locator("header.lp-bar");
    await expect(bar.locator(".lp-bar__title")).toHaveText(site.name);
    await expect(bar.getByRole("navigation", { name: "Sections" }).getByRole("link")).toHaveText([
      "FRONT PAGE",
      "FEATURES",
      "WORK",
      "EXPERIENCE",
      "EDUCATION",
      "CONTACT",
    ]);
    await expect(bar.getByRole("link", { name: "PORTFOLIO", exact: true })).toBeVisible();
    await expect(bar.getByRole("link", { name: "LATEST", exact: true })).toBeVisible();
    // Today's date in long English form: 'Sunday, 22 November 2026'.
    await expect(bar.locator("time")).toBeVisible();
    await expect(bar.locator("time")).toHaveText(
      /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} [A-Z][a-z]+ \d{4}$/,
    );
  });

  test("the date is hidden below medium width, and a phone never scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await gotoHydrated(page);
    await expect(page.locator(".lp-bar time")).toBeHidden();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });

  test("the front section types the name and shows professions, tagline, photo, about and the portfolio panel", async ({
    page,
    server,
  }) => {
    const { site, articles } = await publicContent(server);
    await gotoHydrated(page);
    const front = page.locator("#front");
    // The heading's accessible name is the whole name from the first byte of HTML.
    await expect(front.getByRole("heading", { level: 1, name: site.name })).toBeAttached();
    await expect(front.locator(".lp-typed")).toHaveAttribute("data-phase", "done");
    await expect(front.locator(".lp-typed__shown")).toHaveText(site.name);
    await expect(front.locator(".lp-typed")).toHaveAttribute("aria-hidden", "true");

    await expect(front.locator(".lp-masthead__professions")).toHaveText(
      site.hero.professions.filter(Boolean).join(" • "),
    );
    await expect(front.getByText(site.hero.tagline)).toBeVisible();
    await expect(front.locator(".lp-profile img")).toHaveAttribute(
      "src",
      new RegExp(`^/api/images\\?url=${encodeURIComponent(site.heroImage)}&w=`),
    );
    await expect(front.getByText(site.about.split("\n")[0]!.slice(0, 40))).toBeVisible();

    const panel = front.locator(".lp-panel");
    await expect(panel.getByRole("heading", { name: "PORTFOLIO" })).toBeVisible();
    await expect(panel).toContainText(site.hero.location);
    await expect(panel.getByRole("link", { name: "View Full Portfolio" })).toBeVisible();
    await expect(panel).not.toContainText("Loading articles...");

    // Lead = newest article with a usable image: title, image, outlet, description.
    const lead = selectFrontPage(articles).lead!;
    const leadBlock = panel.locator(".lp-lead");
    await expect(leadBlock.getByRole("heading", { name: lead.title })).toBeVisible();
    await expect(leadBlock).toContainText(lead.outlet);
    await expect(leadBlock).toContainText(lead.description);
    const leadImage = leadBlock.locator("img");
    await expect(leadImage).toHaveAttribute("loading", "eager");
    // The portrait, not the lead story, is the largest picture and is asked for first.
    await expect(leadImage).not.toHaveAttribute("fetchpriority", "high");
    await expect(front.locator(".lp-profile img")).toHaveAttribute("fetchpriority", "high");
    await expect(panel.locator(".lp-secondary__item")).toHaveCount(2);
    await expect(panel.locator(".lp-headlines__item")).toHaveCount(3);
  });

  test("the name is on screen at the first paint, before any script has run", async ({ page, server }) => {
    const { site } = await publicContent(server);
    // The page's scripts never load: what shows is the server's HTML and its stylesheet alone.
    await page.route("**/*.js", (route) => route.abort());
    await page.goto("/");
    const typed = page.locator("#front .lp-typed");
    await expect(typed).toHaveAttribute("data-phase", "static");
    await expect(typed).toHaveText(site.name);
    const hidden = await typed.evaluate((element) =>
      [...element.querySelectorAll("*")].some((part) => getComputedStyle(part).visibility === "hidden"),
    );
    expect(hidden).toBe(false);
  });

  test("every image reserves its space, and below-the-fold images load lazily", async ({ page }) => {
    await page.goto("/");
    const images = await page.locator("main img").evaluateAll((imgs) =>
      imgs.map((img) => ({
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
      })),
    );
    expect(images.length).toBeGreaterThan(3);
    for (const image of images) {
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
    }
    const workLoading = await page
      .locator("#work img")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("loading")));
    expect(workLoading.length).toBeGreaterThan(0);
    expect(new Set(workLoading)).toEqual(new Set(["lazy"]));
  });

  test("features show the latest article, the current role and up to 8 publications", async ({
    page,
    server,
  }) => {
    const { site, articles } = await publicContent(server);
    await page.goto("/");
    const features = page.locator("#features");
    const latest = site.hero.latestArticleUrl
      ? articles.find((a) => a.url === site.hero.latestArticleUrl)!
      : latestArticle(articles)!;
    const card = features.locator(".lp-card--latest");
    await expect(card.getByRole("heading", { name: "Latest Article" })).toBeVisible();
    await expect(card).toContainText(latest.title);
    await expect(card).toContainText(latest.outlet);
    await expect(card.getByRole("link", { name: /^Read article/ })).toHaveAttribute(
      "href",
      `/?article=${latest.id}`,
    );

    const role = features.locator(".lp-card--role");
    await expect(role.getByRole("heading", { name: "Current Role" })).toBeVisible();
    await expect(role).toContainText(site.currentRole.title);
    await expect(role).toContainText(site.currentRole.place);

    const outlets = features.locator(".lp-publications li");
    await expect(features.getByRole("heading", { name: "Publications" })).toBeVisible();
    await expect(outlets).toHaveText(site.featuredOutlets.slice(0, 8));
  });

  test("the work grid shows every featured article with outlet, title, description and 'Read article'", async ({
    page,
    server,
  }) => {
    const { articles } = await publicContent(server);
    const featured = sortArticlesByDateDesc(articles.filter((a) => a.featured));
    await page.goto("/");
    const cards = page.locator("#work .lp-work__card");
    await expect(cards).toHaveCount(featured.length);
    await expect(cards.locator(".lp-work__title")).toHaveText(featured.map((a) => a.title));
    const first = cards.first();
    await expect(first.locator(".lp-work__outlet")).toHaveText(featured[0]!.outlet);
    await expect(first.locator(".lp-work__description")).toHaveCSS("-webkit-line-clamp", "3");
    await first.getByRole("link", { name: /^Read article/ }).click();
    await expect(page).toHaveURL(new RegExp(`\\?article=${featured[0]!.id}$`));
  });

  test("LATEST opens the article with the most recent date, PORTFOLIO and 'View Full Portfolio' the overlay", async ({
    page,
    server,
  }) => {
    const { articles } = await publicContent(server);
    const newest = latestArticle(articles)!;
    await gotoHydrated(page);
    await page.getByRole("link", { name: "LATEST", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?article=${newest.id}$`));

    await gotoHydrated(page);
    await page.getByRole("link", { name: "PORTFOLIO", exact: true }).click();
    await expect(page).toHaveURL(/\/\?portfolio=1$/);

    await gotoHydrated(page);
    await page.getByRole("link", { name: "View Full Portfolio" }).click();
    await expect(page).toHaveURL(/\/\?portfolio=1$/);
  });

  test("experience cards have related links that open safely in a new tab", async ({ page, server }) => {
    const experiences = (await (await server.api("/api/experiences")).json()) as {
      role: string;
      organization: string;
      links: unknown[];
    }[];
    await page.goto("/");
    const cards = page.locator("#experience .lp-job");
    await expect(cards).toHaveCount(experiences.length);
    for (const experience of experiences) {
      const card = cards.filter({ hasText: experience.role }).filter({ hasText: experience.organization });
      await expect(card).toHaveCount(1);
    }
    await expect(
      page.locator("#experience").getByRole("heading", { name: "Related Links" }).first(),
    ).toBeVisible();
    const links = page.locator("#experience .lp-job__links a");
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      const rel = (await link.getAttribute("rel")) ?? "";
      expect(rel.split(/\s+/)).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
      expect(await link.getAttribute("href")).toMatch(/^https?:\/\//);
    }
  });

  test("Academic Background entries expand and collapse", async ({ page }) => {
    await gotoHydrated(page);
    const education = page.locator("#education");
    await expect(education.getByRole("heading", { name: "Academic Background" })).toBeVisible();
    const button = education.getByRole("button").first();
    const panelId = await button.getAttribute("aria-controls");
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await expect(panel.locator("li").first()).toBeVisible();
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
  });

  test("a failing article image is hidden instead of showing a broken picture", async ({ page, server }) => {
    const created = await server.api("/api/articles", {
      method: "POST",
      json: {
        title: "Broken picture story",
        outlet: "Nowhere Gazette",
        url: "https://nowhere.example/broken-picture",
        date: "2001-01-01",
        description: "Its image cannot load.",
        image: "http://127.0.0.1:9/missing.jpg",
        featured: true,
      },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    try {
      await gotoHydrated(page);
      const card = page.locator("#work .lp-work__card").filter({ hasText: "Broken picture story" });
      await expect(card).toHaveCount(1);
      // Lazy images load once they come near the viewport.
      await card.scrollIntoViewIfNeeded();
      await expect(card.locator("img")).toHaveCount(0);
      await expect(card.getByRole("heading", { name: "Broken picture story" })).toBeVisible();
    } finally {
      await server.api(`/api/articles/${id}`, { method: "DELETE" });
    }
  });
});

/**
 * The page's share image: a 1200x630 PNG at `prefix…`, named the same in the Open Graph and
 * Twitter tags, with its size and alt text, served for a year under its versioned address.
 */
async function expectShareCard(page: Page, prefix: string) {
  const url = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(url?.startsWith(prefix), `${url} starts with ${prefix}`).toBe(true);
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", url!);
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
  const alt = (await page.locator('meta[property="og:image:alt"]').getAttribute("content")) ?? "";
  const response = await page.request.get(url!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["cache-control"]).toContain("immutable");
  const bytes = await response.body();
  const { width, height, format } = await sharp(bytes).metadata();
  expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: "png" });
  return { alt, bytes };
}

test.describe("search engines and sharing", () => {
  test("title, description, canonical, Open Graph and Twitter tags describe the page", async ({
    page,
    server,
  }) => {
    const { site } = await publicContent(server);
    await page.goto("/");
    await expect(page).toHaveTitle(new RegExp(`^${site.name}`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", site.hero.tagline);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${server.url}/`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(site.name));
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const card = await expectShareCard(page, `${server.url}/social-card.png?v=`);
    expect(card.alt).toContain(site.name);
  });

  test("a shared article link previews that article", async ({ page, server }) => {
    const { articles } = await publicContent(server);
    const article = latestArticle(articles)!;
    await page.goto(`/?article=${article.id}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      new RegExp(article.title.slice(0, 20)),
    );
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      "content",
      `${server.url}/?article=${article.id}`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${server.url}/`);
    const card = await expectShareCard(page, `${server.url}/social-card/article/${article.id}.png?v=`);
    expect(card.alt).toContain(article.title);
    await page.goto("/");
    const siteCard = await page.locator('meta[property="og:image"]').getAttribute("content");
    const siteBytes = await (await page.request.get(siteCard!)).body();
    expect(siteBytes.equals(card.bytes)).toBe(false);
  });

  test("any other path shows the public page at its own address, one page for all of them, which hydrates at each", async ({
    page,
    server,
  }) => {
    const { articles } = await publicContent(server);
    const article = latestArticle(articles)!;
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`console: ${message.text()}`);
    });
    const address = `/2019/old-story?article=${article.id}&utm_source=x`;
    const response = await page.goto(address);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${server.url}${address}`);
    await expect(page.getByRole("dialog").locator(".viewer-title")).toHaveText(article.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${server.url}/`);
    // One rendering serves every other path: it names none of them, and its links open the
    // viewer or the overlay at `/`.
    expect(await response!.text()).not.toContain("old-story");
    const hrefs = await page
      .locator("a.lp-read, a.lp-bar__opener")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(2);
    for (const href of hrefs) expect(href).toMatch(/^\/\?(article|portfolio)=/);
    await page.waitForLoadState("networkidle");

    // Another made-up path gets the page kept for the first one, and it hydrates there too: the
    // overlay opens at that address.
    expect((await page.request.get("/made-up/first")).status()).toBe(200);
    const other = await page.goto("/another/made-up/path");
    expect(other?.headers()["x-page-cache"]).toBe("hit");
    await page.locator(".lp-typed:not([data-phase='static'])").waitFor({ state: "attached" });
    await expect(page.locator(".lp-bar__opener--portfolio")).toHaveAttribute("href", "/?portfolio=1");
    await page.getByRole("link", { name: "PORTFOLIO", exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/another/made-up/path?portfolio=1`);
    await expect(page.getByRole("dialog", { name: "Portfolio" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("JSON-LD describes the Person and an ItemList of the articles", async ({ page, server }) => {
    const { site, articles } = await publicContent(server);
    await page.goto("/");
    const script = page.locator('script[type="application/ld+json"]');
    await expect(script).toHaveCount(1);
    const data = JSON.parse((await script.textContent()) ?? "") as {
      "@context": string;
      "@graph": Record<string, unknown>[];
    };
    expect(data["@context"]).toBe("https://schema.org");
    const person = data["@graph"].find((node) => node["@type"] === "Person")!;
    expect(person.name).toBe(site.name);
    expect(person.sameAs).toEqual([site.social.linkedin]);
    const list = data["@graph"].find((node) => node["@type"] === "ItemList")! as {
      itemListElement: { item: { headline: string } }[];
    };
    expect(list.itemListElement).toHaveLength(articles.length);
    expect(list.itemListElement[0]!.item.headline).toBe(latestArticle(articles)!.title);
  });

  test("JSON-LD cannot be broken out of by content", async ({ page, server }) => {
    const sneaky = "</script><script>window.__pwned = true</script>";
    const created = await server.api("/api/articles", {
      method: "POST",
      json: {
        title: sneaky,
        outlet: "Escape Test",
        url: "https://escape.example/x",
        date: "2000-01-01",
        description: "x",
      },
    });
    const { id } = (await created.json()) as { id: string };
    try {
      await page.goto("/");
      const script = page.locator('script[type="application/ld+json"]');
      await expect(script).toHaveCount(1);
      const text = (await script.textContent()) ?? "";
      expect(text).not.toContain("</script>");
      expect(JSON.stringify(JSON.parse(text))).toContain("window.__pwned");
      expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    } finally {
      await server.api(`/api/articles/${id}`, { method: "DELETE" });
    }
  });

  test("sitemap.xml, robots.txt and feed.xml answer with the right types", async ({ request, server }) => {
    const { articles } = await publicContent(server);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    expect(await sitemap.text()).toContain(`<loc>${server.url}/</loc>`);

    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const robotsText = await robots.text();
    expect(robotsText).toMatch(/^Disallow: \/admin$/m);
    expect(robotsText).toContain(`Sitemap: ${server.url}/sitemap.xml`);

    const feed = await request.get("/feed.xml");
    expect(feed.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const xml = await feed.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml.match(/<entry>/g)).toHaveLength(articles.length);
  });
});

test("the page runs under its strict Content-Security-Policy: every inline script is allowed by its hash, the same for every visitor, and nothing is refused", async ({
  page,
  request,
  server,
}) => {
  // No write may come between the two visitors: the pictures stored at start are one.
  await imagesWarmed(server);
  const refused = cspRefusals(page);
  const response = await page.goto("/");
  const csp = response!.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'|nonce/);
  const inline = await inlineHashes(page, 'script:not([src]):not([type="application/ld+json"])');
  expect(inline.length).toBeGreaterThan(0);
  for (const hash of inline) expect(csp).toContain(hash);
  await expect(page.locator(".lp-typed")).toHaveAttribute("data-phase", "done");
  expect(refused).toEqual([]);
  // Another visitor gets the same bytes and the same policy, so a shared cache can keep them.
  const again = await request.get("/");
  expect(again.headers()["content-security-policy"]).toBe(csp);
  // The same content: its ETag may end in another compression (Brotli 5 at once, 11 once recompressed).
  const content = (etag: string | undefined) => etag?.replace(/-(br|gz)\d+"$/, '"');
  expect(content(again.headers()["etag"])).toBe(content(response!.headers()["etag"]));
  expect(await again.text()).toBe(await response!.text());
});

test("nothing blocks the first paint: the page's styles come inline, each allowed by its hash, and the portrait is asked for first", async ({
  page,
}) => {
  const refused = cspRefusals(page);
  const response = await page.goto("/");
  const html = await response!.text();
  expect(html).not.toMatch(/<link\b[^>]*rel="stylesheet"/i);
  const csp = response!.headers()["content-security-policy"] ?? "";
  const styleSrc = directiveSources(csp, "style-src");
  expect(styleSrc.join(" ")).not.toMatch(/'unsafe-inline'|nonce/);
  const styles = await inlineHashes(page, "head style[data-href]");
  // The root's, the landing page's, and those it shares with the collection page.
  expect(styles.length).toBeGreaterThanOrEqual(3);
  for (const hash of styles) expect(styleSrc).toContain(hash);
  // Styled from the first paint: the top bar sticks, the paper colour is the page's.
  await expect(page.locator("header.lp-bar")).toHaveCSS("position", "sticky");
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(251, 249, 244)");
  // The portrait is the largest picture: its preload comes first in the document, at high priority,
  // with the same candidates and sizes as the picture, so each width fetches the file it shows.
  const preloads = html.match(/<link rel="preload"[^>]* as="image"[^>]*>/g) ?? [];
  expect(preloads[0]).toContain("portrait.jpg");
  expect(preloads[0]).toContain('fetchPriority="high"');
  expect(preloads.slice(1).join("")).not.toContain('fetchPriority="high"');
  const portrait = page.locator(".lp-profile__photo");
  await expect(portrait.locator("img")).toHaveAttribute("fetchpriority", "high");
  const sizes = await portrait.locator("source").getAttribute("sizes");
  const srcset = await portrait.locator("source").getAttribute("srcset");
  expect(preloads[0]).toContain(`imageSizes="${sizes}"`);
  expect(preloads[0]).toContain(`imageSrcSet="${srcset!.replaceAll("&", "&amp;")}"`);
  expect(refused).toEqual([]);
});

test("the page asks for no script until it has painted, then hydrates with React Router's own bootstrap, allowed by its hash", async ({
  page,
}) => {
  const refused = cspRefusals(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto("/");
  const html = await response!.text();
  // Nothing in the document the server sends makes the browser fetch or run a module before it paints.
  expect(html).not.toMatch(/<script\b[^>]*\b(?:type="module"|src=)/);
  expect(html).not.toMatch(/<link\b[^>]*rel="modulepreload"/);
  const held = [...html.matchAll(/<script type="text\/x-held-module"[^>]*>([\s\S]*?)<\/script>/g)];
  expect(held).toHaveLength(1);
  const bootstrap = held[0]![1]!;
  expect(bootstrap).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\)/);
  const scriptSrc = directiveSources(response!.headers()["content-security-policy"] ?? "", "script-src");
  expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(bootstrap).digest("base64")}'`);
  // Once painted, the starter puts the bootstrap back as a module and preloads what it imports.
  await page.locator(".lp-typed:not([data-phase='static'])").waitFor({ state: "attached" });
  await expect(page.locator('script[type="text/x-held-module"]')).toHaveCount(0);
  expect(scripts.some((path) => /^\/assets\/entry\.client-/.test(path))).toBe(true);
  expect(await page.locator('head link[rel="modulepreload"]').count()).toBeGreaterThan(5);
  expect(refused).toEqual([]);
});

test("the first load of / carries no validation library, nor does the viewer it fetches when idle: zod is for the server and the dashboard (decision 008)", async ({
  page,
}) => {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      scripts.push({ url: response.url(), body: response.text() });
  });
  // The page fetches the viewer's code once idle; waiting for it makes every script it loads unprompted part of the check.
  const viewer = page.waitForResponse((response) =>
    /\/assets\/article-viewer-[^/]*\.js$/.test(response.url()),
  );
  await gotoHydrated(page, "/");
  await viewer;
  const loaded = await Promise.all(scripts.map(async ({ url, body }) => ({ url, body: await body })));
  expect(loaded.some(({ url }) => url.includes("/article-viewer-"))).toBe(true);
  // zod's error class names survive minification, so they mark a file that carries the library.
  expect(loaded.filter(({ body }) => /\$ZodType|ZodError/.test(body)).map(({ url }) => url)).toEqual([]);
});

test("moving between the public page and the sign-in page in the browser keeps each styled, and nothing is refused", async ({
  page,
}) => {
  const refused = cspRefusals(page);
  type RouterWindow = { __reactRouterDataRouter: { navigate(to: string | number): Promise<void> } };
  await gotoHydrated(page, "/");
  await page.evaluate(() => (window as unknown as RouterWindow).__reactRouterDataRouter.navigate("/admin"));
  await expect(page.locator(".admin-auth")).toBeVisible();
  // The sign-in page's own styles are linked; the root's stay inline.
  await expect(page.locator(".admin-auth")).toHaveCSS("display", "grid");
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(251, 249, 244)");
  await page.evaluate(() => (window as unknown as RouterWindow).__reactRouterDataRouter.navigate("/"));
  await expect(page.locator("header.lp-bar")).toHaveCSS("position", "sticky");
  // Its styles come back from the first response's text (React Router may preload the file too).
  await expect(page.locator("head style[data-href*='/assets/landing-']")).toHaveCount(1);

  // The other way: a first visit to the sign-in page links every stylesheet, and the public page
  // reached from it links its own.
  await page.goto("/admin");
  await expect(page.locator("head style[data-href]")).toHaveCount(0);
  await expect(page.locator("head link[rel='stylesheet']")).not.toHaveCount(0);
  await page.locator(".admin-auth").waitFor();
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => (window as unknown as RouterWindow).__reactRouterDataRouter.navigate("/"));
  await expect(page.locator("header.lp-bar")).toHaveCSS("position", "sticky");
  expect(refused).toEqual([]);
});

test("the tab, a bookmark and a phone's home screen get the owner's icon", async ({ page }) => {
  await page.goto("/");
  const links = await page
    .locator('head link[rel="icon"], head link[rel="apple-touch-icon"], head link[rel="manifest"]')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLLinkElement).href));
  expect(links.map((href) => new URL(href).pathname)).toEqual([
    "/favicon.ico",
    "/favicon.svg",
    "/apple-touch-icon.png",
    "/site.webmanifest",
  ]);
  const types = [];
  for (const href of links) types.push((await page.request.get(href)).headers()["content-type"]);
  expect(types).toEqual(["image/x-icon", "image/svg+xml", "image/png", "application/manifest+json"]);
  // Chromium fetches the manifest's icons itself; every one of them must exist.
  const manifest = (await (await page.request.get("/site.webmanifest")).json()) as {
    icons: { src: string }[];
  };
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
});
