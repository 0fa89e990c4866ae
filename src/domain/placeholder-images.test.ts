import { describe, expect, it } from "vitest";
import {
  isPlaceholderImage,
  nextImageOnError,
  PLACEHOLDER_IMAGE_PATTERNS,
  usableImage,
} from "./placeholder-images";

describe("PLACEHOLDER_IMAGE_PATTERNS", () => {
  it("has at least six host or path patterns", () => {
    expect(PLACEHOLDER_IMAGE_PATTERNS.length).toBeGreaterThanOrEqual(6);
    for (const pattern of PLACEHOLDER_IMAGE_PATTERNS) expect(pattern.host ?? pattern.path).toBeDefined();
  });
});

describe("isPlaceholderImage", () => {
  it.each([
    "https://og-image.vercel.app/Council%20votes.png?theme=light",
    "https://cards.og-image.vercel.app/x.png",
    "https://localpaper.example/api/og?title=Council+votes",
    "https://localpaper.example/api/og/article/123",
    "https://placehold.co/600x400",
    "https://via.placeholder.com/600x400.png",
    "https://dummyimage.com/600x400/000/fff",
    "https://localpaper.example/placeholder.jpg",
    "https://localpaper.example/images/Placeholder-16x9.png?w=600",
    "https://localpaper.example/static/placeholders_wide.webp",
    "https://cdn.localpaper.example/assets/default-share-image.png",
    "https://localpaper.example/img/default_og_image.jpg",
    "https://localpaper.example/img/default-social.png",
    "https://localpaper.example/static/no-image.png",
    "https://localpaper.example/img/missing_photo.jpg",
    "HTTPS://PLACEHOLD.CO/600x400",
    "/placeholder.png",
  ])("matches %s", (url) => {
    expect(isPlaceholderImage(url)).toBe(true);
  });

  it.each([
    "https://images.localpaper.example/2024/03/council-chamber.jpg",
    "https://localpaper.example/placeholder-images/real-photo.jpg",
    "https://localpaper.example/news/placeholder-budget-row/photo.jpg",
    "https://notplacehold.co/photo.jpg",
    "https://localpaper.example/api/ogre.jpg",
    "https://localpaper.example/photo.jpg?alt=placeholder.jpg",
    "/demo/photo.jpg",
    "",
    "   ",
    "http://[::1",
  ])("does not match %j", (url) => {
    expect(isPlaceholderImage(url)).toBe(false);
  });

  it("uses the patterns it is given", () => {
    const patterns = [{ host: "images.example", path: /\/blank\// }];
    expect(isPlaceholderImage("https://images.example/blank/1.png", patterns)).toBe(true);
    expect(isPlaceholderImage("https://images.example/photos/1.png", patterns)).toBe(false);
    expect(isPlaceholderImage("https://other.example/blank/1.png", patterns)).toBe(false);
    expect(isPlaceholderImage("https://placehold.co/600x400", patterns)).toBe(false);
    expect(isPlaceholderImage("https://placehold.co/600x400", [{}])).toBe(false);
  });
});

describe("usableImage", () => {
  it("gives the trimmed image url when it is a real image", () => {
    expect(usableImage({ image: " https://localpaper.example/photo.jpg " })).toBe(
      "https://localpaper.example/photo.jpg",
    );
    expect(usableImage({ image: "/demo/photo.jpg" })).toBe("/demo/photo.jpg");
  });

  it("gives null for no image or a placeholder", () => {
    expect(usableImage({ image: "" })).toBeNull();
    expect(usableImage({ image: "  " })).toBeNull();
    expect(usableImage({ image: "https://placehold.co/600x400" })).toBeNull();
  });
});

describe("nextImageOnError", () => {
  const photo = "https://localpaper.example/photo.jpg";
  const fallback = "https://cdn.example/photo-small.jpg";

  it("hides a placeholder that failed, even with a fallback", () => {
    expect(nextImageOnError("https://placehold.co/600x400", fallback)).toBe("hide");
  });

  it("tries the fallback once", () => {
    expect(nextImageOnError(photo, fallback)).toEqual({ src: fallback });
  });

  it("hides when the fallback is missing, blank, a placeholder or the url that failed", () => {
    expect(nextImageOnError(photo)).toBe("hide");
    expect(nextImageOnError(photo, null)).toBe("hide");
    expect(nextImageOnError(photo, " ")).toBe("hide");
    expect(nextImageOnError(photo, "https://localpaper.example/default-share-image.png")).toBe("hide");
    expect(nextImageOnError(photo, photo)).toBe("hide");
    expect(nextImageOnError(fallback, fallback)).toBe("hide");
  });
});
