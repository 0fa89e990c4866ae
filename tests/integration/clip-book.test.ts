import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ClipBookError, createClipBooks } from "../../src/server/clip-book/clip-books";
import { contentOf, drawClipBook } from "../../src/server/clip-book/clip-book-pdf";
import { collectionClipBookPath, unlistedClipBookPath } from "../../src/domain/collection-paths";
import { type ClipCollection } from "../../src/domain/collections";
import { siteSchema, type Article } from "../../src/domain/content";
import { UnreadablePageError } from "../../src/server/kernel/parse/unreadable-page";
import { serveOnSocket } from "./support/socket-server";
import { createTestApp, type TestApp } from "./support/test-app";

const PUBLIC_URL = "https://clips.example";
const OWNER_NAME = "Ada Łukasiewicz";
const stories = [
  {
    title: "The harbour that ran out of water",
    outlet: "The Ledger",
    url: "https://ledger.example/harbour",
    date: "2025-03-12",
    description: "How a port town lost its river.",
    image: "/demo/harbour-dawn.jpg",
    content: "The harbour was dry by March, and nobody in the council could say why.\n\nThe river had moved.",
  },
  {
    title: "Inside the council's budget night",
    outlet: "City Weekly",
    url: "https://weekly.example/budget",
    date: "2025-02-01",
    description: "Six hours in the chamber.",
    content: "Budget night began at six and ended after midnight with a vote nobody expected.",
  },
  {
    title: "The estate that vanished from the map",
    outlet: "Gone Gazette",
    url: "https://gazette.example/estate",
    date: "2024-11-20",
    description: "A story whose publisher closed.",
    content: "",
  },
];
const ARCHIVED_TEXT =
  "Residents of the estate learned of the demolition from a letter left under their doors.";

let t: TestApp;
let ids: string[];
let dir: string;
let pdfPath: string;

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: "utf8" });

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  const { owner } = await t.signIn();
  ids = [];
  for (const story of stories) {
    const created = await owner("/api/articles", { method: "POST", json: story });
    ids.push(((await created.json()) as { id: string }).id);
  }
  const goneId = ids[2]!;
  const now = new Date().toISOString();
  t.services.store.sqlite
    .prepare(
      "insert into article_archives (article_id, url, title, author, publish_date, image, excerpt, content, fetched_at) values (?, ?, ?, ?, ?, '', '', ?, ?)",
    )
    .run(goneId, stories[2]!.url, stories[2]!.title, "Ada Ł. (staff)", "2024-11-20", ARCHIVED_TEXT, now);
  t.services.store.sqlite
    .prepare("insert into link_checks (article_id, url, status, checked_at) values (?, ?, 'gone', ?)")
    .run(goneId, stories[2]!.url, now);
  // A write after the rows above, so the article list is read again with the gone original.
  await owner("/api/site", {
    method: "PUT",
    json: {
      name: OWNER_NAME,
      // The owner's own portrait: the demo's would be left out of the book (src/domain/demo-site.ts).
      heroImage: "/demo/interview-mic.jpg",
      about: "Reports on cities, water and the people who run both.",
      hero: { professions: ["Reporter", "Editor"] },
      social: { email: "ada@clips.example", linkedin: "https://www.linkedin.com/in/ada" },
    },
  });
  const response = await owner("/clip-book.pdf");
  expect(response.status).toBe(200);
  dir = fs.mkdtempSync(path.join(t.dataDir, "book-"));
  pdfPath = path.join(dir, "book.pdf");
  fs.writeFileSync(pdfPath, Buffer.from(await response.arrayBuffer()));
});
afterAll(async () => {
  await t.services.images.idle();
  await t.services.images.cache.settled();
  t.close();
});

const pageCount = () => Number(/Pages:\s+(\d+)/.exec(run("pdfinfo", [pdfPath]))![1]);
const pageText = (page: number) => run("pdftotext", ["-f", String(page), "-l", String(page), pdfPath, "-"]);
/** The page each clip starts on: the first after the contents that shows its headline. */
function clipPage(title: string): number {
  for (let page = 3; page <= pageCount(); page++) {
    if (pageText(page).replace(/\s+/g, " ").includes(title)) return page;
  }
  throw new Error(`no page shows ${title}`);
}

