import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_SITE } from "../../src/domain/demo-site";
import { DEMO_ARTICLES } from "../../src/server/content/demo-articles";
import { DEMO_EDUCATION, DEMO_EXPERIENCES } from "../../src/server/content/demo-content";
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from "../integration/support/contact-smtp-inbox";
import { gotoHydrated } from "./landing-support";
import { expectNoViolations } from "./support/axe";
import { positionsSince, recordCheckedPositions } from "./support/checked-positions";
import { openDesk, type FakeDesk } from "./support/fake-desk";
import { startFakePublisher, type FakePublisher } from "./support/fake-publisher";
import { OWNER, startServer, type TestServer } from "./support/test-server";

/**
 * The journalist's first hour (issue 37, 'Done when'), played as a new user on a fresh site with a
 * fake outlet and a real SMTP server on loopback: the owner follows Make it yours (Settings, then
 * Remove the demo), imports three clips, watches the outlet, bulk-adds the two new clips it
 * publishes, and makes a collection. Then nothing of the demo's names, addresses or links is in
 * the front page, the collection page, its PDF, the feed, the sitemap or any e-mail the site sent;
 * Home shows the clip still waiting and the visitor's unread message; an imported clip shows its
 * proof line. Only the outside world is scripted: the outlet publishes, a visitor reads and writes.
 */

const OWNER_NAME = "Priya Nair";
const OWNER_EMAIL = "priya.nair@example.org";
const OWNER_LINKEDIN = "https://www.linkedin.com/in/priya-nair-courts";

const IMPORTED = [
  "Night buses cut on the estuary line",
  "Lifeboat station wins a reprieve",
  "The ferry pier's hidden repair bill",
];
const PUBLISHED_LATER = ["Harbour cranes sold for scrap", "Tidal lagoon plan returns to the council"];
const STILL_WAITING = "Sea wall inspectors find new cracks";

/** The headless shell's own User-Agent is a bot's, never counted: the visitor says it is a desktop Chrome. */
const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The demo's names, addresses and links, from the modules that seed it. */
const hostOf = (url: string) => new URL(url).hostname;
const DEMO_STRINGS = [
  ...new Set(
    [
      DEMO_SITE.name,
      DEMO_SITE.name.split(" ")[0]!,
      DEMO_SITE.social.email,
      DEMO_SITE.social.linkedin,
      DEMO_SITE.heroImage,
      DEMO_SITE.strapline,
      DEMO_SITE.hero.location,
      DEMO_SITE.hero.tagline,
      ...DEMO_SITE.hero.professions,
      DEMO_SITE.currentRole.employer,
      DEMO_SITE.currentRole.place,
      ...DEMO_SITE.featuredOutlets,
      ...DEMO_ARTICLES.flatMap((article) => [
        article.title,
        article.outlet,
        article.url,
        hostOf(article.url),
        article.image ?? "",
      ]),
      ...DEMO_EXPERIENCES.flatMap((experience) => [
        experience.organization,
        ...experience.links.flatMap((link) => [link.label, link.url, hostOf(link.url)]),
      ]),
      ...DEMO_EDUCATION.flatMap((education) => [education.institution, education.credential]),
    ]
      .map((value) => value.trim())
      // The owner may be self-employed too: that word is nobody's.
      .filter((value) => value !== "" && value !== "Self-employed"),
  ),
];

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity);

/** The demo values `text` holds (entities decoded, spaces folded, any case). */
function demoIn(text: string): string[] {
  const plain = decode(text).replace(/\s+/g, " ").toLowerCase();
  return DEMO_STRINGS.filter((value) => plain.includes(value.replace(/\s+/g, " ").toLowerCase()));
}

function expectNoDemo(where: string, text: string) {
  expect(demoIn(text), `${where} holds the demo's values`).toEqual([]);
}

/** The page's markup and what it shows. */
async function pageTexts(page: Page): Promise<string> {
  return `${await page.content()}\n${await page.locator("body").innerText()}`;
}

const mailText = (mail: ReceivedMail) =>
  [mail.envelopeFrom, ...mail.envelopeTo, ...Object.values(mail.headers), mail.text].join("\n");

