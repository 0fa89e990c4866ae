import {
  addEntry,
  EDUCATION,
  expanded,
  expect,
  expectRequired,
  expectSaveRefused,
  expectToast,
  item,
  test,
  unique,
} from "./admin-helpers";

const YEAR = new Date().getUTCFullYear();

test.describe("education manager", () => {
  test("adds an entry with the defaults on top, saves it, and the saved list is ordered by institution", async ({
    page,
  }) => {
    const entry = await addEntry(page, EDUCATION);
    await expect(entry.getByLabel("Institution")).toHaveValue("New Institution");
    await expect(entry.getByLabel("Credential")).toHaveValue("");
    await expect(entry.getByLabel("Duration")).toHaveValue(`${YEAR - 4} - ${YEAR}`);
    await expect(entry.getByRole("group", { name: "Details" }).getByText("None yet.")).toBeVisible();
    await expect(entry.getByRole("button", { name: "Save" })).toBeDisabled();

    const institution = unique("Wendmouth College");
    await entry.getByLabel("Institution").fill(institution);
    await entry.getByLabel("Credential").fill("MA Investigative Journalism");
    await expect(entry.getByText("Unsaved changes")).toBeVisible();
    await expect(entry.getByRole("button", { name: "Save" })).toBeEnabled();
    await entry.getByRole("button", { name: "Add detail" }).click();
    await entry.getByLabel("Details 1").fill("Dissertation on council spending");
    await entry.getByRole("button", { name: "Add detail" }).click();
    await entry.getByLabel("Details 2").fill("Editor of the student paper");
    await entry.getByRole("button", { name: "Move detail 2 up" }).click();
    await entry.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Education saved");
    await expect(item(page, institution).getByText("Unsaved changes")).toHaveCount(0);

    await page.reload();
    const titles = await page.locator(".items .item__title").allTextContents();
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    expect(titles).toEqual([...titles].sort(collator.compare));
    await item(page, institution).getByRole("button", { name: institution }).click();
    const reloaded = expanded(page);
    await expect(reloaded.getByLabel("Credential")).toHaveValue("MA Investigative Journalism");
    await expect(reloaded.getByLabel("Details 1")).toHaveValue("Editor of the student paper");
    await expect(reloaded.getByLabel("Details 2")).toHaveValue("Dissertation on council spending");
  });

  test("Institution and Duration carry the required marker; Credential does not", async ({ page }) => {
    const entry = await addEntry(page, EDUCATION);
    await expectRequired(entry, "Institution");
    await expectRequired(entry, "Duration");
    await expectRequired(entry, "Credential", false);
  });

  test("a refused save keeps the draft and shows 'Failed to save education'", async ({ page }) => {
    const entry = await addEntry(page, EDUCATION);
    await entry.getByLabel("Duration").fill("");
    await expectSaveRefused(page, entry, EDUCATION, ["Duration is required"]);
    await expect(entry.getByLabel("Duration")).toHaveValue("");
  });
});