/** Every `/URI` of the PDF's link annotations, read from qpdf's JSON view of its objects. */
function linkTargets(): string[] {
  const json = JSON.parse(run("qpdf", ["--json", "--json-key=qpdf", pdfPath])) as { qpdf: unknown };
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "/URI" && typeof inner === "string") found.push(inner.replace(/^[ub]:/, ""));
        else walk(inner);
      }
    }
  };
  walk(json.qpdf);
  return found;
}

async function decodeQrCode(page: number): Promise<string | undefined> {
  const prefix = path.join(dir, `page-${page}`);
  run("pdftoppm", [
    "-r",
    "150",
    "-png",
    "-f",
    String(page),
    "-l",
    String(page),
    "-singlefile",
    pdfPath,
    prefix,
  ]);
  const { data, info } = await sharp(`${prefix}.png`)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)
    ?.data;
}

describe("the clip book", () => {
  it("is a PDF without damage, with the title and author in its metadata", () => {
    expect(run("qpdf", ["--check", pdfPath])).toContain("No syntax or stream encoding errors found");
    const info = run("pdfinfo", [pdfPath]);
    expect(info).toMatch(new RegExp(`Title:\\s+${OWNER_NAME}: Clip book`));
    expect(info).toMatch(new RegExp(`Author:\\s+${OWNER_NAME}`));
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    // The portrait and the one story's picture, read here and drawn in the book's worker thread.
    expect(run("pdfimages", ["-list", pdfPath]).trim().split("\n").slice(2)).toHaveLength(2);
  });

  it("shows the owner's name, and every headline in the contents and then as clips, in order", () => {
    const text = run("pdftotext", [pdfPath, "-"]).replace(/\s+/g, " ");
    expect(text).toContain(OWNER_NAME);
    expect(text).toContain("ada@clips.example");
    const titles = stories.map((story) => story.title);
    const contents = pageText(2).replace(/\s+/g, " ");
    const inContents = titles.map((title) => contents.indexOf(title));
    expect(inContents.every((at) => at >= 0)).toBe(true);
    expect([...inContents].sort((a, b) => a - b)).toEqual(inContents);
    const pages = titles.map(clipPage);
    expect([...pages].sort((a, b) => a - b)).toEqual(pages);
    // The gone article's text is its archived copy's, under the copy's byline; the others carry the owner's.
    expect(pageText(pages[2]!).replace(/\s+/g, " ")).toContain(ARCHIVED_TEXT);
    expect(pageText(pages[2]!)).toContain("By Ada Ł. (staff)");
    expect(pageText(pages[0]!)).toContain(`By ${OWNER_NAME}`);
  });

  it("embeds every font, the site's own among them", () => {
    const rows = run("pdffonts", [pdfPath]).trim().split("\n").slice(2);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.split(/\s+/).at(-5)).toBe("yes");
    const names = rows.map((row) => row.split(/\s+/)[0]!);
    expect(names.some((name) => name.includes("PlayfairDisplay"))).toBe(true);
    expect(names.some((name) => name.includes("SourceSerif4"))).toBe(true);
  });

  it("links each clip's live address and its kept copy", () => {
    const targets = linkTargets();
    ids.forEach((id, index) => {
      expect(targets).toContain(stories[index]!.url);
      expect(targets).toContain(`${PUBLIC_URL}/?article=${id}`);
    });
    expect(targets).toContain("mailto:ada@clips.example");
  });

  it("prints a QR code that reads as the clip's kept copy", async () => {
    const page = clipPage(stories[1]!.title);
    expect(await decodeQrCode(page)).toBe(`${PUBLIC_URL}/?article=${ids[1]}`);
  });

  it("is for the owner only, as an attachment named after them, in A4 or US Letter", async () => {
    expect((await t.request("/clip-book.pdf")).status).toBe(401);
    const { owner } = await t.signIn();
    const letter = await owner("/clip-book.pdf?size=letter&text=excerpt");
    expect(letter.status).toBe(200);
    expect(letter.headers.get("content-type")).toBe("application/pdf");
    expect(letter.headers.get("content-disposition")).toBe(
      `attachment; filename="Ada _ukasiewicz clip book.pdf"; filename*=UTF-8''${encodeURIComponent(`${OWNER_NAME} clip book.pdf`)}`,
    );
    const letterPath = path.join(dir, "letter.pdf");
    fs.writeFileSync(letterPath, Buffer.from(await letter.arrayBuffer()));
    expect(run("pdfinfo", [letterPath])).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    expect((await owner("/clip-book.pdf?size=a3")).status).toBe(400);
  });
});

