import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { AUTHOR, AUTHOR_PAGE, RSS_FEED, serveFakeOutlet } from "./support/fake-outlet";
import { startFakePublisher } from "./support/fake-publisher";
import { startServer } from "./support/test-server";

const byline = (args: string[], env: Record<string, string>, input?: string) =>
  spawnSync(process.execPath, ["bin/byline.js", ...args], {
    env: { ...process.env, ...env },
    input,
    encoding: "utf8",
  });

/** `byline` without blocking this process, which may be serving the pages the command fetches. */
const bylineAsync = (args: string[], env: Record<string, string>) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["bin/byline.js", ...args], { env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });

test.describe("npx byline", () => {
  let dataDir: string;
  test.beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-cli-"));
  });
  test.afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  test("export, import (all or nothing) and backup while the server runs", async () => {
    const server = await startServer({ dataDir });
    try {
      const exported = byline(["export"], { DATA_DIR: dataDir });
      expect(exported.status).toBe(0);
      const content = JSON.parse(exported.stdout) as {
        articles: { title: string }[];
        site: { name: string };
      };
      expect(content.articles.length).toBeGreaterThanOrEqual(12);
      expect(content.site.name).toBe("Morgan Hale");

      const file = path.join(dataDir, "import.json");
      fs.writeFileSync(
        file,
        JSON.stringify({ ...content, articles: [...content.articles, { title: "", url: "javascript:x" }] }),
      );
      const refused = byline(["import", file], { DATA_DIR: dataDir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("nothing changed");

      fs.writeFileSync(file, JSON.stringify({ ...content, articles: content.articles.slice(0, 2) }));
      const imported = byline(["import", file], { DATA_DIR: dataDir });
      expect(imported.stdout).toContain("Imported 2 articles");

      const backup = path.join(dataDir, "backup.sqlite");
      const backedUp = byline(["backup", backup], { DATA_DIR: dataDir });
      expect(backedUp.status).toBe(0);
      const copy = new Database(backup, { readonly: true });
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.prepare("select count(*) as n from articles").get()).toEqual({ n: 2 });
      copy.close();
    } finally {
      await server.stop();
    }
  });

  test("backup DIR, export and import carry the uploaded images", async () => {
    const server = await startServer({ dataDir });
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "byline-cli-"));
    try {
      const form = new FormData();
      const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#204080" } })
        .png()
        .toBuffer();
      form.append("file", new Blob([new Uint8Array(png)]), "clip.png");
      const uploaded = await server.api("/api/uploads", { method: "POST", form });
      expect(uploaded.status).toBe(201);
      const { url } = (await uploaded.json()) as { url: string };
      const name = url.replace("/uploads/", "");
      const stored = fs.readFileSync(path.join(dataDir, "uploads", name));
      const article = await server.api("/api/articles", {
        method: "POST",
        json: { title: "Pictured", outlet: "Paper", url: "https://paper.example/p", image: url },
      });
      expect(article.status).toBe(201);

      const backupDir = path.join(dataDir, "nightly");
      const backedUp = byline(["backup", backupDir], { DATA_DIR: dataDir });
      expect(backedUp.status).toBe(0);
      expect(backedUp.stdout).toContain("and 1 uploaded image to");
      const copy = new Database(path.join(backupDir, "byline.sqlite"), { readonly: true });
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.prepare("select count(*) as n from articles where image = ?").get(url)).toEqual({ n: 1 });
      copy.close();
      expect(fs.readFileSync(path.join(backupDir, "uploads", name))).toEqual(stored);
      expect(fs.statSync(path.join(backupDir, "uploads", name)).mode & 0o777).toBe(0o600);

      const exported = byline(["export"], { DATA_DIR: dataDir });
      const content = JSON.parse(exported.stdout) as { uploads: { name: string; data: string }[] };
      expect(content.uploads).toEqual([{ name, data: stored.toString("base64") }]);

      const file = path.join(elsewhere, "site.json");
      const tampered = {
        ...content,
        uploads: [{ name, data: Buffer.from("not the picture").toString("base64") }],
      };
      fs.writeFileSync(file, JSON.stringify(tampered));
      const refused = byline(["import", "--new", file], { DATA_DIR: elsewhere, SEED_DEMO: "false" });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("nothing changed");
      expect(refused.stderr).toContain("the name is not the SHA-256 of the file");
      expect(fs.existsSync(path.join(elsewhere, "uploads", name))).toBe(false);

      fs.writeFileSync(file, exported.stdout);
      const imported = byline(["import", "--new", file], { DATA_DIR: elsewhere, SEED_DEMO: "false" });
      expect(imported.stdout).toContain("and 1 uploaded image.");
      expect(fs.readFileSync(path.join(elsewhere, "uploads", name))).toEqual(stored);
      const restored = new Database(path.join(elsewhere, "byline.sqlite"), { readonly: true });
      expect(restored.prepare("select count(*) as n from articles where image = ?").get(url)).toEqual({
        n: 1,
      });
      restored.close();
    } finally {
      await server.stop();
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  test("export, backup, archive export and import refuse a data directory that holds no site, and create nothing", () => {
    const file = path.join(dataDir, "site.json");
    fs.writeFileSync(file, JSON.stringify({ articles: [] }));
    const missing = path.join(dataDir, "mistyped");
    const commands = [
      ["export"],
      ["backup", path.join(dataDir, "nightly")],
      ["backup", path.join(dataDir, "nightly.sqlite")],
      ["archive", "export", path.join(dataDir, "site.wacz")],
      ["import", file],
    ];
    const refuse = (args: string[], target: string) => {
      const run = byline(args, { DATA_DIR: target });
      expect(run.status, args.join(" ")).toBe(1);
      expect(run.stderr).toContain(
        `byline ${args[0] === "archive" ? "archive export" : args[0]}: no site found`,
      );
      expect(run.stderr).toContain(`DATA_DIR is ${target}, which holds no byline.sqlite`);
      expect(run.stdout).toBe("");
      return run.stderr;
    };
    for (const args of commands) refuse(args, dataDir);
    expect(refuse(["import", file], missing)).toContain("or add --new");
    refuse(["backup", path.join(dataDir, "nightly")], missing);
    // Unset, DATA_DIR is ./data: refused, and ./data is not made.
    const { DATA_DIR: _unset, ...env } = process.env;
    const unset = spawnSync(process.execPath, [path.resolve("bin/byline.js"), "backup", "nightly"], {
      cwd: dataDir,
      env,
      encoding: "utf8",
    });
    expect(unset.status).toBe(1);
    expect(unset.stderr).toContain(
      `DATA_DIR is not set, so ${path.join(fs.realpathSync(dataDir), "data")} was used`,
    );
    expect(fs.readdirSync(dataDir).sort()).toEqual(["site.json"]);
  });

  test("export then import --new into a fresh directory gives the same site, collections, sources and messages", async () => {
    const publisher = await startFakePublisher();
    const server = await startServer({ dataDir, env: { FETCH_ALLOW_PRIVATE: "true" } });
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "byline-cli-"));
    try {
      serveFakeOutlet(publisher);
      const source = await server.api("/api/watch/sources", {
        method: "POST",
        json: { url: publisher.url(RSS_FEED) },
      });
      expect(source.status).toBe(201);
      const articles = (await (await server.api("/api/articles")).json()) as { id: string }[];
      const collection = await server.api("/api/collections", {
        method: "POST",
        json: {
          title: "For the desk",
          introduction: "Three clips",
          articleIds: articles.slice(0, 3).map((a) => a.id),
          visibility: "unlisted",
        },
      });
      expect(collection.status).toBe(201);
      const message = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify({ name: "Ann", email: "ann@example.com", subject: "A pitch", message: "Hello" }),
      });
      expect(message.ok).toBe(true);

      const exported = byline(["export"], { DATA_DIR: dataDir });
      expect(exported.status).toBe(0);
      expect(exported.stderr).toMatch(
        /^Exported 1\d articles, 1 collection, 1 watched source, 1 message and 0 uploaded images\.\n$/,
      );
      const file = path.join(fresh, "..", `${path.basename(fresh)}.json`);
      fs.writeFileSync(file, exported.stdout);
      const imported = byline(["import", "--new", file], { DATA_DIR: fresh, SEED_DEMO: "false" });
      fs.rmSync(file);
      expect(imported.status).toBe(0);
      expect(imported.stdout).toContain("1 collection, 1 watched source, ");
      expect(imported.stdout).toContain("1 message and 0 uploaded images.");

      const again = byline(["export"], { DATA_DIR: fresh });
      expect(again.status).toBe(0);
      // Import stamps the articles, experience and education afresh; everything else keeps its times.
      type Item = Record<string, unknown>;
      const unstamped = (items: Item[]) => items.map(({ createdAt: _c, updatedAt: _u, ...item }) => item);
      const comparable = (json: string) => {
        const {
          exportedAt: _at,
          articles,
          experiences,
          education,
          ...rest
        } = JSON.parse(json) as Record<string, Item[]>;
        return {
          ...rest,
          articles: unstamped(articles!),
          experiences: unstamped(experiences!),
          education: unstamped(education!),
        };
      };
      const before = comparable(exported.stdout);
      expect(comparable(again.stdout)).toEqual(before);
      expect(before).toMatchObject({
        collections: [{ title: "For the desk", visibility: "unlisted" }],
        sources: [{ url: publisher.url(RSS_FEED), kind: "feed" }],
        messages: [{ name: "Ann", subject: "A pitch" }],
      });
      const backedUp = byline(["backup", path.join(fresh, "nightly")], { DATA_DIR: fresh });
      expect(backedUp.stdout).toMatch(
        /^Backed up the database \(1\d articles, 1 collection, 1 watched source, 1 message\) to /,
      );
    } finally {
      await server.stop();
      await publisher.close();
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  test("set-owner resets the owner's e-mail and password", async () => {
    const result = byline(
      ["set-owner", "new-owner@example.com"],
      { DATA_DIR: dataDir, SEED_DEMO: "false" },
      "a brand new password\n",
    );
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("The owner is now new-owner@example.com");
    const server = await startServer({ dataDir, env: { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" } });
    try {
      const signIn = (password: string) =>
        fetch(`${server.url}/api/session`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: server.url },
          body: JSON.stringify({ email: "new-owner@example.com", password }),
        });
      expect((await signIn("a brand new password")).status).toBe(200);
      expect((await signIn("correct horse battery staple")).status).toBe(401);
    } finally {
      await server.stop();
    }
  });

  test("extract prints one JSON line per page, in the page's own character set, gzipped or not", () => {
    const paragraph = (n: number) =>
      `<p>Paragraph ${n}: the café on the quay said the council’s plan would cost €2m — “too much”.</p>`;
    const page = `<!doctype html><html><head><meta charset="windows-1252"><title>Harbour café closes</title>
      <meta name="author" content="Zoë Müller"></head><body><article><h1>Harbour café closes</h1>
      ${[1, 2, 3, 4].map(paragraph).join("")}</article></body></html>`;
    // windows-1252 bytes: é, ë and ü are as in Latin-1; the quotes, dash and euro have codes of their own.
    const cp1252 = Buffer.from(
      [...page].map(
        (ch) => ({ "’": 0x92, "“": 0x93, "”": 0x94, "—": 0x97, "€": 0x80 })[ch] ?? ch.charCodeAt(0),
      ),
    );
    const plain = path.join(dataDir, "page.html");
    const gzipped = path.join(dataDir, "page.html.gz");
    fs.writeFileSync(plain, cp1252);
    fs.writeFileSync(gzipped, zlib.gzipSync(cp1252));
    const run = byline(["extract", plain, gzipped], {});
    expect(run.status).toBe(0);
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(lines.map((line) => line.file)).toEqual([plain, gzipped]);
    for (const line of lines) {
      expect(line.title).toBe("Harbour café closes");
      expect(line.author).toBe("Zoë Müller");
      expect(line.content).toContain("the council’s plan would cost €2m — “too much”.");
      expect((line.content ?? "").split("\n\n")).toHaveLength(4);
    }
  });

  test("import-from prints an outlet's articles as JSON lines, by one author with --author, and adds them with --yes", async () => {
    const publisher = await startFakePublisher();
    try {
      const outlet = serveFakeOutlet(publisher);
      const env = {
        DATA_DIR: dataDir,
        FETCH_ALLOW_PRIVATE: "true",
        SEED_DEMO: "false",
        LINK_CHECK_PAUSE_MS: "0",
      };
      const portfolio = path.join(dataDir, "portfolio.json");
      const duplicate = { title: "Old pier reopens", outlet: "Gazette", url: outlet.duplicateInPortfolio };
      fs.writeFileSync(portfolio, JSON.stringify({ articles: [duplicate] }));
      expect(byline(["import", "--new", portfolio], env).status).toBe(0);
      const feed = await bylineAsync(["import-from", publisher.url(RSS_FEED), "--author", AUTHOR], env);
      expect(feed.status).toBe(0);
      const lines = feed.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { url: string; status: string; author: string; title: string });
      expect(lines.map((line) => line.url).sort()).toEqual([...outlet.jane].sort());
      expect(lines.every((line) => line.status === "ready" && line.author === AUTHOR)).toBe(true);
      expect(feed.stderr).toContain("Nothing was added");

      const added = await bylineAsync(["import-from", publisher.url(AUTHOR_PAGE), "--yes"], env);
      expect(added.status).toBe(0);
      expect(added.stdout.trim().split("\n")).toHaveLength(outlet.expected.authorPage.length);
      // Printed for the closing note of issue 17: the whole import of 30 articles, end to end.
      console.log(added.stderr.trim());
      expect(added.stderr).toContain("Added 30 articles to the portfolio");
      const db = new Database(path.join(dataDir, "byline.sqlite"), { readonly: true });
      expect(db.prepare("select count(*) as n from articles").get()).toEqual({ n: 31 });
      expect(
        db.prepare("select count(*) as n from articles where content like '%harbour board met%'").get(),
      ).toEqual({
        n: 30,
      });
      db.close();

      const again = await bylineAsync(["import-from", publisher.url(AUTHOR_PAGE)], env);
      expect(again.stdout.trim().split("\n")).toEqual([expect.stringContaining("story-that-was-taken-down")]);
      const refused = await bylineAsync(["import-from", "ftp://example.com/feed"], env);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("Use a full web address starting with http:// or https://");
    } finally {
      await publisher.close();
    }
  });

  test("refuses a short password, a bad e-mail address and unknown commands, with the forms' messages", () => {
    const short = byline(["set-owner", "x@example.com"], { DATA_DIR: dataDir }, "short\n");
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("Use at least 12 characters for the password.");
    const badEmail = byline(
      ["set-owner", "not-an-address"],
      { DATA_DIR: dataDir },
      "a long enough password\n",
    );
    expect(badEmail.status).toBe(1);
    expect(badEmail.stderr).toContain("Enter a valid e-mail address.");
    const unknown = byline(["frobnicate"], { DATA_DIR: dataDir });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("Unknown command 'frobnicate'");
  });

  test("prints a one-time setup link at start when there is no owner and no ADMIN_*, and the link creates the owner", async ({
    page,
  }) => {
    const server = await startServer({ dataDir, env: { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" } });
    try {
      const session = (await (await fetch(`${server.url}/api/session`)).json()) as { setupRequired: boolean };
      expect(session.setupRequired).toBe(true);
      await expect
        .poll(() => server.log())
        .toMatch(/one-time link to create it: http:\/\/localhost:\d+\/admin\/setup\?token=[\w-]{20,}/);
      const setupPath = /(\/admin\/setup\?token=[\w-]+)/.exec(server.log())![1]!;

      const fill = async (path: string, password: string) => {
        await page.goto(`${server.url}${path}`);
        await page.getByLabel("Email").fill("first-owner@example.com");
        await page.getByLabel("Password").fill(password);
        await page.getByRole("button", { name: "Create account" }).click();
      };
      await fill("/admin/setup?token=not-the-token", "a long enough password");
      await expect(page.getByRole("alert")).toHaveText("This setup link has expired or was already used.");
      await expect(page.getByRole("heading", { name: "Set up your site" })).toBeVisible();

      await fill(setupPath, "a long enough password");
      await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

      await page.context().clearCookies();
      await fill(setupPath, "another long password");
      await expect(page.getByRole("alert")).toHaveText("This setup link has expired or was already used.");
      const signIn = await fetch(`${server.url}/api/session`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify({ email: "first-owner@example.com", password: "a long enough password" }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
