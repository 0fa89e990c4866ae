import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { addItem, expect, expectToast, openSection, test, unique } from "./admin-helpers";
import { WIDTHS } from "./landing-support";
import { expectNoViolations } from "./support/axe";

/** A photo-like JPEG with a camera's EXIF (GPS included), different for every call. */
let shade = 0;
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  shade = (shade + 37) % 256;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = shade;
    pixels[i + 2] = (i * 7) % 251;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 0/1",
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function pngOf(width: number, height: number): Promise<Buffer> {
  shade = (shade + 37) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 90, b: 140 } } })
    .png()
    .toBuffer();
}

/** Uploads through the API with the page's own session, as the dashboard would. */
async function apiUpload(
  page: Page,
  body: Buffer,
  name: string,
): Promise<{ url: string; width: number; height: number }> {
  const session = (await (await page.request.get("/api/session")).json()) as { csrfToken: string };
  const response = await page.request.post("/api/uploads", {
    multipart: { file: { name, mimeType: "application/octet-stream", buffer: body } },
    headers: { "X-CSRF-Token": session.csrfToken, Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

/** Holds back `POST /api/uploads` until released, so the progress state can be seen. */
async function holdUploads(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/uploads", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await gate;
    await route.fallback();
  });
  return release;
}

async function pickFile(page: Page, scope: Locator, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent("filechooser");
  await scope.getByRole("button", { name: /^Upload / }).click();
  await (await chooser).setFiles({ name, mimeType: "image/jpeg", buffer });
}

for (const size of WIDTHS) {
  test.describe(`uploads at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("an article image uploaded with the file picker shows progress, a preview, and then on the public page", async ({
      page,
    }) => {
      await openSection(page, "articles", "Articles");
      const entry = await addItem(page, "article", "Article added");
      const title = unique("Flood defences photographed");
      await entry.getByLabel("Title").fill(title);
      await entry.getByLabel("Outlet").fill("Northgate Courier");
      await entry.getByLabel("URL").fill(`https://northgate.example/${Date.now()}`);
      await entry.getByLabel("Featured").check();

      const release = await holdUploads(page);
      await pickFile(page, entry, "IMG_2041.JPG", await cameraJpeg(1600, 1200));
      const progress = entry.getByRole("progressbar", { name: "Uploading IMG_2041.JPG" });
      await expect(progress).toBeVisible();
      await expect(
        entry
          .getByRole("status")
          .filter({ hasText: /Uploading IMG_2041\.JPG… \d+%|Processing IMG_2041\.JPG…/ }),
      ).toBeVisible();
      await expect(entry.getByRole("button", { name: "Upload image" })).toBeDisabled();
      await page.screenshot({ path: test.info().outputPath(`upload-progress-${size.width}.png`) });
      release();

      const image = entry.getByLabel("Image", { exact: true });
      await expect(image).toHaveValue(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
      await expect(progress).toHaveCount(0);
      await expect(entry.getByText(/^Uploaded: 1600 × 1200, \d+ KB$/)).toBeVisible();
      const preview = entry.locator(".image-field__preview");
      await expect(preview).toHaveAttribute("src", (await image.inputValue()) as string);
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(1600);
      await entry.locator(".image-field").scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`upload-done-${size.width}.png`) });
      await expectNoViolations(page, `article editor after an upload at ${size.width}px`, {
        include: [".items"],
      });

      await entry.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Article saved");
      const url = await image.inputValue();

      await page.goto("/");
      const card = page.locator("#work article").filter({ hasText: title });
      const picture = card.locator("img");
      await picture.scrollIntoViewIfNeeded();
      await expect(picture).toHaveAttribute(
        "src",
        new RegExp(`^/api/images\\?url=${encodeURIComponent(url)}&w=`),
      );
      // The copy the browser chose from srcset is as wide as its `w`, never the full-size upload.
      const chosen = () =>
        picture.evaluate((img: HTMLImageElement) =>
          img.complete && img.naturalWidth > 0 ? img.currentSrc : "",
        );
      await expect.poll(chosen).not.toBe("");
      const copy = await page.request.get(await chosen());
      const { width } = await sharp(await copy.body()).metadata();
      expect(String(width)).toBe(new URL(await chosen()).searchParams.get("w"));
      const served = await page.request.get(url);
      expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();
    });

    test("the Media list shows size, dimensions and use, and deletes only unused images", async ({
      page,
      server,
    }) => {
      await page.goto("/admin/dashboard/media");
      const used = await apiUpload(page, await pngOf(320, 200), "used.png");
      const spare = await apiUpload(page, await pngOf(240, 180), "spare.png");
      const title = unique("Pictured in the Media list");
      const created = await server.api("/api/articles", {
        method: "POST",
        json: { title, outlet: "Coast Gazette", url: "https://coast.example/media", image: used.url },
      });
      expect(created.status).toBe(201);

      await openSection(page, "media", "Media");
      await expect(page.getByRole("link", { name: "Media" })).toHaveAttribute("aria-current", "page");
      const row = (url: string) => page.locator(`[data-upload="${url.replace("/uploads/", "")}"]`);
      await expect(row(used.url)).toContainText("320 × 200");
      await expect(row(used.url)).toContainText("In use");
      await expect(row(used.url)).toContainText(`Article: ${title}`);
      await expect(row(used.url).getByRole("button", { name: /^Delete/ })).toHaveCount(0);
      await expect(row(spare.url)).toContainText("240 × 180");
      await expect(row(spare.url)).toContainText("Not used anywhere");
      await row(spare.url).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`media-${size.width}.png`), fullPage: true });
      await expectNoViolations(page, `Media list at ${size.width}px`);

      await row(spare.url)
        .getByRole("button", { name: /^Delete/ })
        .click();
      const dialog = page.getByRole("dialog", { name: "Delete this image?" });
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, `Media delete dialog at ${size.width}px`);
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await expectToast(page, "Image deleted");
      await expect(row(spare.url)).toHaveCount(0);
      // Its Delete button went with it: keyboard focus stays in the tab, on its heading.
      await expect(page.getByRole("heading", { name: "Media", level: 2 })).toBeFocused();
      expect((await page.request.get(spare.url)).status()).toBe(404);

      // Once the article no longer uses it, the image can go too.
      const id = ((await created.json()) as { id: string }).id;
      await server.api(`/api/articles/${id}`, { method: "DELETE" });
      await expect(row(used.url)).toContainText("Not used anywhere");
      await row(used.url)
        .getByRole("button", { name: /^Delete/ })
        .click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(row(used.url)).toHaveCount(0);
    });
  });
}