describe("clip books kept per content version", () => {
  const site = siteSchema.parse({ name: "Kept Owner" });
  const article = (id: string, updatedAt: string): Article => ({
    id,
    title: `Story ${id}`,
    outlet: "Outlet",
    url: `https://outlet.example/${id}`,
    date: "",
    description: "",
    image: "",
    featured: false,
    content: "Enough text to make a paragraph of the story.",
    tags: [],
    createdAt: updatedAt,
    updatedAt,
  });

  it("makes a book once while nothing it shows changes, and again after an edit", async () => {
    let articles = [article("a", "2025-01-01T00:00:00Z")];
    let renders = 0;
    const books = createClipBooks({
      evidence: () => new Map(),
      site: () => site,
      articles: () => articles,
      keptText: () => null,
      loadPicture: () => Promise.resolve(null),
      publicUrl: PUBLIC_URL,
      draw: (draft) => {
        renders++;
        return drawClipBook(draft);
      },
    });
    const first = await books.book({ size: "a4", text: "full" });
    const [again] = await Promise.all([
      books.book({ size: "a4", text: "full" }),
      books.book({ size: "a4", text: "full" }),
    ]);
    expect(renders).toBe(1);
    expect(again!.pdf).toBe(first.pdf);
    await books.book({ size: "letter", text: "full" });
    expect(renders).toBe(2);
    articles = [article("a", "2025-01-02T00:00:00Z")];
    const edited = await books.book({ size: "a4", text: "full" });
    expect(renders).toBe(3);
    expect(edited.version).not.toBe(first.version);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("makes a collection's books one at a time, in order, and two asking for one book make it once", async () => {
    const drawn: string[] = [];
    const running = new Map<string, number>();
    let most = 0;
    let mostOfOne = 0;
    const books = createClipBooks({
      evidence: () => new Map(),
      site: () => site,
      articles: () => [],
      keptText: () => null,
      loadPicture: () => Promise.resolve(null),
      publicUrl: PUBLIC_URL,
      draw: async (draft) => {
        drawn.push(`${draft.title} ${draft.size} ${draft.text}`);
        running.set(draft.title, (running.get(draft.title) ?? 0) + 1);
        mostOfOne = Math.max(mostOfOne, ...running.values());
        most = Math.max(
          most,
          [...running.values()].reduce((a, b) => a + b),
        );
        await new Promise((resolve) => setTimeout(resolve, 5));
        running.set(draft.title, running.get(draft.title)! - 1);
        return Buffer.from("%PDF");
      },
    });
    const of = (id: string, size: "a4" | "letter", text: "full" | "excerpt" = "full") =>
      books.book({ id, title: id, articles: [article("a", "2025-01-01T00:00:00Z")], size, text });
    const [first, again] = await Promise.all([
      of("water", "a4"),
      of("water", "a4"),
      of("water", "letter"),
      of("water", "a4", "excerpt"),
      of("courts", "a4"),
    ]);
    expect(again!.pdf).toBe(first!.pdf);
    expect(drawn.filter((book) => book.startsWith("water"))).toEqual([
      "water a4 full",
      "water letter full",
      "water a4 excerpt",
    ]);
    expect(drawn).toContain("courts a4 full");
    // One of each collection at a time, but another collection's is not held behind this one's.
    expect(mostOfOne).toBe(1);
    expect(most).toBe(2);
  });

  it("keeps a book made without a picture that could not be had, as any other", async () => {
    let draws = 0;
    const pictured = { ...article("p", "2025-01-01T00:00:00Z"), image: "https://outlet.example/p.jpg" };
    const books = createClipBooks({
      evidence: () => new Map(),
      site: () => site,
      articles: () => [pictured],
      keptText: () => null,
      loadPicture: () => Promise.reject(new Error("the picture's server is down")),
      publicUrl: PUBLIC_URL,
      draw: (draft) => {
        draws++;
        expect(draft.clips[0]!.picture).toBeNull();
        return Promise.resolve(Buffer.from("%PDF"));
      },
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    await books.book({ size: "a4", text: "full" });
    vi.setSystemTime(Date.now() + 24 * 60 * 60_000);
    await books.book({ size: "a4", text: "full" });
    expect(draws).toBe(1);
  });

  it("does not draw a book given up again until what it shows changes", async () => {
    let articles = [article("slow", "2025-01-01T00:00:00Z")];
    let draws = 0;
    const books = createClipBooks({
      evidence: () => new Map(),
      site: () => site,
      articles: () => articles,
      keptText: () => null,
      loadPicture: () => Promise.resolve(null),
      publicUrl: PUBLIC_URL,
      draw: () => {
        draws++;
        return Promise.reject(new UnreadablePageError("too_slow"));
      },
    });
    const refusal = await books.book({ size: "a4", text: "full" }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ClipBookError);
    expect(refusal).toMatchObject({ status: 503, code: "too_slow" });
    await expect(books.book({ size: "a4", text: "full" })).rejects.toBe(refusal);
    expect(draws).toBe(1);
    articles = [article("slow", "2025-01-02T00:00:00Z")];
    await expect(books.book({ size: "a4", text: "full" })).rejects.toThrow(ClipBookError);
    expect(draws).toBe(2);
  });

  it("prints every paragraph of the full text, and about the first 1,200 characters as an excerpt", async () => {
    const long = { ...article("long", "2025-01-01T00:00:00Z") };
    long.content = Array.from(
      { length: 80 },
      (_, n) => `Paragraph ${n} of a long story, with enough words.`,
    ).join("\n\n");
    const shown: number[][] = [];
    const books = createClipBooks({
      evidence: () => new Map(),
      site: () => site,
      articles: () => [long],
      keptText: () => null,
      loadPicture: () => Promise.resolve(null),
      publicUrl: PUBLIC_URL,
      draw: (draft) => {
        shown.push(contentOf(draft).clips.map((clip) => clip.paragraphs.length));
        return Promise.resolve(Buffer.from("%PDF"));
      },
    });
    await books.book({ size: "a4", text: "full" });
    await books.book({ size: "a4", text: "excerpt" });
    expect(shown[0]).toEqual([80]);
    expect(shown[1]![0]).toBeGreaterThan(0);
    expect(shown[1]![0]).toBeLessThan(30);
  });
});

describe("a collection's clip book", () => {
  const TITLE = "Water stories for the Coast desk";
  const INTRODUCTION = "Two pieces on how towns lose their water.";
  let collection: ClipCollection;
  let owner: Awaited<ReturnType<TestApp["signIn"]>>["owner"];

  /** The text of every page of a PDF answer, in order, spaces made single. */
  async function textOf(response: Response): Promise<string> {
    const file = path.join(dir, `collection-${Math.random().toString(36).slice(2)}.pdf`);
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    run("qpdf", ["--check", file]);
    return run("pdftotext", [file, "-"]).replace(/\s+/g, " ");
  }
  const inOrder = (text: string, parts: string[]) =>
    parts.map((part) => text.indexOf(part)).every((at, i, all) => at >= 0 && (i === 0 || at > all[i - 1]!));

  beforeAll(async () => {
    ({ owner } = await t.signIn());
    const created = await owner("/api/collections", {
      method: "POST",
      json: {
        title: TITLE,
        introduction: INTRODUCTION,
        articleIds: [ids[2], ids[0]],
        visibility: "unlisted",
      },
    });
    collection = (await created.json()) as ClipCollection;
  });

  it("shows its title, introduction and only its clips, in its order, for the owner", async () => {
    const response = await owner(collectionClipBookPath(collection.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(
      encodeURIComponent(`${OWNER_NAME} - ${TITLE}.pdf`),
    );
    const text = await textOf(response);
    expect(inOrder(text, [OWNER_NAME, TITLE, INTRODUCTION, stories[2]!.title, stories[0]!.title])).toBe(true);
    expect(text).not.toContain(stories[1]!.title);
  });

  it("downloads through the unlisted link for a visitor, and never by id or through a retired link", async () => {
    // By id, only a public collection's: an unlisted one's is as unknown as none.
    expect((await t.request(collectionClipBookPath(collection.id))).status).toBe(404);
    const visitor = await t.request(unlistedClipBookPath(collection.token));
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control")).toBe("private, no-store");
    expect(await textOf(visitor)).toContain(stories[2]!.title);

    const renewed = (await (
      await owner(`/api/collections/${collection.id}/new-link`, { method: "POST" })
    ).json()) as ClipCollection;
    expect((await t.request(unlistedClipBookPath(collection.token))).status).toBe(404);
    expect((await t.request(unlistedClipBookPath(renewed.token))).status).toBe(200);

    await owner(`/api/collections/${collection.id}`, {
      method: "PUT",
      json: { title: TITLE, introduction: INTRODUCTION, articleIds: [ids[0]], visibility: "private" },
    });
    expect((await t.request(unlistedClipBookPath(renewed.token))).status).toBe(404);
    expect((await owner(collectionClipBookPath(collection.id))).status).toBe(200);
    expect((await owner(collectionClipBookPath("no-such-collection"))).status).toBe(404);
    expect((await t.request(unlistedClipBookPath("not a token"))).status).toBe(404);
    collection = renewed;
  });

  it("limits the downloads through links per address, never another address's", async () => {
    await owner(`/api/collections/${collection.id}`, {
      method: "PUT",
      json: { title: TITLE, introduction: "", articleIds: [ids[0]], visibility: "unlisted" },
    });
    const server = await serveOnSocket(t.app);
    try {
      const link = unlistedClipBookPath(collection.token);
      const statuses: number[] = [];
      for (let n = 0; n <= t.services.config.clipBookDownloadsPerAddress; n++)
        statuses.push((await server.request("127.0.0.2", link)).status);
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      const refused = await server.request("127.0.0.2", link);
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
      expect(statuses.at(-1)).toBe(429);
      expect((await server.request("127.0.0.3", link)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  // Two processes that each start tsx: allowed more than the default 30 s on a busy machine.
  it(
    "is written by `byline clip-book --collection TITLE`, the title in any case",
    { timeout: 120_000 },
    async () => {
      const out = path.join(dir, "cli-collection.pdf");
      const written = await cli("clip-book", "--collection", TITLE.toUpperCase(), "--letter", out);
      expect(written.code).toBe(0);
      expect(run("pdfinfo", [out])).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
      const text = run("pdftotext", [out, "-"]).replace(/\s+/g, " ");
      expect(text).toContain(TITLE);
      expect(text).toContain(stories[0]!.title);
      expect(text).not.toContain(stories[1]!.title);

      const unknown = await cli("clip-book", "--collection", "Nothing like it", out);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain(
        `No collection is called "Nothing like it". The collections: "${TITLE}".`,
      );
    },
  );
});

/** `byline …` in its own process on the test app's data. */
function cli(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["bin/byline.js", ...args], {
    env: { ...process.env, DATA_DIR: t.dataDir, SEED_DEMO: "false" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stderr })));
}
