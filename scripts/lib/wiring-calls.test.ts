import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loopsOf, wiringCalls } from "./wiring-calls";

/** `./name/…` is capability `name`, but for the kernel (and anything not in a folder). */
const capabilityOf = (specifier: string) => {
  const folder = /^\.\/([\w-]+)\//.exec(specifier)?.[1];
  return folder === "kernel" ? undefined : folder;
};

const wiring = (readerDeps: string) => `
import { createReader } from "./reader/reader-service";
import { createWatch } from "./clip-watch/watch-service";
import { createArchive } from "./web-archive/web-archive";
import { safeFetch } from "./kernel/fetch/safe-fetch";

export function createServices() {
  const fetchPage = (url: string) => safeFetch(url, {});
  // The watch reads through the reader, which is made further down.
  const watch = createWatch({ read: (page) => reader.read(page), fetch: fetchPage });
  const archive = createArchive({ reader: "not a value" });
  const reader = createReader({ fetch: fetchPage, ${readerDeps} });
  return { watch, reader, archive };
}
`;

describe("the wiring's calls between capabilities", () => {
  it("sees a function handed to a capability that calls another, even one made further down", () => {
    const calls = wiringCalls(wiring("archive"), capabilityOf);
    expect(calls).toEqual([
      { from: "clip-watch", to: "reader", via: "reader" },
      { from: "reader", to: "web-archive", via: "archive" },
    ]);
    expect(loopsOf(calls)).toEqual([]);
  });

  it("finds the loop when the called capability calls back", () => {
    const calls = wiringCalls(
      wiring("onRead: (page, signals) => watch.notePageRead(page, signals)"),
      capabilityOf,
    );
    expect(loopsOf(calls)).toEqual([["clip-watch", "reader", "clip-watch"]]);
  });

  it("counts calls through a helper the wiring built round a capability", () => {
    const source = `
import { createImages } from "./images/image-service";
import { createCards } from "./social-card/cards";
import { createPictureLoader } from "./kernel/picture-loader";
  const images = createImages({});
  const loadPicture = createPictureLoader({ read: (url) => images.picture(url) });
  const cards = createCards({ loadImage: loadPicture });
`;
    expect(wiringCalls(source, capabilityOf)).toEqual([
      { from: "social-card", to: "images", via: "loadPicture" },
    ]);
  });

  it("finds no loop in src/server/services.ts", () => {
    const source = fs.readFileSync(path.resolve("src/server/services.ts"), "utf8");
    const calls = wiringCalls(source, capabilityOf);
    expect(calls).toContainEqual({ from: "clip-watch", to: "page-reading", via: "pageReading" });
    expect(loopsOf(calls)).toEqual([]);
  });
});
