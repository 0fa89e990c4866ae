import {
  addEntry,
  ARTICLES,
  deleteItem,
  dismissDelete,
  EDUCATION,
  expanded,
  expect,
  expectToast,
  EXPERIENCES,
  failRequests,
  failSectionReloads,
  item,
  openSection,
  test,
  unique,
} from "./admin-helpers";

/**
 * What the Experiences, Education and Articles managers share (one list shell): deleting with
 * confirmation, the error toasts, and live updates that keep the owner's draft.
 */
const MANAGERS = [
  {
    ...EXPERIENCES,
    plural: "experiences",
    nameLabel: "Role",
    body: (name: string) => ({ role: name, organization: "Shared Gazette", duration: "Jan 2025 - Present" }),
  },
  {
    ...EDUCATION,
    plural: "education",
    nameLabel: "Institution",
    body: (name: string) => ({ institution: name, duration: "2019 - 2022" }),
  },
  {
    ...ARTICLES,
    plural: "articles",
    nameLabel: "Title",
    body: (name: string) => ({
      title: name,
      outlet: "Harbour Weekly",
      url: "https://harbour.example/shared",
      date: "2026-01-01",
    }),
  },
];

for (const manager of MANAGERS) {
  test.describe(`${manager.section} manager`, () => {
    test("delete asks first: dismissing keeps the item, confirming deletes it", async ({ page, server }) => {
      const name = unique("Doomed entry");
      expect(
        (await server.api(`/api/${manager.section}`, { method: "POST", json: manager.body(name) })).status,
      ).toBe(201);
      await openSection(page, manager.section, manager.heading);
      const entry = item(page, name);
      await entry.getByRole("button", { name }).click();

      await dismissDelete(page, entry, "Cancel");
      await dismissDelete(page, entry, "Escape");
      await entry.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByRole("dialog", { name: `Delete “${name}”?` })).toBeVisible();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

      await deleteItem(page, entry, `${manager.title} deleted`);
      await expect(page.getByRole("button", { name: `Add ${manager.noun}` })).toBeFocused();
      await page.reload();
      await expect(page.getByRole("heading", { name: manager.heading, level: 2 })).toBeVisible();
      await expect(item(page, name)).toHaveCount(0);
    });

    test("failed add, delete and load show their error toasts and keep the list", async ({
      page,
      server,
    }) => {
      const name = unique("Sturdy entry");
      await server.api(`/api/${manager.section}`, { method: "POST", json: manager.body(name) });
      await openSection(page, manager.section, manager.heading);

      await failRequests(page, `**/api/${manager.section}`, "POST");
      await page.getByRole("button", { name: `Add ${manager.noun}` }).click();
      await expectToast(page, `Failed to add ${manager.noun}`, "alert");

      await failRequests(page, `**/api/${manager.section}/*`, "DELETE");
      await item(page, name).getByRole("button", { name }).click();
      await item(page, name).getByRole("button", { name: "Delete", exact: true }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expectToast(page, `Failed to delete ${manager.noun}`, "alert");
      await expect(item(page, name)).toHaveCount(1);

      // A change elsewhere makes the page re-read the list; that read fails.
      await failSectionReloads(page, manager.section);
      await server.api(`/api/${manager.section}`, { method: "POST" });
      await expectToast(page, `Failed to load ${manager.plural}`, "alert");
      await expect(item(page, name)).toHaveCount(1);
    });

    test("a change from elsewhere shows up live and the open draft stays", async ({ page, server }) => {
      const entry = await addEntry(page, manager);
      const draft = unique("Half-typed");
      await entry.getByLabel(manager.nameLabel, { exact: true }).fill(draft);

      const elsewhere = unique("Added in another tab");
      expect(
        (await server.api(`/api/${manager.section}`, { method: "POST", json: manager.body(elsewhere) }))
          .status,
      ).toBe(201);
      await expect(item(page, elsewhere)).toHaveCount(1);
      await expect(expanded(page).getByLabel(manager.nameLabel, { exact: true })).toHaveValue(draft);
      await expect(expanded(page).getByText("Unsaved changes")).toBeVisible();
    });
  });
}