type World = { server: TestServer; publisher: FakePublisher; inbox: SmtpInbox; desk: FakeDesk };

async function startWorld(): Promise<World> {
  const inbox = await startSmtpInbox();
  const publisher = await startFakePublisher();
  // A fresh data directory, seeded with the demo as a first start is; mail goes to the real SMTP server.
  const server = await startServer({
    env: {
      FETCH_ALLOW_PRIVATE: "true",
      SMTP_URL: inbox.url,
      MAIL_FROM: "Byline <site@byline.test>",
    },
  });
  return { server, publisher, inbox, desk: openDesk(publisher) };
}

async function stopWorld(world: Partial<World>) {
  await world.server?.stop();
  await world.publisher?.close();
  await world.inbox?.stop();
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Sections" });
const dashboard = (page: Page) => page.locator(".dashboard__body");
const checklist = (page: Page) => page.locator(".checklist");
const step = (page: Page, title: string, done: boolean) =>
  checklist(page).getByRole("heading", { name: `${title} (${done ? "done" : "to do"})` });
const importSection = (page: Page) => page.locator("section.import");
const watched = (page: Page) => page.getByRole("region", { name: "Watched sources" });
const newClips = (page: Page) => page.getByRole("region", { name: /^New clips/ });
const DASHBOARD_PARTS = { include: [".dashboard__tabs", ".dashboard__body"] };

async function expectToast(page: Page, text: string) {
  await expect(page.getByRole("status").getByText(text, { exact: true })).toBeVisible();
}

/** Opens a dashboard tab from the navigation, and waits for its heading. */
async function openTab(page: Page, tab: RegExp, heading: string) {
  await nav(page).getByRole("link", { name: tab }).click();
  await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
}

async function signIn(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
}

async function newVisitor(browser: Browser, server: TestServer, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport,
    userAgent: DESKTOP_CHROME,
    storageState: { cookies: [], origins: [] },
  });
  return { context, page: await context.newPage() };
}

const sha256 = async (url: string) =>
  createHash("sha256")
    .update(Buffer.from(await (await fetch(url)).arrayBuffer()))
    .digest("hex");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const SIZES = [
  { name: "1280 px", width: 1280, height: 800, visibility: "Unlisted link" },
  { name: "375 px", width: 375, height: 812, visibility: "Public" },
] as const;

