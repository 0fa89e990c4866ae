import type { Page } from "@playwright/test";
import { COLLECTION_SECTIONS, expanded, openSection, test as ownerTest } from "./admin-helpers";
import { WIDTHS, openLanding } from "./landing-support";
import { expectNoViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { GONE, LOCKED, PILOTS, openViewer, test as viewerTest, viewer } from "./support/viewer-fixtures";

/**
 * Every page and state a visitor or the owner can reach, scanned with axe-core against WCAG 2.2
 * A/AA (support/axe.ts). Zero violations is the bar; each failure prints the rule, the element
 * and what is wrong with it.
 */

/** `aria-expanded` on the contact toggle says the panel is open. */
async function openContactForm(page: Page) {
  const contact = page.locator("#contact");
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(contact.getByRole("button", { name: "Hide Form" })).toHaveAttribute("aria-expanded", "true");
  await expect(contact.getByLabel("Name", { exact: true })).toBeFocused();
}

for (const size of WIDTHS) {
  test.describe(`public pages, ${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the landing page", async ({ page }) => {
      await openLanding(page);
      await expectNoViolations(page, `/ at ${size.width}px`);
    });

    test("the landing page scrolled down: compact bar and back-to-top button", async ({ page }) => {
      await openLanding(page);
      await page.evaluate(() => window.scrollTo({ top: 1200, behavior: "instant" }));
      await expect(page.locator("header.lp-bar")).toHaveAttribute("data-compact", "true");
      await expect(page.getByRole("button", { name: "Back to top" })).toBeVisible();
      await expectNoViolations(page, `/ scrolled at ${size.width}px`);
    });

    test("the portfolio overlay, with a dropdown open", async ({ page }) => {
      await openLanding(page);
      await page.getByRole("link", { name: "PORTFOLIO", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Portfolio" });
      await expect(dialog).toBeVisible();
      await page.waitForFunction(
        () => document.querySelector("dialog.portfolio")?.matches(":modal") === true,
      );
      await expect(dialog.getByRole("article").first()).toBeVisible();
      await expectNoViolations(page, `portfolio overlay at ${size.width}px`);

      await dialog.getByRole("button", { name: /^Publication\b/ }).click();
      await expect(dialog.getByRole("listbox", { name: "Publication" })).toBeVisible();
      await expectNoViolations(page, `portfolio overlay, publication list open, at ${size.width}px`);
    });

    test("the contact form", async ({ page }) => {
      await openLanding(page);
      await openContactForm(page);
      await expectNoViolations(page, `contact form open at ${size.width}px`);
    });
  });
}

test("a publication list long enough to scroll", async ({ page, server }) => {
  const ids: string[] = [];
  try {
    for (let n = 1; n <= 12; n++) {
      const response = await server.api("/api/articles", {
        method: "POST",
        json: {
          title: `Outlet check ${n}`,
          outlet: `Outlet ${String(n).padStart(2, "0")}`,
          url: `https://outlets.example/${n}`,
        },
      });
      ids.push(((await response.json()) as { id: string }).id);
    }
    await openLanding(page, "/?portfolio=1");
    const dialog = page.getByRole("dialog", { name: "Portfolio" });
    await dialog.getByRole("button", { name: /^Publication\b/ }).click();
    const list = dialog.getByRole("listbox", { name: "Publication" });
    await expect(list).toBeFocused();
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await expectNoViolations(page, "portfolio overlay, a scrolling publication list open", {
      include: ["dialog.portfolio"],
    });
  } finally {
    for (const id of ids) await server.api(`/api/articles/${id}`, { method: "DELETE" });
  }
});

test("the contact form's error message and its thank-you panel", async ({ page, server }) => {
  await openLanding(page);
  await openContactForm(page);
  const contact = page.locator("#contact");
  const subject = `Accessibility check ${Date.now().toString(36)}`;
  await contact.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await contact.getByLabel("Email", { exact: true }).fill("ada@example.org");
  await contact.getByLabel("Subject", { exact: true }).fill(subject);
  await contact.getByLabel("Message", { exact: true }).fill("Checking the thank-you panel.");

  // A failed send first: the error stays on the form.
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"error":{"code":"boom","message":"Server error"}}',
    }),
  );
  await contact.locator("form").getByRole("button", { name: "Send Message" }).click();
  await expect(contact.getByText("✗ Failed to send. Please try again.")).toBeVisible();
  await expectNoViolations(page, "contact form with its error message");
  await page.unroute("**/api/contact");

  await contact.locator("form").getByRole("button", { name: "Send Message" }).click();
  await expect(contact.getByRole("heading", { name: "Thank you for reaching out!" })).toBeFocused();
  await expectNoViolations(page, "contact thank-you panel");

  const { messages } = (await (await server.api("/api/messages")).json()) as {
    messages: { id: string; subject: string }[];
  };
  for (const message of messages.filter((m) => m.subject === subject)) {
    await server.api(`/api/messages/${message.id}`, { method: "DELETE" });
  }
});

