import { test as base, expect, type Page } from "@playwright/test";
import { photoJpeg } from "../support/sample-images";
import { openLanding } from "./landing-support";
import { startFakePublisher, type FakePublisher } from "./support/fake-publisher";
import { startServer, type TestServer } from "./support/test-server";

/**
 * Pictures through the image cache in several widths (docs/decisions/025-responsive-images.md):
 * an uploaded 4000x3000 phone photo as the portrait, and articles whose pictures come from a
 * fake publisher. The browser must pick by `sizes`, and `sizes` must match the layout.
 */

type World = { server: TestServer; publisher: FakePublisher; articleId: string };

const test = base.extend<object, { world: World }>({
  world: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const publisher = await startFakePublisher();
      const server = await startServer({ env: { FETCH_ALLOW_PRIVATE: "true" } });
      publisher.route("/photo.jpg", {
        headers: { "Content-Type": "image/jpeg" },
        body: await photoJpeg(1600, 1000),
      });
      const form = new FormData();
      form.append(
        "file",
        new Blob([new Uint8Array(await photoJpeg(4000, 3000))], { type: "image/jpeg" }),
        "phone.jpg",
      );
      const upload = await server.api("/api/uploads", { method: "POST", form });
      expect(upload.status).toBe(201);
      const { url: portrait } = (await upload.json()) as { url: string };
      expect((await server.api("/api/site", { method: "PUT", json: { heroImage: portrait } })).status).toBe(
        200,
      );
      const existing = (await (await server.api("/api/articles")).json()) as { id: string }[];
      for (const { id } of existing) await server.api(`/api/articles/${id}`, { method: "DELETE" });
      let articleId = "";
      for (const [index, title] of [
        "Harbour pilots",
        "Council budget",
        "River flood",
        "Ferry fines",
      ].entries()) {
        const response = await server.api("/api/articles", {
          method: "POST",
          json: {
            title,
            outlet: "The Coast Gazette",
            url: publisher.url(`/story-${index}`),
            date: `2026-05-0${5 - index}`,
            description: "A story with a picture.",
            content: "The harbour pilots wrote to the port authority about the night shifts on the estuary.",
            image: publisher.url("/photo.jpg"),
            featured: true,
          },
        });
        expect(response.status).toBe(201);
        articleId ||= ((await response.json()) as { id: string }).id;
      }
      await use({ server, publisher, articleId });
      await server.stop();
      await publisher.close();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ world }, use) => use(world.server.url),
});

/**
 * The server HTML of `/`, once the warm-up has stored the first pictures and pages link their
 * versions. The warm-up stores one picture after another, and each one stored changes the page:
 * a page with one versioned picture may still link the next without a version, so this waits
 * until every preloaded picture has one.
 */
