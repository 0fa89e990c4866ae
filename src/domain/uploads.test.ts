import { describe, expect, it } from "vitest";
import { describeUses, isUploadPath, usesOfImage } from "./uploads";

const name = `${"0123456789abcdef".repeat(4)}.jpg`;

describe("upload names and paths", () => {
  it("recognises /uploads/<name> and nothing else", () => {
    expect(isUploadPath(`/uploads/${name}`)).toBe(true);
    expect(isUploadPath(`/uploads/../${name}`)).toBe(false);
    expect(isUploadPath(`/uploads/${name}?x=1`)).toBe(false);
    expect(isUploadPath(`https://cdn.example/uploads/${name}`)).toBe(false);
    expect(isUploadPath(`/demo/${name}`)).toBe(false);
  });
});

describe("where an image is used", () => {
  const url = `/uploads/${name}`;
  const articles = [
    { id: "a", title: "Harbour", image: url },
    { id: "b", title: "Other", image: "/demo/x.jpg" },
    { id: "c", title: "", image: url },
  ];

  it("lists the settings' hero image and every article showing it", () => {
    expect(usesOfImage(url, { heroImage: url, siteIcon: "" }, articles)).toEqual([
      { kind: "settings", field: "Your photo" },
      { kind: "article", id: "a", title: "Harbour" },
      { kind: "article", id: "c", title: "" },
    ]);
    expect(usesOfImage(url, { heroImage: "", siteIcon: "" }, [])).toEqual([]);
    expect(usesOfImage(url, { heroImage: url, siteIcon: url }, [])).toEqual([
      { kind: "settings", field: "Your photo" },
      { kind: "settings", field: "Site icon" },
    ]);
  });

  it("says it in words", () => {
    expect(describeUses([{ kind: "settings", field: "Your photo" }])).toBe("the site settings (Your photo)");
    expect(
      describeUses([
        { kind: "settings", field: "Your photo" },
        { kind: "settings", field: "Site icon" },
      ]),
    ).toBe("the site settings (Your photo, Site icon)");
    expect(describeUses([{ kind: "article", id: "a", title: "Harbour" }])).toBe("the article “Harbour”");
    expect(describeUses(usesOfImage(url, { heroImage: url, siteIcon: "" }, articles))).toBe(
      "the site settings (Your photo) and 2 articles",
    );
  });
});
