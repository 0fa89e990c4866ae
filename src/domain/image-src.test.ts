import { describe, expect, it } from "vitest";
import { imageCacheSrc, responsiveImage } from "./image-src";

describe("imageCacheSrc", () => {
  it("sends absolute http(s) images through the image cache, with the address encoded", () => {
    expect(imageCacheSrc("https://cdn.example/a b.jpg?w=1200&h=800#x")).toBe(
      "/api/images?url=https%3A%2F%2Fcdn.example%2Fa%20b.jpg%3Fw%3D1200%26h%3D800%23x",
    );
    expect(imageCacheSrc("http://news.example/photo.png")).toBe(
      "/api/images?url=http%3A%2F%2Fnews.example%2Fphoto.png",
    );
  });

  it("keeps other paths on this site unchanged, but sends the demo pictures through the cache", () => {
    expect(imageCacheSrc("/assets/river-flood.jpg")).toBe("/assets/river-flood.jpg");
    expect(imageCacheSrc("/demo/river-flood.jpg")).toBe("/api/images?url=%2Fdemo%2Friver-flood.jpg");
    expect(imageCacheSrc("/demo/../byline.sqlite")).toBe("/demo/../byline.sqlite");
  });

  it("sends uploads through the image cache too, so visitors get them resized", () => {
    const upload = `/uploads/${"a".repeat(64)}.jpg`;
    expect(imageCacheSrc(upload)).toBe(`/api/images?url=${encodeURIComponent(upload)}`);
  });

  it("trims surrounding spaces before deciding", () => {
    expect(imageCacheSrc("  /assets/portrait.jpg ")).toBe("/assets/portrait.jpg");
    expect(imageCacheSrc(" https://cdn.example/x.jpg ")).toBe(
      "/api/images?url=https%3A%2F%2Fcdn.example%2Fx.jpg",
    );
  });

  it("gives an empty src for everything else", () => {
    for (const value of [
      "",
      "   ",
      null,
      undefined,
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/x.jpg",
      "ftp://files.example/x.jpg",
      "photo.jpg",
      "/\\evil.example",
    ]) {
      expect(imageCacheSrc(value)).toBe("");
    }
  });
});

describe("responsiveImage", () => {
  const url = "https://cdn.example/x.jpg";
  const base = "/api/images?url=https%3A%2F%2Fcdn.example%2Fx.jpg";

  it("lists the stored widths with the version, WebP and JPEG apart, and a 640 px src", () => {
    expect(responsiveImage(url, { v: "abc", widths: [320, 480, 700] })).toEqual({
      src: `${base}&w=700&f=base&v=abc`,
      srcSet: `${base}&w=320&f=base&v=abc 320w, ${base}&w=480&f=base&v=abc 480w, ${base}&w=700&f=base&v=abc 700w`,
      webpSrcSet: `${base}&w=320&f=webp&v=abc 320w, ${base}&w=480&f=webp&v=abc 480w, ${base}&w=700&f=webp&v=abc 700w`,
    });
  });

  it("lists the standard widths without a version before the image is stored", () => {
    const links = responsiveImage(url)!;
    expect(links.src).toBe(`${base}&w=640&f=base`);
    expect(links.webpSrcSet.split(", ").map((entry) => entry.split(" ")[1])).toEqual([
      "320w",
      "480w",
      "640w",
      "800w",
      "960w",
      "1280w",
    ]);
  });

  it("gives nothing for images the cache does not serve", () => {
    expect(responsiveImage("/assets/x.jpg")).toBeNull();
    expect(responsiveImage("javascript:alert(1)")).toBeNull();
  });
});