async function versionedHtml(server: TestServer): Promise<string> {
  let html = "";
  await expect
    .poll(
      async () => {
        html = await (await fetch(server.url)).text();
        const preloads = html.match(/<link rel="preload"[^>]* as="image"[^>]*>/g) ?? [];
        const sources = html.match(/<source type="image\/webp" srcset="[^"]*&amp;v=/gi) ?? [];
        return (
          preloads.length > 0 && sources.length > 0 && preloads.every((link) => link.includes("&amp;v="))
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return html;
}

/** The width (`w=`) of the file the browser chose for the first image matching `selector`. */
async function chosenWidth(page: Page, selector: string): Promise<number> {
  const image = page.locator(selector).first();
  await expect(image).toHaveJSProperty("complete", true);
  const src = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
  expect(src).toContain("f=webp");
  return Number(new URL(src).searchParams.get("w"));
}

test("pages link every stored width with its version, and preload the first pictures by srcset", async ({
  world,
}) => {
  const html = await versionedHtml(world.server);
  const preloads = html.match(/<link rel="preload"[^>]* as="image"[^>]*>/g) ?? [];
  expect(preloads.length).toBeGreaterThan(0);
  for (const link of preloads) {
    expect(link).toMatch(/imagesrcset="[^"]*&amp;w=320&amp;f=webp&amp;v=[\w-]+ 320w, /i);
    expect(link).toMatch(/imagesizes="[^"]+"/i);
    expect(link).toContain('type="image/webp"');
  }
  expect(html).not.toMatch(/<img(?![^>]*srcset)[^>]* sizes=/i);
  // The uploaded photo is 4000 px wide: never offered wider than 1280.
  expect(html).toMatch(/%2Fuploads%2F[0-9a-f]{64}\.jpg&amp;w=1280&amp;f=webp&amp;v=[\w-]+ 1280w"/);
  expect(html).not.toMatch(/&amp;w=(4000|[2-9]\d{3})/);
});

test("the browser takes a smaller file for a narrower picture: the reader's at 375 px against 1280 px", async ({
  browser,
  world,
}) => {
  await versionedHtml(world.server);
  const widths: Record<number, number> = {};
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`/?article=${world.articleId}`);
    await expect(page.locator("dialog.viewer .reader-image img")).toBeVisible();
    widths[width] = await chosenWidth(page, "dialog.viewer .reader-image img");
    const portrait = page.locator(".lp-profile__photo img");
    expect(await portrait.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeLessThanOrEqual(
      1280,
    );
    await context.close();
  }
  expect(widths[375]).toBeLessThan(widths[1280]!);
});

/** Each picture's `sizes`, worked out for this viewport, against the width it is drawn at. */
async function sizesAgainstLayout(page: Page): Promise<{ image: string; sizes: number; drawn: number }[]> {
  return page.evaluate(() => {
    const probe = document.createElement("div");
    probe.style.position = "absolute";
    document.body.append(probe);
    const length = (value: string) => {
      probe.style.width = value;
      return probe.getBoundingClientRect().width;
    };
    const evaluate = (sizes: string) => {
      for (const entry of sizes.split(/,\s*(?![^()]*\))/)) {
        const match = /^(\(.*\))\s+(.+)$/.exec(entry.trim());
        if (!match) return length(entry.trim());
        if (window.matchMedia(match[1]!).matches) return length(match[2]!);
      }
      return Number.NaN;
    };
    const rows = [...document.querySelectorAll<HTMLImageElement>("picture img[sizes]")]
      .filter((image) => image.getBoundingClientRect().width > 0)
      .map((image) => ({
        image: image.closest("div[class], figure[class]")?.className ?? "",
        sizes: Math.round(evaluate(image.sizes)),
        drawn: Math.round(image.getBoundingClientRect().width),
      }));
    probe.remove();
    return rows;
  });
}

for (const width of [375, 768, 1280]) {
  test(`sizes matches the drawn width of every picture at ${width} px`, async ({ browser, world }) => {
    await versionedHtml(world.server);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const rows = [];
    await openLanding(page);
    rows.push(...(await sizesAgainstLayout(page)));
    await openLanding(page, "/?portfolio=1");
    await expect(page.locator("dialog.portfolio .pf-card__media img").first()).toBeVisible();
    rows.push(...(await sizesAgainstLayout(page)));
    await page.goto(`/?article=${world.articleId}`);
    await expect(page.locator("dialog.viewer .reader-image img")).toBeVisible();
    rows.push(...(await sizesAgainstLayout(page)));
    await context.close();
    const kinds = new Set(rows.map((row) => row.image));
    for (const kind of [
      "lp-profile__photo",
      "lp-lead__image",
      "lp-secondary__image",
      "lp-work__image",
      "pf-card__media",
      "reader-image",
    ]) {
      expect(
        [...kinds].some((name) => name.includes(kind)),
        kind,
      ).toBe(true);
    }
    // Never more than 2% narrower than drawn (the picture would be blurred), and at most 10% wider
    // (the two secondary pictures differ by a border; the browser chooses among widths 160 px apart or more).
    const wrong = rows.filter((row) => row.sizes < row.drawn * 0.98 - 1 || row.sizes > row.drawn * 1.1 + 4);
    expect(wrong).toEqual([]);
  });
}

test("when the cached copies fail, the picture falls back to the original address", async ({
  page,
  world,
}) => {
  await versionedHtml(world.server);
  await page.route("**/api/images?**", (route) => route.abort());
  await page.goto("/");
  const portrait = page.locator(".lp-profile__photo img");
  await expect(portrait).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{64}\.jpg$/);
  await expect(portrait).not.toHaveAttribute("srcset");
  await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4000);
});
