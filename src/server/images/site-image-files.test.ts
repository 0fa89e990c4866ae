import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isSiteImageFile, siteImageFiles } from "./site-image-files";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "byline-site-images-"));
const [built, shipped] = [path.join(root, "client"), path.join(root, "public")];
fs.mkdirSync(path.join(built, "demo"), { recursive: true });
fs.mkdirSync(path.join(shipped, "icons"), { recursive: true });
fs.writeFileSync(path.join(built, "demo", "hero.jpg"), "built hero");
fs.writeFileSync(path.join(shipped, "icons", "Logo.PNG"), "shipped logo");
fs.writeFileSync(path.join(root, "secret.png"), "outside");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("site image files", () => {
  it("are plain paths to a picture, none that could leave the folder", () => {
    for (const url of ["/demo/hero.jpg", "/icons/Logo.PNG", "/a_b/c-d.e.webp"]) {
      expect(isSiteImageFile(url), url).toBe(true);
    }
    for (const url of [
      "/../secret.png",
      "/demo/../../secret.png",
      "/.hidden.png",
      "/demo/hero.svg",
      "/demo/hero.jpg?x=1",
      "//host/a.png",
      "/demo%2F..%2Fsecret.png",
      "demo/hero.jpg",
    ]) {
      expect(isSiteImageFile(url), url).toBe(false);
    }
  });

  it("are read from the first folder that has them, with their type", async () => {
    const files = siteImageFiles([built, shipped]);
    expect(await files.read("/demo/hero.jpg")).toEqual({
      body: Buffer.from("built hero"),
      contentType: "image/jpeg",
    });
    expect(await files.read("/icons/Logo.PNG")).toEqual({
      body: Buffer.from("shipped logo"),
      contentType: "image/png",
    });
    await expect(files.read("/demo/missing.jpg")).rejects.toThrow("404");
    await expect(files.read("/../secret.png")).rejects.toThrow("404");
  });
});