test.describe("sign-in pages", () => {
  test("/admin", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expectNoViolations(page, "/admin");
  });

  test("/admin with a sign-in error", async ({ page }) => {
    await page.goto("/admin");
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("not the password at all");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoViolations(page, "/admin with an error");
  });

  test("/admin/setup", async ({ page }) => {
    await page.goto("/admin/setup?token=not-a-token");
    await expect(page.getByRole("heading", { name: "Set up your site" })).toBeVisible();
    await expectNoViolations(page, "/admin/setup");
  });
});

viewerTest.describe("article viewer", () => {
  for (const size of WIDTHS) {
    viewerTest.describe(`${size.name} (${size.width} px)`, () => {
      viewerTest.use({ viewport: { width: size.width, height: size.height } });

      viewerTest("reader mode", async ({ page, world }) => {
        await openViewer(page, world.ids.pilots);
        await expect(viewer(page).getByRole("heading", { level: 2, name: PILOTS.title })).toBeVisible();
        await expectNoViolations(page, `viewer, reader mode, at ${size.width}px`);
      });

      viewerTest("original-site mode: the framed page", async ({ page, world }) => {
        await openViewer(page, world.ids.pilots);
        await viewer(page).getByRole("button", { name: "Original Site" }).click();
        await expect(page.frameLocator("iframe.viewer-frame").getByRole("heading", { level: 1 })).toHaveText(
          PILOTS.title,
        );
        await expect(viewer(page).locator("iframe.viewer-frame")).toHaveAccessibleName(
          `Original article: ${PILOTS.title}`,
        );
        // The framed document is the publisher's page, not ours (its small "Most read" links fail
        // target-size at phone width): the scan covers our page and the frame element, not the
        // page inside it.
        await expectNoViolations(page, `viewer, original site, at ${size.width}px`, {
          exclude: [["iframe.viewer-frame", "body"]],
        });
      });

      viewerTest("original-site mode: the fallback panel", async ({ page, world }) => {
        await openViewer(page, world.ids.locked);
        await viewer(page).getByRole("button", { name: "Original Site" }).click();
        await expect(
          viewer(page).locator(".viewer-fallback").getByRole("heading", { name: LOCKED.title }),
        ).toBeVisible();
        await expectNoViolations(page, `viewer, original-site fallback, at ${size.width}px`);
      });

      viewerTest("reader mode: the failure view", async ({ page, world }) => {
        await openViewer(page, world.ids.gone);
        await expect(
          viewer(page).getByRole("alert").getByRole("heading", { name: "Unable to Load Content" }),
        ).toBeVisible();
        await expect(viewer(page).locator(".viewer-header .viewer-title")).toHaveText(GONE.title);
        await expectNoViolations(page, `viewer, failure view, at ${size.width}px`);
      });
    });
  }

  viewerTest("opened by 'Read article' on the page", async ({ page }) => {
    await page.goto("/");
    await page
      .locator("#features")
      .getByRole("link", { name: /^Read article/ })
      .first()
      .click();
    await expect(page.locator("dialog.viewer:modal")).toBeVisible();
    await expect(viewer(page).locator("article.reader, .viewer-failure")).toBeVisible();
    await expectNoViolations(page, "viewer opened by 'Read article'");
  });
});

for (const size of WIDTHS) {
  ownerTest.describe(`dashboard, ${size.name} (${size.width} px)`, () => {
    ownerTest.use({ viewport: { width: size.width, height: size.height } });

    for (const { section, heading } of COLLECTION_SECTIONS) {
      ownerTest(`${heading} with an item expanded`, async ({ page }) => {
        await openSection(page, section, heading);
        await page.locator(".items > li .item__toggle").first().click();
        await expect(expanded(page)).toBeVisible();
        await expectNoViolations(page, `${heading} at ${size.width}px`);
      });
    }

    ownerTest("Settings", async ({ page }) => {
      await openSection(page, "settings", "Settings");
      await expect(page.getByLabel("Tagline")).toBeVisible();
      await expectNoViolations(page, `Settings at ${size.width}px`);
    });

    ownerTest("Readers", async ({ page }) => {
      await openSection(page, "readers", "Readers");
      await expect(page.locator(".readers__note")).toBeVisible();
      await expectNoViolations(page, `Readers at ${size.width}px`);
    });

    ownerTest("Media", async ({ page }) => {
      await openSection(page, "media", "Media");
      await expect(page.locator(".media .list-tab__summary")).toBeVisible();
      await expectNoViolations(page, `Media at ${size.width}px`);
    });

    ownerTest("Messages with a message", async ({ page, server }) => {
      const subject = `Accessibility inbox ${size.width} ${Date.now().toString(36)}`;
      const sent = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify({
          name: "Grace Hopper",
          email: "grace@example.org",
          subject,
          message: "A tip for the inbox.",
        }),
      });
      expect(sent.status).toBe(201);
      try {
        await openSection(page, "messages", "Messages");
        await expect(page.getByRole("article").filter({ hasText: subject })).toBeVisible();
        await expectNoViolations(page, `Messages at ${size.width}px`);
      } finally {
        const { messages } = (await (await server.api("/api/messages")).json()) as {
          messages: { id: string; subject: string }[];
        };
        for (const message of messages.filter((m) => m.subject === subject)) {
          await server.api(`/api/messages/${message.id}`, { method: "DELETE" });
        }
      }
    });
  });
}
