import path from "node:path";
import Database from "better-sqlite3";
import { expect, expectToast, openSection, test } from "./admin-helpers";
import { WIDTHS } from "./landing-support";
import { expectNoViolations } from "./support/axe";

/**
 * Issue 40, following on the fediverse, as the owner sees it: the Fediverse settings group (a
 * switch and a Handle), the followers and deliveries beside it, and the public page's line,
 * shown only while it is on. At desktop and phone widths, axe-clean.
 */
for (const size of WIDTHS) {
  test.describe(`fediverse settings at ${size.name} width`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("switching it on with a handle shows the address, the followers and the public line", async ({
      page,
      server,
    }) => {
      const host = new URL(server.url).host;
      await page.goto("/");
      await expect(page.getByText("Follow on the fediverse:")).toHaveCount(0);

      await openSection(page, "settings", "Settings");
      const group = page.getByRole("group", { name: "Fediverse" });
      const toggle = group.getByRole("switch", { name: /Let people follow this site on the fediverse/ });
      await expect(toggle).not.toBeChecked();
      await expect(page.getByText("Off: switch it on and choose a handle")).toBeVisible();
      await toggle.check();
      await group.getByLabel("Handle", { exact: true }).fill("not a handle!");
      await page.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Failed to save settings", "alert");
      await expect(group.getByText("Use up to 30 letters, digits or underscores")).toBeVisible();

      await group.getByLabel("Handle", { exact: true }).fill("ada_reports");
      await expect(group.getByText(`Your address: @ada_reports@${host}`)).toBeVisible();
      await page.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Settings saved successfully");
      const panel = page.getByRole("region", { name: "Fediverse followers" });
      await expect(panel.getByText(`@ada_reports@${host} · 0 followers`)).toBeVisible();
      await expect(panel.getByText("No followers yet.")).toBeVisible();
      await expect(panel.getByText("No clip sent yet")).toBeVisible();
      await expectNoViolations(page, `fediverse settings at ${size.width} px`, {
        include: ["form.settings", ".fediverse-panel"],
      });

      await page.goto("/");
      const line = page.getByText("Follow on the fediverse:");
      await expect(line).toHaveText(`Follow on the fediverse: @ada_reports@${host}`);
      await line.scrollIntoViewIfNeeded();
      await expectNoViolations(page, `public fediverse line at ${size.width} px`, {
        include: [".fediverse-handle"],
      });
      const webfinger = await server.api(`/.well-known/webfinger?resource=acct:ada_reports@${host}`);
      expect(webfinger.status).toBe(200);
    });

    test("the owner removes a follower, after a confirmation, by keyboard", async ({ page, server }) => {
      // A follower as a Follow would have stored it (seeded through the database: no server of its
      // own is needed while following is off, when no Reject is sent).
      const actor = `https://social.example/users/bob_${size.name}`;
      const handle = `@bob_${size.name}@social.example`;
      const db = new Database(path.join(server.dataDir, "byline.sqlite"));
      try {
        db.prepare(
          "insert into fediverse_followers (actor_id, handle, inbox, shared_inbox, follow_id, followed_at) values (?, ?, ?, null, ?, ?)",
        ).run(actor, handle, `${actor}/inbox`, `${actor}#follows/1`, new Date().toISOString());
      } finally {
        db.close();
      }

      await openSection(page, "settings", "Settings");
      const panel = page.getByRole("region", { name: "Fediverse followers" });
      const follower = panel.getByRole("listitem").filter({ hasText: handle });
      await expect(follower).toBeVisible();
      const remove = follower.getByRole("button", { name: `Remove ${handle}` });
      await expect(remove).toBeEnabled();
      await remove.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Remove this follower?" });
      await expect(dialog).toContainText(`${handle} will get no more of your clips. It can follow again.`);
      await expectNoViolations(page, `remove-follower dialog at ${size.width} px`, { include: ["dialog"] });
      // Cancel has the focus first: Escape keeps the follower.
      await page.keyboard.press("Escape");
      await expect(follower).toBeVisible();

      await remove.click();
      await dialog.getByRole("button", { name: "Remove" }).click();
      await expectToast(page, "Follower removed");
      await expect(follower).toHaveCount(0);
      await expect(panel.getByRole("heading", { name: "Fediverse followers" })).toBeFocused();
      const overview = (await (await server.api("/api/fediverse")).json()) as { followers: unknown[] };
      expect(overview.followers).toEqual([]);
      // Removed already, or never an address: nothing changes.
      const again = await server.api(`/api/fediverse/followers/${encodeURIComponent(actor)}`, {
        method: "DELETE",
      });
      expect(again.status).toBe(404);
      const nonsense = await server.api("/api/fediverse/followers/not%20an%20address", { method: "DELETE" });
      expect(nonsense.status).toBe(400);
    });
  });
}
