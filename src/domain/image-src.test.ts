import { describe, expect, it } from "vitest";
import { imageCacheSrc } from "./image-src";

describe("imageCacheSrc", () => {
  it("sends absolute http(s) images through the image cache, with the address encoded", () => {
    expect(imageCacheSrc("https://cdn.example/a b.jpg?w=1200&h=800#x")).toBe(
      "/api/images?url=https%3A%2F%2Fcdn.example%2Fa%20b.jpg%3Fw%3D1200%26h%3D800%23x",
    );
    expect(imageCacheSrc("http://news.example/photo.png")).toBe(
      "/api/images?url=http%3A%2F%2Fnews.example%2Fphoto.png",
    );
  });

  it("keeps paths on this site unchanged", () => {
    expect(imageCacheSrc("/demo/river-flood.jpg")).toBe("/demo/river-flood.jpg");
  });

  it("sends uploads through the image cache too, so visitors get them resized", () => {
    const upload = `/uploads/${"a".repeat(64)}.jpg`;
    expect(imageCacheSrc(upload)).toBe(`/api/images?url=${encodeURIComponent(upload)}`);
  });

  it("trims surrounding spaces before deciding", () => {
    expect(imageCacheSrc("  /demo/portrait.jpg ")).toBe("/demo/portrait.jpg");
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
