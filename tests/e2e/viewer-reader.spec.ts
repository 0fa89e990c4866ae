import type { Page } from "@playwright/test";
import {
  GONE,
  HOSTILE,
  LOCKED,
  PILOTS,
  STORED,
  expect,
  openViewer,
  test,
  viewer,
} from "./support/viewer-fixtures";
import { PWNED } from "./support/fake-publisher";
import { WIDTHS } from "./landing-support";
import { expectNoViolations } from "./support/axe";

/** The image cache's address for `url`, at some width and version (tests/e2e/responsive-images.spec.ts checks which). */
const cachedSrcPattern = (url: string) =>
  new RegExp(
    `^/api/images\\?url=${encodeURIComponent(url).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}&w=\\d+&f=base`,
  );

/** Collects the page's console errors and uncaught exceptions from now on. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

test.describe("article viewer: reader mode", () => {
  test("shows the spinner, then the extracted article with author, sub-headings and a link to the original", async ({
    page,
    world,
  }) => {
    // An address the server has never read, and the publisher holds its answer until we have seen the spinner.
    const address = `${world.publisher.url("/pilots")}?edition=${Date.now()}`;
    await world.movePilots(address);
    const release = world.publisher.hold("/pilots");
    try {
      await page.goto(`/?article=${world.ids.pilots}`);
      await expect(viewer(page).getByRole("status")).toHaveText("Loading article content...");
    } finally {
      release();
    }
    const dialog = viewer(page);

    await expect(dialog.getByRole("heading", { level: 2, name: PILOTS.title })).toBeVisible();
    await expect(dialog).toHaveAccessibleName(PILOTS.title);
    const reader = dialog.locator("article.reader");
    await expect(reader.locator(".reader-outlet")).toHaveText(PILOTS.outlet);
    await expect(reader.locator(".reader-date")).toHaveText("May 5, 2026");
    await expect(reader.getByText(`By ${PILOTS.author}`, { exact: true })).toBeVisible();
    await expect(reader.locator(".reader-excerpt")).toHaveText(PILOTS.description);
    await expect(reader.getByRole("heading", { level: 3 })).toHaveText(PILOTS.headings);
    for (const paragraph of PILOTS.paragraphs)
      await expect(reader.getByText(paragraph, { exact: true })).toBeVisible();

    const image = reader.locator(".reader-image img");
    await expect(image).toHaveAttribute("src", cachedSrcPattern(world.publisher.url("/pilots.jpg")));
    // The 632 px wide picture at this 1280 px viewport: the 640 px copy.
    await expect
      .poll(() =>
        image.evaluate(
          (img: HTMLImageElement) => img.naturalWidth > 0 && new URL(img.currentSrc).searchParams.get("w"),
        ),
      )
      .toBe("640");

    await expect(reader.getByText(`Originally published on ${PILOTS.outlet}`)).toBeVisible();
    const original = reader.getByRole("link", { name: "View Original" });
    await expect(original).toHaveAttribute("href", address);
    await expect(original).toHaveAttribute("target", "_blank");
    await expect(original).toHaveAttribute("rel", "noopener noreferrer");
    await world.movePilots(world.publisher.url("/pilots"));

    // Header: outlet, title, long US date; footer: position and mode.
    const header = dialog.locator(".viewer-header");
    await expect(header.locator(".viewer-outlet")).toHaveText(PILOTS.outlet);
    await expect(header.locator(".viewer-date")).toHaveText("May 5, 2026");
    await expect(dialog.locator(".viewer-count")).toHaveText("1 of 5");
    await expect(dialog.locator(".viewer-mode")).toHaveText("Reader Mode");
  });

  test("serves the owner's stored text without the publisher", async ({ page, world }) => {
    await openViewer(page, world.ids.stored);
    const reader = viewer(page).locator("article.reader");
    await expect(reader.getByRole("heading", { level: 2, name: STORED.title })).toBeVisible();
    await expect(reader.getByRole("heading", { level: 3 })).toHaveText("THE LETTERS");
    await expect(reader.getByText("a second pair of hands before the storms")).toBeVisible();
    await expect(reader.locator(".reader-image img")).toHaveAttribute(
      "src",
      cachedSrcPattern("/demo/harbour-dawn.jpg"),
    );
    expect(world.publisher.hits("/stored")).toBe(0);
  });

  test("a shared link to stored text arrives with the page: no spinner, no request, no hydration mismatch", async ({
    page,
    world,
  }) => {
    const problems = collectProblems(page);
    const readerRequests: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/articles\/[^/]+\/reader/.test(request.url())) readerRequests.push(request.url());
    });
    // Records whether reader mode's loading view ever appears, from the first parsed byte on.
    await page.addInitScript(() => {
      const seen = () => document.querySelector(".viewer-body-reader .viewer-status") !== null;
      new MutationObserver(() => {
        if (seen()) (window as unknown as Record<string, boolean>).__spinnerSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });

    await openViewer(page, world.ids.stored);
    const reader = viewer(page).locator("article.reader");
    await expect(reader.getByRole("heading", { level: 2, name: STORED.title })).toBeVisible();
    await expect(reader.getByText("a second pair of hands before the storms")).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as Record<string, boolean>).__spinnerSeen ?? false),
    ).toBe(false);
    expect(readerRequests).toEqual([]);
    expect(problems).toEqual([]);

    // Hydrated and working: the toggle responds, and reader mode comes back without a request.
    await viewer(page).getByRole("button", { name: "Original Site" }).click();
    await expect(viewer(page).locator(".viewer-mode")).toHaveText("Original Site");
    await viewer(page).getByRole("button", { name: "Reader Mode", exact: true }).click();
    await expect(reader.getByRole("heading", { level: 3 })).toHaveText("THE LETTERS");
    expect(readerRequests).toEqual([]);

    // Moving on reads the next article through the API as before; coming back needs no request.
    await viewer(page).getByRole("button", { name: "Previous Article" }).click();
    await expect(viewer(page).getByRole("heading", { level: 2, name: HOSTILE.title })).toBeVisible();
    expect(readerRequests).toHaveLength(1);
    await viewer(page).getByRole("button", { name: "Next Article" }).click();
    await expect(reader.getByRole("heading", { level: 2, name: STORED.title })).toBeVisible();
    expect(readerRequests).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test("a shared link to an article without its own text hydrates cleanly and loads it as before", async ({
    page,
    world,
  }) => {
    const problems = collectProblems(page);
    await openViewer(page, world.ids.pilots);
    const dialog = viewer(page);
    await expect(dialog.getByRole("heading", { level: 2, name: PILOTS.title })).toBeVisible();
    // The failure view kept for visitors without scripts is not in this page.
    await expect(dialog.getByText("Reading this article here needs JavaScript.")).toHaveCount(0);
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("shows the failure view when the publisher answers 404", async ({ page, world }) => {
    await openViewer(page, world.ids.gone);
    const failure = viewer(page).getByRole("alert");
    await expect(failure.getByRole("heading", { name: "Unable to Load Content" })).toBeVisible();
    await expect(failure).toContainText(
      "The article content could not be extracted. This may be due to the publisher's security settings.",
    );
    const link = failure.getByRole("link", { name: "Read Original Article" });
    await expect(link).toHaveAttribute("href", world.publisher.url("/gone"));
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(failure.getByText("Opens in a new tab", { exact: true })).toBeVisible();
    await expect(failure.getByText("Failed to fetch content: 404 Not Found")).toBeVisible();
    await expect(viewer(page).locator(".viewer-header .viewer-title")).toHaveText(GONE.title);
  });

  test("renders a hostile page as inert text: nothing runs, nothing dangerous reaches the DOM", async ({
    page,
    world,
  }) => {
    const dialogs: string[] = [];
    const errors: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on("pageerror", (error) => errors.push(error.message));

    await openViewer(page, world.ids.hostile);
    const reader = viewer(page).locator("article.reader");
    await expect(
      reader.getByText("Inspectors described the sea wall as failing in three places"),
    ).toBeVisible();
    // Markup written as text on the page stays visible text.
    await expect(
      reader.getByText("<script>window.__bylinePwned=1;alert('xss')</script> is written in this paragraph"),
    ).toBeVisible();
    await expect(reader.getByText("By Eve Mallory", { exact: true })).toBeVisible();

    const findings = await page.locator("dialog.viewer").evaluate((root) => {
      const found: string[] = [];
      for (const element of root.querySelectorAll("*")) {
        if (element.closest("svg.viewer-newtab")) continue; // our own decorative icon
        const tag = element.tagName.toLowerCase();
        if (
          ["script", "iframe", "object", "embed", "svg", "style", "form", "base", "meta", "link"].includes(
            tag,
          )
        ) {
          found.push(`<${tag}>`);
        }
        for (const attribute of element.attributes) {
          if (attribute.name.startsWith("on")) found.push(`${tag}[${attribute.name}]`);
          if (/^\s*(javascript|data|vbscript):/i.test(attribute.value))
            found.push(`${tag}[${attribute.name}=${attribute.value}]`);
        }
      }
      return found;
    });
    expect(findings).toEqual([]);

    // The original page may run in its sandboxed frame, but it cannot reach us or open dialogs.
    await viewer(page).getByRole("button", { name: "Original Site" }).click();
    const frame = page.frameLocator("iframe.viewer-frame");
    await expect(frame.getByRole("heading", { name: HOSTILE.title })).toBeVisible();
    expect(
      await page.evaluate((name) => (window as unknown as Record<string, unknown>)[name], PWNED),
    ).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });
});

for (const size of WIDTHS) {
  test.describe(`article viewer: a page with no article text at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("opens in reader mode with the article's description, or says the text could not be extracted", async ({
      page,
      world,
    }) => {
      world.publisher.route("/video", {
        body: "<!doctype html><html><head><title>Watch: the harbour at night</title></head><body><video></video><p>Watch.</p></body></html>",
      });
      const fields = {
        title: `Night-time harbour film ${size.width}`,
        outlet: "The Coast Gazette",
        url: `${world.publisher.url("/video")}?w=${size.width}`,
        // The oldest article, so the others keep their places.
        date: "2000-01-01",
        description: "A film of the harbour after dark, with the pilots' own commentary.",
      };
      const created = await world.server.api("/api/articles", { method: "POST", json: fields });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      try {
        await openViewer(page, id);
        const reader = viewer(page).locator("article.reader");
        await expect(reader.locator(".reader-fallback")).toHaveText(fields.description);
        // Said once, not again as the excerpt.
        await expect(reader.getByText(fields.description)).toHaveCount(1);
        await expect(viewer(page).getByRole("alert")).toHaveCount(0);
        await expect(viewer(page).getByText("Unable to Load Content")).toHaveCount(0);
        await expect(reader.getByRole("link", { name: "View Original" })).toBeVisible();
        await expectNoViolations(page, `reader with no article text at ${size.width} px`, {
          include: ["dialog.viewer"],
        });

        const put = await world.server.api(`/api/articles/${id}`, {
          method: "PUT",
          json: { ...fields, description: "" },
        });
        expect(put.status).toBe(200);
        await openViewer(page, id);
        await expect(viewer(page).locator(".reader-fallback")).toHaveText(
          "Article content could not be extracted.",
        );
        await expect(viewer(page).getByRole("alert")).toHaveCount(0);
      } finally {
        await world.server.api(`/api/articles/${id}`, { method: "DELETE" });
      }
    });
  });
}

test.describe("article viewer: original site", () => {
  test("frames a publisher that allows it, in the spec's sandbox", async ({ page, world }) => {
    await openViewer(page, world.ids.pilots);
    const dialog = viewer(page);
    await dialog.getByRole("button", { name: "Original Site" }).click();
    const frame = dialog.locator("iframe");
    await expect(frame).toHaveAttribute(
      "sandbox",
      "allow-scripts allow-same-origin allow-popups allow-forms",
    );
    await expect(frame).toHaveAttribute("src", world.publisher.url("/pilots"));
    await expect(page.frameLocator("iframe.viewer-frame").getByRole("heading", { level: 1 })).toHaveText(
      PILOTS.title,
    );
    await expect(dialog.locator(".viewer-mode")).toHaveText("Original Site");
    await expect(dialog.getByRole("button", { name: "Reader Mode" })).toBeVisible();
  });

  test("shows the fallback panel at once for a publisher that refuses framing, and 'Try Reader Mode' goes back", async ({
    page,
    world,
  }) => {
    await openViewer(page, world.ids.locked);
    const dialog = viewer(page);
    await expect(dialog.locator("article.reader")).toBeVisible();
    await dialog.getByRole("button", { name: "Original Site" }).click();

    const panel = dialog.locator(".viewer-fallback");
    await expect(
      panel.getByText(
        "This article cannot be displayed within the site due to the publisher's security settings.",
      ),
    ).toBeVisible();
    await expect(panel.getByRole("heading", { name: LOCKED.title })).toBeVisible();
    await expect(panel.getByText(LOCKED.description)).toBeVisible();
    await expect(panel.locator("img")).toHaveAttribute(
      "src",
      cachedSrcPattern(world.publisher.url("/locked.jpg")),
    );
    const open = panel.getByRole("link", { name: "Open Original Article" });
    await expect(open).toHaveAttribute("href", world.publisher.url("/locked"));
    await expect(open).toHaveAttribute("target", "_blank");
    await expect(open).toHaveAttribute("rel", "noopener noreferrer");
    await expect(dialog.locator("iframe")).toHaveCount(0);

    await panel.getByRole("button", { name: "Try Reader Mode" }).click();
    await expect(dialog.locator(".viewer-mode")).toHaveText("Reader Mode");
    await expect(dialog.getByRole("heading", { level: 2, name: LOCKED.title })).toBeVisible();
    await expect(dialog.getByText("Passengers' groups said the fine was welcome")).toBeVisible();
  });
});