for (const size of SIZES) {
  test(`the first hour at ${size.name}: the site becomes the owner's alone, and Home leads to what waits`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const world: Partial<World> = {};
    const viewport = { width: size.width, height: size.height };
    try {
      Object.assign(world, await startWorld());
      const { server, inbox, desk } = world as World;
      const owner = await browser.newContext({ baseURL: server.url, viewport });
      const page = await owner.newPage();
      const importedUrls = IMPORTED.map((title) => desk.publish(title, OWNER_NAME));

      // First sign-in: Home, with the checklist and nothing done.
      await signIn(page);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole("heading", { name: "Home", level: 2 })).toBeVisible();
      await expect(checklist(page).getByRole("heading", { name: "Make it yours" })).toBeVisible();
      await expect(checklist(page).getByText("0 of 6 done")).toBeVisible();
      await expect(checklist(page).getByRole("button", { name: "Remove the demo" })).toBeEnabled();
      await expectNoViolations(page, `${size.name}: Home on first sign-in`, DASHBOARD_PARTS);
      await page.screenshot({ path: testInfo.outputPath("home-first-sign-in.png"), fullPage: true });

      // Your name, what you do, your e-mail and your links, in Settings.
      await checklist(page).getByRole("link", { name: "Settings" }).first().click();
      await expect(page.getByRole("heading", { name: "Settings", level: 2 })).toBeVisible();
      await expect(page.locator("fieldset.settings__fields")).toBeEnabled();
      await page.getByLabel("Owner name", { exact: true }).fill(OWNER_NAME);
      await page.getByLabel("Location", { exact: true }).fill("Portsmouth and the Solent");
      await page.getByLabel("Tagline", { exact: true }).fill("Courts, ports and the people between them.");
      await page.getByLabel("Profession 1", { exact: true }).fill("Court Reporter");
      await page.getByLabel("Profession 2", { exact: true }).fill("Podcast Producer");
      await page
        .getByLabel("About", { exact: true })
        .fill(`${OWNER_NAME} reports on the courts and the ports of the south coast.`);
      await page.getByLabel("Email", { exact: true }).fill(OWNER_EMAIL);
      await page.getByLabel("LinkedIn", { exact: true }).fill(OWNER_LINKEDIN);
      await page.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Settings saved successfully");

      // Back on Home: three steps done, and Remove the demo behind its confirmation.
      await openTab(page, /^Home/, "Home");
      await expect(step(page, "Your name and what you do", true)).toBeVisible();
      await expect(step(page, "Your e-mail and where contact mail goes", true)).toBeVisible();
      await expect(step(page, "Your links", true)).toBeVisible();
      await expect(checklist(page)).toContainText(`Contact mail goes to ${OWNER_EMAIL}.`);
      await expect(checklist(page).getByText("3 of 6 done")).toBeVisible();
      await checklist(page).getByRole("button", { name: "Remove the demo" }).click();
      const dialog = page.getByRole("dialog", { name: "Remove the demo?" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(/This deletes 12 articles, 3 experiences, 2 education entries/);
      await expectNoViolations(page, `${size.name}: Remove the demo?`, { include: ["dialog"] });
      await dialog.getByRole("button", { name: "Remove it all" }).click();
      await expectToast(page, "The demo is removed");
      await expect(step(page, "Remove the demo", true)).toBeVisible();
      await expect(checklist(page).getByText("Nothing of the demo is left.")).toBeVisible();

      // Three clips imported from the outlet's feed, on the Clips tab.
      await openTab(page, /^Clips/, "Clips");
      await expect(watched(page).getByRole("button", { name: "Watch", exact: true })).toBeEnabled();
      await importSection(page).getByLabel("Page, feed or sitemap URL").fill(desk.feedUrl);
      await importSection(page).getByRole("button", { name: "Find articles" }).click();
      await expect(importSection(page).getByRole("status")).toHaveText("Found 3 articles.");
      await importSection(page).getByLabel("Select all shown (3)").check();
      await importSection(page).getByRole("button", { name: "Add 3 selected" }).click();
      await expectToast(page, "Imported 3 articles");
      await expectNoViolations(page, `${size.name}: Clips after the import`, DASHBOARD_PARTS);

      // The outlet watched: what the portfolio already holds is not offered again.
      await watched(page).getByLabel("Page, feed or sitemap address").fill(desk.feedUrl);
      await watched(page).getByRole("button", { name: "Watch", exact: true }).click();
      await expectToast(page, `Watching ${desk.feedUrl}`);
      const checked = watched(page).getByRole("status");
      await expect(checked).toHaveText("Checked 1 source: no new clips.");
      await expect(newClips(page).locator(".sources-clip")).toHaveCount(0);

      // The outlet publishes two of the owner's stories; Check now offers both; both added at once.
      for (const title of PUBLISHED_LATER) desk.publish(title, OWNER_NAME);
      await watched(page).getByRole("button", { name: "Check now" }).click();
      await expect(checked).toHaveText("Checked 1 source: 2 new clips.");
      await expect(newClips(page).locator(".sources-clip")).toHaveCount(2);
      await expectNoViolations(page, `${size.name}: two new clips`, DASHBOARD_PARTS);
      await newClips(page).getByRole("checkbox", { name: "Select all (2)" }).check();
      await newClips(page).getByRole("button", { name: "Add 2 selected" }).click();
      await expectToast(page, "2 clips added to your portfolio");
      await expect(newClips(page).locator(".sources-clip")).toHaveCount(0);
      // The check mailed the owner, at the owner's own address.
      const clipsNotice = await inbox.waitFor((mail) => mail.headers.subject === "2 new clips are waiting");
      expect(clipsNotice.envelopeTo).toEqual([OWNER_EMAIL]);
      for (const title of PUBLISHED_LATER) expect(clipsNotice.text).toContain(title);

      // One more story, left waiting.
      desk.publish(STILL_WAITING, OWNER_NAME);
      await watched(page).getByRole("button", { name: "Check now" }).click();
      await expect(checked).toHaveText("Checked 1 source: 1 new clip.");
      await expect(newClips(page).getByRole("heading", { name: STILL_WAITING })).toBeVisible();

      // The proof line on an imported clip's card in Articles (its page is kept in the background).
      await openTab(page, /^Articles/, "Articles");
      const digest = await sha256(importedUrls[0]!);
      const card = page.locator(".items > li").filter({ hasText: IMPORTED[0]! });
      await expect(card.locator(".capture-status")).toHaveText(
        new RegExp(`^Captured .+; SHA-256 ${digest.slice(0, 8)}…$`),
        { timeout: 30_000 },
      );

      // A collection of an imported clip and the two added from the watch.
      const collectionTitle = `Harbour stories for the ${size.name} features desk`;
      const chosen = [PUBLISHED_LATER[0]!, IMPORTED[0]!, PUBLISHED_LATER[1]!];
      await openTab(page, /^Collections/, "Collections");
      await page.getByRole("button", { name: "New collection" }).click();
      const form = page.getByRole("form", { name: "New collection" });
      await form.getByRole("textbox", { name: "Title" }).fill(collectionTitle);
      await form.getByRole("textbox", { name: "Introduction" }).fill("Three harbour pieces for your series.");
      for (const title of chosen)
        await form.getByRole("checkbox", { name: new RegExp(`^${escapeRegExp(title)}`) }).check();
      await expect(form.locator(".collection-editor__chosen li")).toHaveCount(3);
      await form.getByRole("radio", { name: new RegExp(`^${size.visibility}`) }).check();
      await expectNoViolations(page, `${size.name}: the collection form`, DASHBOARD_PARTS);
      // From here, every position the new entry's e-mail switch is given is recorded.
      await recordCheckedPositions(page);
      await form.getByRole("button", { name: "Save collection" }).click();
      await expectToast(page, "Collection saved");
      const entry = page.locator(".collection-entry", { hasText: collectionTitle });
      const emailSwitch = entry.getByRole("checkbox", { name: /^E-mail me when it is first opened/ });
      await recordCheckedPositions(page);
      await emailSwitch.check();
      await expectToast(page, "You will get an e-mail when it is first opened");
      // It stays on: never back off for a moment while the list is read again.
      await expect(emailSwitch).toBeEnabled();
      await expect(emailSwitch).toBeChecked();
      expect(await positionsSince(emailSwitch, true)).not.toContain(false);
      const address =
        size.visibility === "Unlisted link"
          ? await entry.getByRole("textbox", { name: `Link to ${collectionTitle}` }).inputValue()
          : `${server.url}/collections/${await entry.getAttribute("data-collection")}`;

      // A visitor, not signed in, opens the collection.
      const visitor = await newVisitor(browser, server, viewport);
      const guest = visitor.page;
      const opened = guest.waitForRequest((request) => request.url().endsWith("/api/beacon"));
      expect((await guest.goto(address))?.status()).toBe(200);
      await opened;
      await expect(guest.getByRole("heading", { name: collectionTitle, level: 1 })).toBeVisible();
      await expect(guest.locator(".cp-clip__title")).toHaveText(chosen);
      await expect(guest.locator("body")).toContainText(OWNER_NAME);
      expectNoDemo("the collection page", await pageTexts(guest));
      await expectNoViolations(guest, `${size.name}: the collection page`);
      const openedNotice = await inbox.waitFor(
        (mail) => mail.headers.subject === `“${collectionTitle}” was opened`,
      );
      expect(openedNotice.envelopeTo).toEqual([OWNER_EMAIL]);

      // Its PDF clip book: the owner's name and links on it, no demo value.
      const [download] = await Promise.all([
        guest.waitForEvent("download"),
        guest.getByRole("link", { name: "Download PDF" }).click(),
      ]);
      const pdf = testInfo.outputPath("collection.pdf");
      await download.saveAs(pdf);
      const pdfText = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
      for (const own of [OWNER_NAME, OWNER_EMAIL, ...chosen]) expect(pdfText).toContain(own);
      expect(pdfText).toMatch(/linkedin\.com\/in\/priya-nair-courts/);
      expectNoDemo("the PDF clip book", pdfText);

      // The imported clip in the site's viewer shows its proof line: the byline its page gives, the capture.
      await guest.getByRole("link", { name: IMPORTED[0]! }).click();
      const viewer = guest.locator("dialog.viewer:modal");
      await expect(viewer).toBeVisible();
      const proofLine = viewer.locator(".reader-proof p").first();
      await expect(proofLine).toHaveText(new RegExp(`^Byline “${OWNER_NAME}” in the page's .+, captured `));
      await expect(proofLine).toContainText(`SHA-256 ${digest.slice(0, 8)}…`);
      await expectNoViolations(guest, `${size.name}: the viewer with the proof line`, {
        include: ["dialog.viewer"],
      });
      await guest.keyboard.press("Escape");
      await expect(viewer).toHaveCount(0);

      // The front page, and a message from its contact form.
      await gotoHydrated(guest, "/");
      await expect(guest.locator(".lp-typed")).toHaveAttribute("data-phase", "done");
      // Its Work section shows featured clips only, and none is featured yet: the owner's own words show.
      await expect(guest.locator("body")).toContainText(OWNER_NAME);
      await expect(guest.locator("body")).toContainText("Courts, ports and the people between them.");
      await expect(guest.locator("footer.lp-footer")).toContainText("Court Reporter");
      expectNoDemo("the front page", await pageTexts(guest));
      await expectNoViolations(guest, `${size.name}: the front page`);
      const contact = guest.locator("#contact");
      await contact.getByRole("button", { name: "Send Message" }).click();
      await contact.getByLabel("Name", { exact: true }).fill("Sam Okafor");
      await contact.getByLabel("Email", { exact: true }).fill("sam@okafor.example.net");
      await contact.getByLabel("Subject", { exact: true }).fill("Your harbour series");
      await contact.getByLabel("Message", { exact: true }).fill("Could we talk about syndicating it?");
      await contact.locator("form").getByRole("button", { name: "Send Message" }).click();
      await expect(contact.getByRole("heading", { name: "Thank you for reaching out!" })).toBeVisible();
      const contactMail = await inbox.waitFor(
        (mail) => mail.headers.subject === "Portfolio contact: Your harbour series",
      );
      expect(contactMail.envelopeTo).toEqual([OWNER_EMAIL]);

      // The feed and the sitemap.
      const feed = await (await visitor.context.request.get("/feed.xml")).text();
      for (const title of [...IMPORTED, ...PUBLISHED_LATER]) expect(decode(feed)).toContain(title);
      expectNoDemo("/feed.xml", feed);
      const sitemap = await (await visitor.context.request.get("/sitemap.xml")).text();
      expect(sitemap).toContain("<loc>");
      expectNoDemo("/sitemap.xml", sitemap);
      await visitor.context.close();

      // Every e-mail the site sent went to the owner, and none names the demo.
      expect(inbox.mails.length).toBeGreaterThanOrEqual(3);
      for (const mail of inbox.mails) {
        expect(mail.envelopeTo).toEqual([OWNER_EMAIL]);
        expectNoDemo(`the e-mail '${mail.headers.subject}'`, mailText(mail));
      }

      // Home leads the owner to the clip still waiting and the unread message.
      await openTab(page, /^Home/, "Home");
      await expect(dashboard(page).getByRole("link", { name: "1 new clip waits for you" })).toHaveAttribute(
        "href",
        "/admin/dashboard/clips",
      );
      await expect(dashboard(page).getByRole("link", { name: "1 message is unread" })).toHaveAttribute(
        "href",
        "/admin/dashboard/messages",
      );
      await expect(step(page, "Your first clips", true)).toBeVisible();
      await expect(checklist(page).getByText("5 of 6 done")).toBeVisible();
      await expectNoViolations(page, `${size.name}: Home after the first hour`, DASHBOARD_PARTS);
      await page.screenshot({ path: testInfo.outputPath("home-after.png"), fullPage: true });
      await owner.close();
    } finally {
      await stopWorld(world);
    }
  });
}
