import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { expect, perWorker, test as base } from "./support/fixtures";
import { startServer, type TestServer } from "./support/test-server";
import { fillFileSystem, mountTmpfs, unmountTmpfs } from "../support/small-disk";

/**
 * Issue 41 in the browser: the owner saves an article while the server's disk is full, reads why
 * nothing was saved, keeps what they typed, and saves it once space is freed; Home warns about
 * the disk. The data directory is a small tmpfs this spec mounts and unmounts itself.
 */
type Disk = { server: TestServer; mounted: boolean };
const PRELOAD = fileURLToPath(new URL("./support/disk-full-preload.mjs", import.meta.url));

const test = base.extend<object, { server: TestServer; disk: Disk }>({
  disk: perWorker(
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-e2e-disk-"));
      // Where no tmpfs can be mounted, the server is preloaded with the fallback's faults.
      const mounted = mountTmpfs(dir, 32);
      const nodeOptions = [process.env.NODE_OPTIONS, mounted ? "" : `--import=${PRELOAD}`].join(" ").trim();
      const server = await startServer({
        dataDir: dir,
        env: { DISK_FLOOR_MB: "1", DISK_WARN_MB: "4", DISK_WARN_PERCENT: "50", NODE_OPTIONS: nodeOptions },
      });
      return { server, mounted };
    },
    async ({ server, mounted }) => {
      await server.stop();
      if (mounted) unmountTmpfs(server.dataDir);
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
  ),
  server: [async ({ disk }, use) => use(disk.server), { scope: "worker" }],
});

const MESSAGE = "The server's disk is full: nothing was saved. Free some space, then save again.";

/**
 * Fills the server's disk to the last byte, the WAL truncated first as on a disk full for long (or
 * turns the fallback's faults on); returns the file whose removal frees it.
 */
function fillDisk({ server, mounted }: Disk): string {
  if (!mounted) {
    const flag = path.join(server.dataDir, ".disk-full");
    fs.writeFileSync(flag, "");
    return flag;
  }
  const db = new Database(path.join(server.dataDir, "byline.sqlite"));
  try {
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
  return fillFileSystem(server.dataDir);
}

test("saving an article on a full disk says so and keeps the form; Home warns; saving works once space is freed", async ({
  page,
  disk,
  signIn,
}) => {
  const { server } = disk;
  await signIn();
  await page.goto("/admin/dashboard/articles");
  await expect(page.getByRole("heading", { name: "Articles", level: 2 })).toBeVisible();
  await page.getByRole("button", { name: "Add article" }).click();
  const entry = page.locator(".items > li.item--expanded");
  await expect(entry).toBeVisible();

  const filler = fillDisk(disk);
  const title = "Pilots warn of night-time gaps";
  const content =
    "Harbour pilots have warned that night-time arrivals are handled by a single crew.\n\n".repeat(40);
  await entry.getByLabel("Title").fill(title);
  await entry.getByLabel("Outlet").fill("Harbour Weekly");
  await entry.getByLabel("URL").fill("https://harbour.example/pilots");
  await entry.getByLabel("Content").fill(content);
  await entry.getByRole("button", { name: "Save" }).click();

  await expect(page.getByRole("alert").getByText(MESSAGE, { exact: true })).toBeVisible();
  await expect(entry.locator(".form-error")).toHaveText(MESSAGE);
  await expect(entry.getByLabel("Title")).toHaveValue(title);
  await expect(entry.getByLabel("Content")).toHaveValue(content);
  await expect(entry.getByText("Unsaved changes")).toBeVisible();

  // Home, in another tab so the form stays as it is.
  const home = await page.context().newPage();
  await home.goto("/admin/dashboard");
  const region = home.getByRole("region", { name: "Disk" });
  await expect(region.getByRole("alert")).toContainText("The disk is nearly full.");
  await expect(region.getByText(/free of/)).toBeVisible();
  await expect(region.getByText(/^Captures .*, image cache .*, uploads .*, backups /)).toBeVisible();
  await home.close();

  fs.rmSync(filler);
  await entry.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").getByText("Article saved", { exact: true })).toBeVisible();
  await expect(entry.locator(".form-error")).toHaveCount(0);
  const articles = (await (await server.api("/api/articles")).json()) as { title: string }[];
  expect(articles.map((article) => article.title)).toContain(title);
});