test("on a phone, the hero image takes a dropped file and an article image a pasted one", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openSection(page, "settings", "Settings");
  const hero = page.getByLabel("Your photo", { exact: true });
  const png = [...(await pngOf(400, 300))];
  await page
    .locator(".image-field")
    .filter({ has: hero })
    .evaluate((zone, bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], "portrait.png", { type: "image/png" }));
      zone.dispatchEvent(
        new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, png);
  await expect(hero).toHaveValue(/^\/uploads\/[0-9a-f]{64}\.png$/);
  await expect(page.getByText("Uploaded: 400 × 300")).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await hero.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("settings-hero-375.png") });
  await expectNoViolations(page, "Settings after a dropped hero image at 375px");
  await page.getByRole("button", { name: "Reset" }).click();

  await openSection(page, "articles", "Articles");
  const entry = await addItem(page, "article", "Article added");
  const image = entry.getByLabel("Image", { exact: true });
  const pasted = [...(await pngOf(200, 100))];
  await image.evaluate((input, bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], "clipboard.png", { type: "image/png" }));
    input.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, pasted);
  await expect(image).toHaveValue(/^\/uploads\/[0-9a-f]{64}\.png$/);
  await expect(entry.getByText("Uploaded: 200 × 100")).toBeVisible();
});

test("a refused file says why and leaves the field as it was", async ({ page }) => {
  await openSection(page, "articles", "Articles");
  const entry = await addItem(page, "article", "Article added");
  const chooser = page.waitForEvent("filechooser");
  await entry.getByRole("button", { name: "Upload image" }).click();
  await (
    await chooser
  ).setFiles({
    name: "logo.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
  });
  await expect(entry.getByRole("alert")).toHaveText(
    "SVG images are not accepted. Upload a JPEG, PNG, WebP, AVIF or GIF image.",
  );
  await expect(entry.getByLabel("Image", { exact: true })).toHaveValue("");
});

test("the settings editor takes more than 8 featured outlets; the Publications list shows the first 8", async ({
  page,
}) => {
  await openSection(page, "settings", "Settings");
  const outlets = page.getByRole("group", { name: "Featured outlets" });
  const existing = await outlets.getByLabel(/^Featured outlets \d+$/).count();
  const added = Array.from({ length: 10 - existing }, (_, i) => `Extra Outlet ${i + 1}`);
  for (const name of added) {
    await outlets.getByRole("button", { name: "Add outlet" }).click();
    await page.keyboard.type(name);
  }
  await expect(outlets.getByLabel(/^Featured outlets \d+$/)).toHaveCount(10);
  await expect(outlets.getByRole("button", { name: "Add outlet" })).toBeEnabled();
  const all = await outlets
    .getByLabel(/^Featured outlets \d+$/)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Settings saved successfully");
  await page.reload();
  await expect(outlets.getByLabel(/^Featured outlets \d+$/)).toHaveCount(10);

  await page.goto("/");
  await expect(page.locator("#features .lp-publications li")).toHaveText(all.slice(0, 8));
});
