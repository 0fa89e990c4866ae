import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Article, Site } from "../../src/domain/content";
import { readWarc, readZip } from "../integration/support/wacz-check";
import { expectNoViolations } from "./support/axe";
import { articlePage, type FakePublisher } from "./support/fake-publisher";
import { expect, test as base } from "./support/fixtures";
import { publisherFixtures } from "./support/publisher-fixtures";
import { openViewer, viewer } from "./support/viewer-fixtures";

/**
 * The public proof page (issue 39): a visitor opens /proof and finds each clip's byline evidence,
 * its capture's SHA-256 and WACZ; the digest shown is that of the page's bytes inside the WACZ.
 * The page passes the Nu HTML Checker and axe at 1280 and 375 px.
 */
const test = base.extend<object, { publisher: FakePublisher }>({
  ...publisherFixtures({ LINK_CHECK_PAUSE_MS: "0" }),
});

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const blocks = [
  "Crews on the night ferry say the new timetable leaves no time for the checks the regulator asks for.",
  "The operator said the timetable had been approved and that safety was never compromised.",
];

test("a visitor finds each clip's evidence on /proof, and the WACZ holds the bytes whose digest it shows", async ({
  page,
  server,
  publisher,
}) => {
  test.setTimeout(90_000);
  const site = (await (await server.api("/api/site")).json()) as Site;
  const stamp = Date.now().toString(36);
  const named = { path: `/ferry-named-${stamp}`, title: `Night ferry timetable ${stamp}` };
  const unnamed = { path: `/ferry-desk-${stamp}`, title: `Harbour desk round-up ${stamp}` };
  const namedPage = articlePage({ title: named.title, author: site.name, blocks });
  publisher.route(named.path, { body: namedPage });
  publisher.route(unnamed.path, { body: articlePage({ title: unnamed.title, blocks }) });
  const ids: string[] = [];
  for (const [one, note] of [
    [named, ""],
    [unnamed, "edited by the desk"],
  ] as const) {
    const created = await server.api("/api/articles", {
      method: "POST",
      json: { title: one.title, outlet: "Estuary Times", url: publisher.url(one.path), bylineNote: note },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Article;
    ids.push(id);
    expect((await server.api(`/api/articles/${id}/archive`, { method: "POST" })).status).toBe(200);
  }
  try {
    const digest = createHash("sha256").update(namedPage).digest("hex");
    // The footer of every public page links it.
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Proof of authorship" }).click();
    await expect(page).toHaveURL(/\/proof$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(site.name);
    await expect(page.locator(".pf-summary")).toHaveText(
      new RegExp(
        `^\\d+ of \\d+ clips? name ${site.name} in the page as published; \\d+ kept by the Wayback Machine; \\d+ listed on \\d+ outlet author pages?$`,
      ),
    );
    const namedClip = page.locator(".pf-clip").filter({ hasText: named.title });
    await expect(namedClip.locator(".pf-byline")).toHaveText(
      `Byline “${site.name}” in the page's author tag`,
    );
    await expect(namedClip.locator(".pf-digest")).toHaveText(digest);
    const unnamedClip = page.locator(".pf-clip").filter({ hasText: unnamed.title });
    await expect(unnamedClip.locator(".pf-byline")).toHaveText(
      `The page as published does not name ${site.name}. Note: edited by the desk`,
    );

    // Download the WACZ the page links, open it, and hash the page's bytes in its response record.
    const href = await namedClip.getByRole("link", { name: "Web archive (WACZ)" }).getAttribute("href");
    const wacz = await page.request.get(href!);
    expect(wacz.status()).toBe(200);
    const entries = await readZip(await wacz.body());
    const records = (
      await Promise.all(
        entries.filter((entry) => entry.name.endsWith(".warc.gz")).map((entry) => readWarc(entry.data)),
      )
    ).flat();
    const response = records.find(
      (record) => record.type === "response" && record.url === publisher.url(named.path),
    );
    expect(response).toBeDefined();
    expect(createHash("sha256").update(response!.payload).digest("hex")).toBe(digest);
    expect(response!.payloadDigest).toBe(`sha256:${digest}`);

    const html = await (await fetch(`${server.url}/proof`)).text();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "byline-proof-vnu-"));
    try {
      const file = path.join(dir, "proof.html");
      fs.writeFileSync(file, html);
      const output = await promisify(execFile)(
        "java",
        ["-jar", VNU_JAR, "--errors-only", "--format", "json", "--stdout", "--exit-zero-always", file],
        { maxBuffer: 4 * 1024 * 1024 },
      );
      const { messages } = JSON.parse(output.stdout) as { messages: { message: string; extract?: string }[] };
      expect(messages.map((message) => `${message.message} ${message.extract ?? ""}`)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/proof");
      await page.screenshot({ path: test.info().outputPath(`proof-${width}.png`), fullPage: true });
      await expectNoViolations(page, `/proof at ${width} px`);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    // The reader's proof line says where the page names the owner.
    await openViewer(page, ids[0]!);
    await expect(viewer(page).locator(".reader-proof p").first()).toHaveText(
      new RegExp(
        `^Byline “${site.name}” in the page's author tag, captured \\d{1,2} [A-Z][a-z]{2} \\d{4}, SHA-256 ${digest.slice(0, 8)}…$`,
      ),
    );

    await page.goto("/proof");
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".pf-back")).toBeHidden();
  } finally {
    for (const id of ids) await server.api(`/api/articles/${id}`, { method: "DELETE" });
  }
});
