import type { Page } from "@playwright/test";
import {
  addEntry,
  expanded,
  expect,
  expectRequired,
  expectSaveRefused,
  expectToast,
  EXPERIENCES,
  item,
  MONTHS,
  openSection,
  OWNER,
  saveAndReopen,
  test,
  unique,
} from "./admin-helpers";

const now = new Date();
const YEAR = now.getUTCFullYear();
const MONTH = MONTHS[now.getUTCMonth()]!;

const openExperiences = (page: Page) => openSection(page, EXPERIENCES.section, EXPERIENCES.heading);

test.describe("experiences manager", () => {
  test("the experiences manager keeps its address (the dashboard index is Home)", async ({ page }) => {
    await page.goto("/admin/dashboard/experiences");
    await expect(page.getByRole("heading", { name: "Experiences", level: 2 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Experiences" })).toHaveAttribute("aria-current", "page");
  });

  test("adds an experience with the defaults, pinned on top until it is saved and sorted", async ({
    page,
  }) => {
    const entry = await addEntry(page, EXPERIENCES);
    await expect(entry.getByText("New experience - Save to sort chronologically")).toBeVisible();
    await expect(entry.getByLabel("Role", { exact: true })).toHaveValue("New Role");
    await expect(entry.getByLabel("Role", { exact: true })).toBeFocused();
    await expect(entry.getByLabel("Organization")).toHaveValue("Organization");
    await expect(entry.getByLabel("Type")).toHaveValue("");
    await expect(entry.getByLabel("Currently working here")).toBeChecked();
    await expect(entry.getByTestId("duration-text")).toHaveText(`${MONTH} ${YEAR} - Present · 1 mo`);
    await expect(entry.getByRole("button", { name: "Save" })).toBeDisabled();

    const role = unique("Archive researcher");
    await entry.getByLabel("Role", { exact: true }).fill(role);
    await expect(entry.getByText("Unsaved changes")).toBeVisible();
    await entry.getByLabel("Start year").selectOption(String(YEAR - 19));
    await entry.getByLabel("Start month").selectOption("Feb");
    await entry.getByLabel("Currently working here").uncheck();
    await entry.getByLabel("End year").selectOption(String(YEAR - 18));
    await entry.getByLabel("End month").selectOption("Jan");
    await expect(entry.getByTestId("duration-text")).toHaveText(`Feb ${YEAR - 19} - Jan ${YEAR - 18} · 1 yr`);
    await entry.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Experience saved");

    // Once the list has been re-read, the old role takes its place below the recent ones.
    const saved = item(page, role);
    await expect(saved.getByText("New experience - Save to sort chronologically")).toHaveCount(0);
    await expect(page.locator(".items > li").first()).not.toContainText(role);
    await expect(saved.getByText("Unsaved changes")).toHaveCount(0);

    await page.reload();
    await item(page, role).getByRole("button", { name: role }).click();
    const reloaded = expanded(page);
    await expect(reloaded.getByLabel("Role", { exact: true })).toHaveValue(role);
    await expect(reloaded.getByLabel("Start year")).toHaveValue(String(YEAR - 19));
    await expect(reloaded.getByLabel("End year")).toHaveValue(String(YEAR - 18));
    await expect(reloaded.getByLabel("Currently working here")).not.toBeChecked();
    await expect(reloaded.getByTestId("duration-text")).toHaveText(
      `Feb ${YEAR - 19} - Jan ${YEAR - 18} · 1 yr`,
    );
    await expect(reloaded.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  test("'Currently working here', the month and the 20 year choices rebuild the duration", async ({
    page,
  }) => {
    const entry = await addEntry(page, EXPERIENCES);

    const years = Array.from({ length: 20 }, (_, i) => String(YEAR - i));
    await expect(entry.getByLabel("Start year").locator("option")).toHaveText(years);
    await expect(entry.getByLabel("End year").locator("option")).toHaveText(years);
    await expect(entry.getByLabel("Start month").locator("option")).toHaveText(MONTHS);
    await expect(entry.getByLabel("End month").locator("option")).toHaveText(MONTHS);

    // Ticked: the end controls are disabled and the duration runs to 'Present'.
    await expect(entry.getByLabel("End month")).toBeDisabled();
    await expect(entry.getByLabel("End year")).toBeDisabled();
    await entry.getByLabel("Start month").selectOption("Jan");
    await entry.getByLabel("Start year").selectOption(String(YEAR - 1));
    const monthsSoFar = 12 + now.getUTCMonth() + 1;
    const length =
      monthsSoFar % 12 === 0 ? "1 yr" : `1 yr ${monthsSoFar - 12 === 1 ? "1 mo" : `${monthsSoFar - 12} mos`}`;
    await expect(entry.getByTestId("duration-text")).toHaveText(`Jan ${YEAR - 1} - Present · ${length}`);

    // Unticked: the end becomes the current month and year, and the controls are enabled.
    await entry.getByLabel("Currently working here").uncheck();
    await expect(entry.getByLabel("End month")).toBeEnabled();
    await expect(entry.getByLabel("End year")).toBeEnabled();
    await expect(entry.getByLabel("End month")).toHaveValue(String(now.getUTCMonth()));
    await expect(entry.getByLabel("End year")).toHaveValue(String(YEAR));
    await expect(entry.getByTestId("duration-text")).toHaveText(
      `Jan ${YEAR - 1} - ${MONTH} ${YEAR} · ${length}`,
    );

    // Every change of the controls rebuilds the text.
    await entry.getByLabel("End year").selectOption(String(YEAR - 1));
    await entry.getByLabel("End month").selectOption("Mar");
    await expect(entry.getByTestId("duration-text")).toHaveText(`Jan ${YEAR - 1} - Mar ${YEAR - 1} · 3 mos`);
    await entry.getByLabel("End month").selectOption("Jan");
    await expect(entry.getByTestId("duration-text")).toHaveText(`Jan ${YEAR - 1} - Jan ${YEAR - 1} · 1 mo`);
    await entry.getByLabel("Start year").selectOption(String(YEAR - 3));
    await entry.getByLabel("End year").selectOption(String(YEAR - 1));
    await entry.getByLabel("End month").selectOption("Jun");
    await expect(entry.getByTestId("duration-text")).toHaveText(
      `Jan ${YEAR - 3} - Jun ${YEAR - 1} · 2 yrs 6 mos`,
    );

    await entry.getByLabel("Currently working here").check();
    await expect(entry.getByLabel("End month")).toBeDisabled();
    await expect(entry.getByTestId("duration-text")).toContainText(`Jan ${YEAR - 3} - Present · `);
  });

  test("Role and Organization carry the required marker; the other fields do not", async ({ page }) => {
    const entry = await addEntry(page, EXPERIENCES);
    await expectRequired(entry, "Role");
    await expectRequired(entry, "Organization");
    await expectRequired(entry, "Type", false);
  });

  test("a refused save keeps the draft, shows the field's message and the error toast", async ({ page }) => {
    const entry = await addEntry(page, EXPERIENCES);
    await entry.getByLabel("Organization").fill("");
    await expectSaveRefused(page, entry, EXPERIENCES, ["Organization is required"]);
    await expect(entry.getByLabel("Organization")).toHaveValue("");
    await expect(entry.getByLabel("Organization")).toHaveAttribute("aria-invalid", "true");
    await expect(entry.getByLabel("Organization")).toBeFocused();

    // Fixing it saves, and the message goes.
    const organization = unique("Fixed Gazette");
    await entry.getByLabel("Organization").fill(organization);
    await entry.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Experience saved");
    await expect(page.getByText("Organization is required")).toHaveCount(0);
  });

  test("edits stay local: Discard reverts with 'Changes reverted', collapsing keeps the draft", async ({
    page,
  }) => {
    const entry = await addEntry(page, EXPERIENCES);
    const role = unique("Draft role");
    await entry.getByLabel("Role", { exact: true }).fill(role);
    await expect(entry.getByText("Unsaved changes")).toBeVisible();

    // Collapse and open again: one open at a time, and the draft is still there.
    await entry.getByRole("button", { name: role }).click();
    await expect(expanded(page)).toHaveCount(0);
    await expect(item(page, role).getByText("Unsaved changes")).toBeVisible();
    await item(page, role).getByRole("button", { name: role }).click();
    await expect(expanded(page).getByLabel("Role", { exact: true })).toHaveValue(role);

    await expanded(page).getByRole("button", { name: "Discard changes" }).click();
    await expectToast(page, "Changes reverted");
    await expect(expanded(page).getByLabel("Role", { exact: true })).toHaveValue("New Role");
    await expect(expanded(page).getByRole("button", { name: "Save" })).toBeDisabled();
  });

  test("only one experience is expanded at a time", async ({ page }) => {
    await openExperiences(page);
    const toggles = page.locator(".items > li .item__toggle");
    await toggles.nth(0).click();
    await expect(toggles.nth(0)).toHaveAttribute("aria-expanded", "true");
    await toggles.nth(1).click();
    await expect(toggles.nth(1)).toHaveAttribute("aria-expanded", "true");
    await expect(toggles.nth(0)).toHaveAttribute("aria-expanded", "false");
    await expect(expanded(page)).toHaveCount(1);
  });

  test("bullets and links are added, reordered and removed with buttons, by keyboard", async ({ page }) => {
    const entry = await addEntry(page, EXPERIENCES);
    const role = unique("Lists role");
    await entry.getByLabel("Role", { exact: true }).fill(role);

    await entry.getByRole("button", { name: "Add bullet" }).click();
    await expect(entry.getByLabel("Bullets 1")).toBeFocused();
    await page.keyboard.type("First bullet");
    await entry.getByRole("button", { name: "Add bullet" }).press("Enter");
    await expect(entry.getByLabel("Bullets 2")).toBeFocused();
    await page.keyboard.type("Second bullet");
    await entry.getByRole("button", { name: "Add bullet" }).click();
    await entry.getByLabel("Bullets 3").fill("Third bullet");

    await entry.getByRole("button", { name: "Move bullet 3 up" }).press("Enter");
    await expect(entry.getByRole("button", { name: "Move bullet 2 up" })).toBeFocused();
    await expect(entry.getByLabel("Bullets 2")).toHaveValue("Third bullet");
    await entry.getByRole("button", { name: "Move bullet 1 down" }).click();
    await entry.getByRole("button", { name: "Remove bullet 3" }).click();
    await expect(entry.getByLabel(/^Bullets \d$/)).toHaveCount(2);

    await entry.getByRole("button", { name: "Add link" }).click();
    const link = entry.getByRole("group", { name: "Link 1" });
    await link.getByLabel("Label").fill("Portfolio page");
    await link.getByLabel("URL").fill("https://example.com/portfolio");
    await expect(link.getByLabel("URL")).toHaveAttribute("type", "url");
    await entry.getByRole("button", { name: "Add link" }).click();
    await entry.getByRole("group", { name: "Link 2" }).getByLabel("Label").fill("Second link");
    await entry.getByRole("group", { name: "Link 2" }).getByLabel("URL").fill("https://example.com/second");
    await entry.getByRole("button", { name: "Move link 2 up" }).click();

    const reloaded = await saveAndReopen(page, entry, EXPERIENCES, role);
    await expect(reloaded.getByLabel("Bullets 1")).toHaveValue("Third bullet");
    await expect(reloaded.getByLabel("Bullets 2")).toHaveValue("First bullet");
    await expect(reloaded.getByRole("group", { name: "Link 1" }).getByLabel("Label")).toHaveValue(
      "Second link",
    );
    await expect(reloaded.getByRole("group", { name: "Link 2" }).getByLabel("URL")).toHaveValue(
      "https://example.com/portfolio",
    );
  });

  test("an expired session sends the owner to sign in and back to the same section", async ({
    page,
    context,
  }) => {
    const entry = await addEntry(page, EXPERIENCES);
    await entry.getByLabel("Role", { exact: true }).fill(unique("Expired role"));
    await context.clearCookies();
    await entry.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fdashboard%2Fexperiences$/);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/experiences$/);
    await expect(page.getByRole("heading", { name: "Experiences", level: 2 })).toBeVisible();
  });
});
