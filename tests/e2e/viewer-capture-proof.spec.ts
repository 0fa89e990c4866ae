import { createHash } from "node:crypto";
import type { Article } from "../../src/domain/content";
import { expectNoViolations } from "./support/axe";
import { articlePage, type FakePublisher } from "./support/fake-publisher";
import { expect, test as base } from "./support/fixtures";
import { publisherFixtures } from "./support/publisher-fixtures";
import { openViewer, viewer } from "./support/viewer-fixtures";

/**
 * The web archive's proof line (issue 30): under the kept text, the viewer says when and from where
 * the page was captured and shows the SHA-256 of the bytes received, with the clip's WACZ to
 * download.
 */
const test = base.extend<object, { publisher: FakePublisher }>({
  ...publisherFixtures({ LINK_CHECK_PAUSE_MS: "0" }),
});

const TITLE = "Night ferry crews say the timetable is unsafe";
const PAGE = articlePage({
  title: TITLE,
  author: "Jane Doe",
  published: "2026-03-05T09:00:00Z",
  blocks: [
    "Crews on the night ferry say the new timetable leaves no time for the checks the regulator asks for.",
    "The operator said the timetable had been approved and that safety was never compromised.",
  ],
});

test("the kept text names its capture and the digest of the bytes received, and offers the clip's WACZ", async ({
  page,
  server,
  publisher,
}) => {
  const pathname = `/night-ferry-${Date.now().toString(36)}`;
  publisher.route(pathname, { body: PAGE });
  const created = await server.api("/api/articles", {
    method: "POST",
    json: { title: TITLE, outlet: "Estuary Times", url: publisher.url(pathname), date: "2026-03-05" },
  });
  expect(created.status).toBe(201);
  const article = (await created.json()) as Article;
  try {
    expect((await server.api(`/api/articles/${article.id}/archive`, { method: "POST" })).status).toBe(200);
    const digest = createHash("sha256").update(PAGE).digest("hex");

    await openViewer(page, article.id);
    const proof = viewer(page).locator(".reader-proof");
    await expect(proof.getByText(/^Captured /)).toHaveText(
      new RegExp(
        `^Captured \\d{1,2} [A-Z][a-z]+ \\d{4} from 127\\.0\\.0\\.1${pathname}; SHA-256 ${digest.slice(0, 8)}…$`,
      ),
    );
    await expect(proof.locator("code").first()).toHaveAttribute("title", digest);
    await proof.getByText("Full SHA-256").click();
    await expect(proof.locator(".reader-proof-digest")).toHaveText(digest);
    await proof.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("viewer-capture-proof.png") });
    await expectNoViolations(page, "viewer with the capture's proof line open", {
      include: ["dialog.viewer"],
    });
    const download = proof.getByRole("link", { name: "Download this clip's web archive (WACZ)" });
    await expect(download).toHaveAttribute("href", `/api/articles/${article.id}/archive.wacz`);
    const wacz = await page.request.get(`/api/articles/${article.id}/archive.wacz`);
    expect(wacz.status()).toBe(200);
    // A zip: the local file header's signature.
    expect((await wacz.body()).subarray(0, 4).toString("hex")).toBe("504b0304");
  } finally {
    await server.api(`/api/articles/${article.id}`, { method: "DELETE" });
  }
});

test("a clip saved with its text from Fetch details, then archived, shows its capture's proof line, in the viewer and on its card", async ({
  page,
  server,
  publisher,
  signIn,
}) => {
  const pathname = `/night-ferry-stored-${Date.now().toString(36)}`;
  publisher.route(pathname, { body: PAGE });
  const fetched = await server.api("/api/articles/fetch-details", {
    method: "POST",
    json: { url: publisher.url(pathname) },
  });
  expect(fetched.status).toBe(200);
  const details = (await fetched.json()) as { content: string };
  expect(details.content).toContain("night ferry");
  const created = await server.api("/api/articles", {
    method: "POST",
    json: {
      title: TITLE,
      outlet: "Estuary Times",
      url: publisher.url(pathname),
      date: "2026-03-05",
      content: details.content,
    },
  });
  expect(created.status).toBe(201);
  const article = (await created.json()) as Article;
  try {
    // Fetch details keeps nothing (docs/decisions/039): Archive now keeps the page for the article.
    const archived = await server.api(`/api/articles/${article.id}/archive`, { method: "POST" });
    expect(archived.status).toBe(200);
    const digest = createHash("sha256").update(PAGE).digest("hex");
    await openViewer(page, article.id);
    await expect(viewer(page).locator(".reader-body")).toContainText("Crews on the night ferry");
    await expect(
      viewer(page)
        .locator(".reader-proof")
        .getByText(/^Captured /),
    ).toContainText(`SHA-256 ${digest.slice(0, 8)}…`);

    await signIn();
    await page.goto("/admin/dashboard/articles");
    const card = page.locator(".items > li").filter({ hasText: TITLE });
    await expect(card.locator(".capture-status")).toHaveText(
      new RegExp(`^Captured .+ from 127\\.0\\.0\\.1${pathname}; SHA-256 ${digest.slice(0, 8)}…$`),
    );
  } finally {
    await server.api(`/api/articles/${article.id}`, { method: "DELETE" });
  }
});
