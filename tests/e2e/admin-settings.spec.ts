import type { Page } from "@playwright/test";
import {
  expect,
  expectRequired,
  expectToast,
  failSectionReloads,
  openSection,
  test,
  unique,
} from "./admin-helpers";
import { WIDTHS } from "./landing-support";
import { expectNoViolations } from "./support/axe";

const openSettings = (page: Page) => openSection(page, "settings", "Settings");

test.describe("settings manager", () => {
  test("shows every setting with its label, and Save and Reset are disabled until an edit", async ({
    page,
  }) => {
    await openSettings(page);
    for (const label of [
      "Location",
      "Tagline",
      "Latest article URL",
      "Profession 1",
      "Profession 2",
      "About",
      "LinkedIn",
      "Email",
      "Owner name",
      "Strapline",
      "Your photo",
      "Site icon",
      "Reply promise",
      "Blocked senders",
      "Bylines",
      "Languages you write in",
      "E-mail me when new clips wait (at most once a day)",
    ]) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("group", { name: "Featured outlets" })).toBeVisible();
    await expect(page.getByLabel("About", { exact: true })).toHaveAttribute("rows", "8");
    await expect(page.getByLabel("Latest article URL")).toHaveAttribute("type", "url");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    await expectRequired(page.locator("form.settings"), "Owner name");
    await expect(page.getByLabel("Location")).toHaveValue("London & the Wend Valley");
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Reset" })).toBeDisabled();
    await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  });

  test("saves edits with 'Settings saved successfully' and reload shows them", async ({ page }) => {
    await openSettings(page);
    const tagline = unique("Reporting from the river towns");
    await page.getByLabel("Tagline").fill(tagline);
    await page.getByLabel("Profession 2").fill("Data Reporter");
    await expect(page.getByText("Unsaved changes")).toBeVisible();
    const outlets = page.getByRole("group", { name: "Featured outlets" });
    await outlets.getByRole("button", { name: "Add outlet" }).click();
    await expect(outlets.getByLabel("Featured outlets 6")).toBeFocused();
    await page.keyboard.type("Wend Valley Times");
    await outlets.getByRole("button", { name: "Move outlet 6 up" }).click();
    await outlets.getByRole("button", { name: "Remove outlet 1" }).click();
    await page.getByLabel("Blocked senders").fill("spam@example.net\n\n@junk.example");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Settings saved successfully");
    await expect(page.getByText("Unsaved changes")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();

    await page.reload();
    await expect(page.getByLabel("Tagline")).toHaveValue(tagline);
    await expect(page.getByLabel("Profession 1")).toHaveValue("Freelance Journalist");
    await expect(page.getByLabel("Profession 2")).toHaveValue("Data Reporter");
    await expect(outlets.getByLabel("Featured outlets 1")).toHaveValue("Northgate Courier");
    await expect(outlets.getByLabel("Featured outlets 4")).toHaveValue("Wend Valley Times");
    await expect(outlets.getByLabel(/^Featured outlets \d$/)).toHaveCount(5);
    await expect(page.getByLabel("Blocked senders")).toHaveValue("spam@example.net\n@junk.example");
  });

  test("Reset reverts to the saved values with 'Changes reverted'", async ({ page }) => {
    await openSettings(page);
    await page.getByLabel("Location").fill("Somewhere else");
    await page.getByLabel("About", { exact: true }).fill("A different biography.");
    await page.getByRole("button", { name: "Reset" }).click();
    await expectToast(page, "Changes reverted");
    await expect(page.getByLabel("Location")).toHaveValue("London & the Wend Valley");
    await expect(page.getByLabel("About", { exact: true })).toHaveValue(
      /^Morgan Hale is a fictional freelance journalist/,
    );
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  test("a toast stays for 3 seconds, then goes", async ({ page }) => {
    await page.clock.install();
    await openSettings(page);
    // The installed clock follows real time until paused: pause it, so a slow machine cannot
    // spend the toast's 3 seconds between the click and the first look.
    await page.clock.pauseAt(Date.now() + 5000);
    await page.getByLabel("Location").fill("Somewhere else");
    await page.getByRole("button", { name: "Reset" }).click();
    const toast = page.getByRole("status").getByText("Changes reverted", { exact: true });
    await expect(toast).toBeVisible();
    await page.clock.runFor(2900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(200);
    await expect(toast).toHaveCount(0);
  });

  test("a refused save keeps the edits and shows 'Failed to save settings' with the field's message", async ({
    page,
  }) => {
    await openSettings(page);
    await page.getByLabel("Email", { exact: true }).fill("not an address");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Failed to save settings", "alert");
    await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not an address");
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
    await expect(page.getByText("Unsaved changes")).toBeVisible();
  });

  test("the clip watch's bylines, writing languages and e-mail switch are saved with the settings", async ({
    page,
    server,
  }) => {
    await openSettings(page);
    const bylines = page.getByLabel("Bylines", { exact: true });
    await expect(bylines).toHaveRole("textbox");
    await expect(page.getByText("Defaults to your name (Morgan Hale).", { exact: false })).toBeVisible();
    const emails = page.getByLabel("E-mail me when new clips wait (at most once a day)");
    await expect(emails).toBeChecked();

    await bylines.fill("Morgan Hale\n\n  M. Hale ");
    await page.getByLabel("Languages you write in").fill("en, pt-BR");
    await emails.uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Settings saved successfully");
    const site = await (await server.api("/api/site")).json();
    expect(site).toMatchObject({
      bylines: ["Morgan Hale", "M. Hale"],
      writingLanguages: ["en", "pt-BR"],
      clipEmails: false,
    });

    await page.reload();
    await expect(bylines).toHaveValue("Morgan Hale\nM. Hale");
    await expect(page.getByLabel("Languages you write in")).toHaveValue("en, pt-BR");
    await expect(emails).not.toBeChecked();
    // Visitors never see them.
    const visitor = await (await fetch(`${server.url}/api/site`)).json();
    expect(visitor).not.toHaveProperty("bylines");

    await page.getByLabel("Languages you write in").fill("en, Portuguese!");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Failed to save settings", "alert");
    await expect(page.getByText("Entry 2: Use a language code such as en or pt-BR")).toBeVisible();
    await expect(page.getByLabel("Languages you write in")).toBeFocused();
  });

  test("Save merges: a change made elsewhere meanwhile to another field is kept", async ({
    page,
    server,
  }) => {
    await openSettings(page);
    const tagline = unique("Local edit");
    await page.getByLabel("Tagline").fill(tagline);
    const location = unique("Changed in another tab");
    await server.api("/api/site", { method: "PUT", json: { hero: { location } } });
    await expect(page.getByLabel("Location")).toHaveValue(location);
    await expect(page.getByLabel("Tagline")).toHaveValue(tagline);

    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Settings saved successfully");
    const site = await (await server.api("/api/site")).json();
    expect(site.hero).toMatchObject({ location, tagline });
  });

  test("a failed re-read shows 'Failed to load settings' and keeps the form", async ({ page, server }) => {
    await openSettings(page);
    await page.getByLabel("Tagline").fill("Still here");
    await failSectionReloads(page, "settings");
    await server.api("/api/site", { method: "PUT", json: { strapline: unique("Strapline") } });
    await expectToast(page, "Failed to load settings", "alert");
    await expect(page.getByLabel("Tagline")).toHaveValue("Still here");
  });

  test("signed out, a section's own data request is redirected and reveals nothing", async ({
    playwright,
    server,
  }) => {
    await server.api("/api/site", { method: "PUT", json: { blockList: ["secret-sender@example.net"] } });
    const anonymous = await playwright.request.newContext({
      baseURL: server.url,
      storageState: { cookies: [], origins: [] },
    });
    for (const section of ["settings", "experiences", "education", "articles"]) {
      const response = await anonymous.get(
        `/admin/dashboard/${section}.data?_routes=routes%2Fadmin-${section}`,
        {
          maxRedirects: 0,
        },
      );
      const body = await response.text();
      expect(body).toContain("/admin?redirectTo=");
      expect(body).not.toContain("secret-sender@example.net");
      expect(body).not.toContain("createdAt");
    }
    await anonymous.dispose();
  });
});

for (const size of WIDTHS) {
  test.describe(`featured outlets at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the editor takes more than 8 outlets, and the Publications list shows the first 8", async ({
      page,
      server,
    }) => {
      await openSettings(page);
      const outlets = page.getByRole("group", { name: "Featured outlets" });
      await expect(outlets.getByText("The Publications list shows the first 8.")).toBeVisible();
      const existing = await outlets.getByLabel(/^Featured outlets \d+$/).count();
      const added = Array.from({ length: 10 - existing }, (_, i) => unique(`Outlet ${existing + i + 1}`));
      for (const [index, name] of added.entries()) {
        await outlets.getByRole("button", { name: "Add outlet" }).click();
        await expect(outlets.getByLabel(`Featured outlets ${existing + index + 1}`)).toBeFocused();
        await page.keyboard.type(name);
      }
      await expectNoViolations(page, `settings with 10 outlets at ${size.width} px`, {
        include: ["form.settings"],
      });
      await page.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Settings saved successfully");

      const site = (await (await server.api("/api/site")).json()) as { featuredOutlets: string[] };
      expect(site.featuredOutlets).toHaveLength(10);
      expect(site.featuredOutlets.slice(existing)).toEqual(added);
      await page.reload();
      await expect(outlets.getByLabel(/^Featured outlets \d+$/)).toHaveCount(10);

      await page.goto("/#features");
      const shown = page.locator(".lp-publications li");
      await expect(shown).toHaveText(site.featuredOutlets.slice(0, 8));
      await expect(page.locator(".lp-publications")).not.toContainText(site.featuredOutlets[9]!);
    });
  });
}
