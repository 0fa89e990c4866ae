import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { gotoHydrated } from "./landing-support";
import { OWNER, startServer, type TestServer } from "./support/test-server";
import { chunksFor, fitting, PAYLOADS, type Payload } from "./support/xss-payloads";

/**
 * The attack suite, stored XSS part, in a real browser. The owner stores script, event-handler,
 * `javascript:`, template, `</title>`, `</script>` (JSON-LD), `]]>` (feed) and markup-mutation
 * payloads in every text and list field of every collection (site settings, articles,
 * experiences, education) and visitors send them as contact messages. Every surface that shows
 * them is then visited with traps armed: `xss(n)` and `alert(n)` record a run, a CSP violation
 * means markup got as far as the policy, and the DOM is searched for any element or attribute a
 * payload could have made. Each payload must appear as literal text where its field is shown.
 *
 * The server is this spec's own (nothing else sees the payloads); TRUST_PROXY=127.0.0.1 lets each contact
 * message come from its own address, under the per-address limit.
 */

test.describe.configure({ mode: "serial" });

let server: TestServer;
let ownerState: string;
const shown: Record<string, number> = {};
const count = (surface: string, n: number) => void (shown[surface] = (shown[surface] ?? 0) + n);

/** A site path and URLs with payloads, for the fields that only take addresses. */
const IMAGE_PATH = `/demo/portrait.jpg?"><svg/onload=xss(101)>`;
const linkUrl = (n: number) => `https://127.0.0.1/clip/${n}?q="><svg onload=xss(${n})>'-xss(${n})-'`;
const LINKEDIN = `https://www.linkedin.com/in/x?"><img src=x onerror=xss(102)>`;

type Seeded = { id: string; payload: Payload };
const seeded: { articles: Seeded[]; experiences: Seeded[]; education: Seeded[]; messages: Payload[] } = {
  articles: [],
  experiences: [],
  education: [],
  messages: [],
};

/** Site settings for round `r`: long fields hold every payload, short ones the r-th group that fits. */
const FIELDS = {
  name: chunksFor(120),
  location: chunksFor(120),
  professions: chunksFor(80),
  roleTitle: chunksFor(120),
  employer: chunksFor(200),
  place: chunksFor(200),
  strapline: chunksFor(300),
  tagline: chunksFor(300),
};
const ROUNDS = Math.max(
  ...Object.entries(FIELDS).map(([key, { chunks }]) =>
    key === "professions" ? Math.ceil(chunks.length / 2) : chunks.length,
  ),
);
const join = (payloads: Payload[], separator = " ") => payloads.map((p) => p.text).join(separator);
const pick = (field: keyof typeof FIELDS, index: number) => {
  const { chunks } = FIELDS[field];
  return chunks[index % chunks.length]!;
};

function siteRound(r: number) {
  const outlets = Array.from({ length: 8 }, (_, i) => PAYLOADS[(r * 8 + i) % PAYLOADS.length]!).filter(
    (p) => p.text.length <= 120,
  );
  const site = {
    name: join(pick("name", r)),
    strapline: join(pick("strapline", r)),
    heroImage: IMAGE_PATH,
    about: join(PAYLOADS, "\n"),
    featuredOutlets: outlets.map((p) => p.text),
    blockList: PAYLOADS.map((p) => p.text),
    hero: {
      location: join(pick("location", r)),
      tagline: join(pick("tagline", r)),
      latestArticleUrl: linkUrl(1),
      professions: [join(pick("professions", 2 * r)), join(pick("professions", 2 * r + 1))] as [
        string,
        string,
      ],
    },
    social: { linkedin: LINKEDIN, email: "owner@example.com" },
    currentRole: {
      title: join(pick("roleTitle", r)),
      employer: join(pick("employer", r)),
      place: join(pick("place", r)),
      description: join(PAYLOADS),
    },
  };
  return site;
}
type SiteRound = ReturnType<typeof siteRound>;

async function putSite(r: number): Promise<SiteRound> {
  const site = siteRound(r);
  const response = await server.api("/api/site", { method: "PUT", json: site });
  expect(response.status, await response.clone().text()).toBe(200);
  return site;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer({ env: { TRUST_PROXY: "127.0.0.1" } });
  // Only the payloads: the demo content goes.
  for (const collection of ["articles", "experiences", "education"]) {
    for (const { id } of (await (await server.api(`/api/${collection}`)).json()) as { id: string }[]) {
      expect((await server.api(`/api/${collection}/${id}`, { method: "DELETE" })).status).toBe(204);
    }
  }
  const create = async (collection: string, json: unknown) => {
    const response = await server.api(`/api/${collection}`, { method: "POST", json });
    expect(response.status, `${collection} ${JSON.stringify(json)}: ${await response.clone().text()}`).toBe(
      201,
    );
    return ((await response.json()) as { id: string }).id;
  };
  for (const payload of PAYLOADS) {
    const p = payload.text;
    const short = p.length <= 40 ? p : "";
    seeded.articles.push({
      payload,
      id: await create("articles", {
        title: p,
        outlet: p,
        url: linkUrl(payload.n),
        date: short,
        description: p,
        image: payload.n % 5 === 0 ? IMAGE_PATH : "",
        featured: true,
        content: `The stored text of the clip carries ${p} in its first paragraph.\n\nA second paragraph: ${p}`,
        tags: short ? [short, "news"] : ["news"],
      }),
    });
    seeded.experiences.push({
      payload,
      id: await create("experiences", {
        role: p,
        organization: p,
        type: p.length <= 60 ? p : "",
        duration: p,
        bullets: [p, `Bullet: ${p}`],
        links: [{ label: p, url: linkUrl(payload.n) }],
      }),
    });
    seeded.education.push({
      payload,
      id: await create("education", {
        institution: p,
        credential: p,
        duration: p,
        details: [p, `Detail: ${p}`],
      }),
    });
    const sent = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: server.url,
        "X-Forwarded-For": `198.51.100.${payload.n}`,
      },
      body: JSON.stringify({
        name: p,
        email: `visitor${payload.n}@example.org`,
        subject: p,
        message: `Message: ${p}\n${p}`,
      }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    seeded.messages.push(payload);
  }
  await putSite(0);

  // The owner signs in once (sign-in is rate limited per address); the dashboard pages reuse it.
  const context = await browser.newContext({ baseURL: server.url });
  const response = await context.request.post("/api/session", {
    data: OWNER,
    headers: { Origin: server.url },
  });
  expect(response.status()).toBe(200);
  ownerState = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "byline-xss-")), "state.json");
  await context.storageState({ path: ownerState });
  await context.close();
});

test.afterAll(async () => {
  await server?.stop();
  const rows = Object.entries(shown).map(([surface, n]) => `  ${surface.padEnd(44)} ${n}`);
  const total = Object.values(shown).reduce((sum, n) => sum + n, 0);
  console.log(
    [
      `stored XSS (browser) — ${PAYLOADS.length} payloads; payload texts checked per surface (none ran, all shown as text):`,
      ...rows,
      `  ${"total".padEnd(44)} ${total}`,
    ].join("\n"),
  );
});

type Traps = { runs: number[]; dialogs: string[]; violations: string[]; errors: string[]; csp: string };

/** Arms the traps on a page: `xss(n)`, dialogs, CSP violations, script errors; keeps the document's CSP. */
async function armTraps(page: Page): Promise<Traps> {
  const traps: Traps = { runs: [], dialogs: [], violations: [], errors: [], csp: "" };
  page.on("response", (response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame())
      traps.csp = response.headers()["content-security-policy"] ?? "";
  });
  await page.exposeFunction("xss", (n: number) => void traps.runs.push(n));
  await page.exposeFunction("__cspViolation", (text: string) => void traps.violations.push(text));
  await page.addInitScript(() => {
    // The document's own inline scripts, as the server sent them: React may later rewrite one's
    // text (ScrollRestoration does on navigation), which never runs again.
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { __documentScripts: Map<Element, string> }).__documentScripts = new Map(
        Array.from(document.querySelectorAll("script:not([src]), style")).map((e) => [
          e,
          e.textContent ?? "",
        ]),
      );
    });
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} in ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  page.on("dialog", (dialog) => {
    traps.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) traps.violations.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => void traps.errors.push(error.message));
  return traps;
}

function expectNothingRan(traps: Traps, where: string) {
  expect(traps.runs, `xss() ran on ${where}`).toEqual([]);
  expect(traps.dialogs, `dialogs on ${where}`).toEqual([]);
  expect(traps.violations, `CSP violations on ${where}`).toEqual([]);
  expect(traps.errors, `script errors on ${where}`).toEqual([]);
}

/**
 * Elements and attributes that only an injected payload could have made; [] when there are none.
 * The page's own inline scripts and styles are the ones its CSP allows by hash.
 */
async function injected(page: Page, traps: Traps): Promise<string[]> {
  return page.evaluate(async (csp) => {
    const found: string[] = [];
    const describe = (element: Element) => element.outerHTML.slice(0, 160);
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith("on")) found.push(`${name} handler: ${describe(element)}`);
        if (name === "srcdoc") found.push(`srcdoc: ${describe(element)}`);
        if (
          ["href", "src", "action", "formaction", "data", "xlink:href", "poster"].includes(name) &&
          /^\s*(javascript|vbscript|data:text\/html)/i.test(attribute.value)
        ) {
          found.push(`${name}=${attribute.value}: ${describe(element)}`);
        }
      }
    }
    const selectors = [
      "img[src='x']",
      "svg[onload]",
      "iframe",
      "object",
      "embed",
      "base",
      "math",
      "mglyph",
      "meta[http-equiv]",
      "input[autofocus]",
      "details[ontoggle]",
      "link[href*='evil.example']",
    ];
    for (const element of Array.from(document.querySelectorAll(selectors.join(","))))
      found.push(describe(element));
    const sha256 = async (text: string) =>
      `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))))}'`;
    const inline = ["script", "style"].flatMap((tag) =>
      Array.from(document.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", tag)),
    );
    const original = (window as unknown as { __documentScripts?: Map<Element, string> }).__documentScripts;
    // The one script the page puts in itself once painted: a copy of the bootstrap the document held back.
    const held = new Set(
      Array.from(original ?? [], ([element, text]) =>
        element.getAttribute("type") === "text/x-held-module" ? text : undefined,
      ),
    );
    for (const element of inline) {
      if (element.hasAttribute("src") || element.getAttribute("type") === "application/ld+json") continue;
      const copy = element.getAttribute("type") === "module" && held.has(element.textContent ?? "");
      const text = copy ? element.textContent! : original?.get(element);
      if (text === undefined)
        found.push(`${element.localName} added after the document loaded: ${describe(element)}`);
      else if (!csp.includes(await sha256(text)))
        found.push(`${element.localName} not allowed by the CSP: ${describe(element)}`);
    }
    return found;
  }, traps.csp);
}

/** Everything a person can read on the page: text, form values, the title and the share tags. */
async function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const values = Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea"),
    ).map((e) => e.value);
    const meta = Array.from(document.querySelectorAll("meta[content]")).map(
      (e) => e.getAttribute("content") ?? "",
    );
    return [
      document.title,
      (document.body ?? document.documentElement).textContent ?? "",
      ...values,
      ...meta,
    ].join("\n");
  });
}

/** Checks the page is clean and every text in `expected` is there literally; counts them for `surface`. */
async function expectInert(page: Page, traps: Traps, surface: string, expected: string[]) {
  expectNothingRan(traps, surface);
  expect(await injected(page, traps), `markup from a payload on ${surface}`).toEqual([]);
  // Every field that shows a payload adds one literal occurrence of it: count them, so one field
  // showing the text cannot stand in for another that shows markup.
  // Whitespace is compared loosely: reader mode joins a paragraph's lines (U+2028 included).
  const loose = (value: string) => value.replace(/\s+/g, " ");
  const text = loose(await readable(page));
  const wanted = new Map<string, number>();
  for (const literal of expected.map(loose)) wanted.set(literal, (wanted.get(literal) ?? 0) + 1);
  const missing = [...wanted]
    .map(([literal, times]) => ({ literal, times, found: text.split(literal).length - 1 }))
    .filter(({ times, found }) => found < times);
  expect(missing, `payloads not shown as text on ${surface}`).toEqual([]);
  count(surface, expected.length);
}

/** The JSON-LD parses, and holds the texts as they were typed. */
async function expectJsonLd(page: Page, expected: string[]) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(1);
  const data = JSON.parse(blocks[0]!) as unknown;
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(data);
  expect(expected.filter((literal) => !strings.includes(literal))).toEqual([]);
  count("landing page JSON-LD (parsed)", expected.length);
}

/** A page in a context of its own on this spec's server, with the traps armed. */
async function trappedPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; traps: Traps }> {
  const context = await browser.newContext({ baseURL: server.url, ...options });
  const page = await context.newPage();
  return { context, page, traps: await armTraps(page) };
}

const DESKTOP_VISITOR = { viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" } as const;

const texts = (list: Seeded[]) => list.map((item) => item.payload.text);

test("control: the traps catch a payload that does get into the page", async ({ browser }) => {
  const { context, page, traps } = await trappedPage(browser, { reducedMotion: "reduce" });
  await gotoHydrated(page);
  expectNothingRan(traps, "the landing page before the control");
  expect(await injected(page, traps)).toEqual([]);
  // What a rendering bug would do: put a payload in as markup. The CSP refuses the handler…
  await page.evaluate(() =>
    document.body.insertAdjacentHTML(
      "beforeend",
      "<script>xss(902)</script><img src=x onerror=xss(900)><svg onload=xss(901)>",
    ),
  );
  await expect.poll(() => traps.violations.length).toBeGreaterThan(0);
  // …and the DOM search finds what it left behind.
  expect(await injected(page, traps)).toEqual(
    expect.arrayContaining([
      expect.stringContaining("onerror handler"),
      expect.stringContaining("onload handler"),
      expect.stringContaining("script added after the document loaded"),
    ]),
  );
  // A script that does run reaches the trap.
  await page.evaluate(() => (window as unknown as { xss(n: number): void }).xss(902));
  await expect.poll(() => traps.runs).toEqual([902]);
  await context.close();
});

test("the landing page and portfolio overlay show every payload as text, in every round of site settings", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { context, page, traps } = await trappedPage(browser, DESKTOP_VISITOR);
  for (let r = 0; r < ROUNDS; r++) {
    const site = r === 0 ? siteRound(0) : await putSite(r);
    const professions = site.hero.professions;
    await gotoHydrated(page);
    if (r === 0) {
      // The education details open as a visitor opens them (a click on each entry).
      await page
        .locator(".lp-accordion__button")
        .evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLButtonElement).click()));
      await expect(page.locator(".lp-accordion__button[aria-expanded='false']")).toHaveCount(0);
    }
    await expect(page.locator(".lp-bar__title")).toHaveText(site.name);
    await expect(page.locator(".lp-masthead__tagline")).toHaveText(site.hero.tagline);
    expect(await page.title()).toBe(`${site.name} · ${professions.join(" & ")}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      `${site.name} · ${professions.join(" & ")}`,
    );
    await expect(page.locator(".lp-profile__photo img")).toHaveAttribute("src", IMAGE_PATH);
    const siteTexts = [
      site.name,
      ...professions,
      site.hero.tagline,
      site.hero.location,
      ...PAYLOADS.map((p) => p.text), // about, one paragraph each
      site.currentRole.title,
      site.currentRole.employer,
      site.currentRole.place,
      site.currentRole.description,
      ...site.featuredOutlets,
    ];
    await expectInert(page, traps, "landing page: site settings", siteTexts);
    await expectJsonLd(page, [site.name, site.hero.tagline, site.hero.location]);

    if (r === 0) {
      const articles = seeded.articles.map((a) => a.payload);
      await expectInert(page, traps, "landing page: articles (title, outlet, description, date)", [
        ...articles.map((p) => p.text), // titles
        ...articles.map((p) => p.text), // outlets
        ...articles.map((p) => p.text), // descriptions
        ...fitting(40).map((p) => p.text), // dates, shown as typed
      ]);
      await expectJsonLd(page, texts(seeded.articles));
      const experiences = texts(seeded.experiences);
      await expectInert(page, traps, "landing page: experiences (role … link labels)", [
        ...experiences, // role
        ...experiences, // organization
        ...fitting(60).map((p) => p.text), // type
        ...experiences, // duration
        ...experiences.flatMap((p) => [p, `Bullet: ${p}`]), // bullets
        ...experiences, // link labels
      ]);
      const education = texts(seeded.education);
      await expectInert(page, traps, "landing page: education (incl. details)", [
        ...education,
        ...education,
        ...education,
        ...education.flatMap((p) => [p, `Detail: ${p}`]),
      ]);
      // Featured Work shows every clip, each title exactly as typed.
      await expect(page.locator(".lp-work__title").first()).toBeVisible();
      expect((await page.locator(".lp-work__title").allTextContents()).sort()).toEqual(
        texts(seeded.articles).sort(),
      );
    }

    // The portfolio overlay: owner name and strapline, and in round 0 every card.
    await page.locator(".lp-bar__opener--portfolio").click();
    const overlay = page.getByRole("dialog");
    await expect(overlay).toBeVisible();
    await expect(overlay.locator(".portfolio__owner")).toHaveText(site.name);
    await expect(overlay.locator(".portfolio__strapline")).toHaveText(site.strapline);
    await expectInert(page, traps, "portfolio overlay: site settings", [site.name, site.strapline]);
    if (r === 0) {
      expect((await overlay.locator(".pf-card__title").allTextContents()).sort()).toEqual(
        texts(seeded.articles).sort(),
      );
      await expectInert(page, traps, "portfolio overlay: cards (title, outlet, description, date)", [
        ...texts(seeded.articles),
        ...texts(seeded.articles),
        ...texts(seeded.articles),
        ...fitting(40).map((p) => p.text),
      ]);
    }
    await page.keyboard.press("Escape");
    await expect(overlay).toBeHidden();
  }
  expectNothingRan(traps, "the landing page");
  await context.close();
});

test("the article viewer's reader mode shows every stored article's payloads as text", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page, traps } = await trappedPage(browser, DESKTOP_VISITOR);
  await gotoHydrated(page);
  // Opened in the page, as a visitor clicks 'Read article'…
  await page.locator(".lp-work .lp-read").first().click();
  const viewer = page.locator("dialog.viewer:modal");
  await expect(viewer).toBeVisible();
  const byTitle = new Map(seeded.articles.map((a) => [a.payload.text, a.payload]));
  const seen = new Set<number>();
  for (;;) {
    const title = (await viewer.locator(".viewer-title").textContent()) ?? "";
    const payload = byTitle.get(title);
    expect(payload, `viewer title ${JSON.stringify(title)}`).toBeDefined();
    const reader = viewer.locator("article.reader");
    await expect(reader.locator(".reader-title")).toHaveText(payload!.text);
    await expect(reader.locator(".reader-body p").first()).toHaveText(
      `The stored text of the clip carries ${payload!.text} in its first paragraph.`,
    );
    const shownTexts = [
      payload!.text, // viewer title
      payload!.text, // viewer outlet
      payload!.text, // reader title
      payload!.text, // reader outlet
      payload!.text, // excerpt (the description)
      `The stored text of the clip carries ${payload!.text} in its first paragraph.`,
      `A second paragraph: ${payload!.text}`,
      ...(payload!.text.length <= 40 ? [payload!.text] : []), // the date, as typed
    ];
    await expect(reader.locator(".reader-excerpt")).toHaveText(payload!.text);
    await expectInert(page, traps, "article viewer: reader mode", shownTexts);
    seen.add(payload!.n);
    const next = viewer.getByRole("button", { name: /Next Article/ });
    if (await next.isDisabled()) break;
    await next.click();
    await expect(viewer.locator(".viewer-title")).not.toHaveText(title);
  }
  expect(seen.size).toBe(PAYLOADS.length);

  // …and from a shared link, rendered on the server with the article's share tags.
  const site = siteRound(ROUNDS - 1);
  for (const { id, payload } of seeded.articles.filter(({ payload }) =>
    [1, 10, 11, 12, 13, 14, 15].includes(payload.n),
  )) {
    await page.goto(`/?article=${encodeURIComponent(id)}`);
    await expect(viewer).toBeVisible();
    await expect(viewer.locator(".reader-title")).toHaveText(payload.text);
    expect(await page.title()).toBe(`${payload.text} · ${site.name}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      `${payload.text} (${payload.text})`,
    );
    await expectInert(page, traps, "shared article link: title and share tags", [
      payload.text,
      `${payload.text} (${payload.text})`,
    ]);
    await expectJsonLd(page, [payload.text]);
  }
  await context.close();
});

test("feed.xml and sitemap.xml are well-formed XML with the payloads escaped, and nothing runs when they are opened", async ({
  browser,
}) => {
  const { context, page, traps } = await trappedPage(browser);
  const site = siteRound(ROUNDS - 1);

  const feed = await page.goto("/feed.xml");
  expect(feed?.headers()["content-type"]).toMatch(/^application\/atom\+xml/);
  // Data, not a page: nothing may load or run in it (the browser's XML viewer may style itself).
  expect(feed?.headers()["content-security-policy"]).toMatch(
    /^default-src 'none'; style-src 'unsafe-inline';/,
  );
  const feedText = await feed!.text();
  await page.waitForLoadState("load");
  expectNothingRan(traps, "/feed.xml");
  expect(await injected(page, traps)).toEqual([]);
  // Markup characters are escaped: no payload that has any appears as it was typed.
  for (const payload of PAYLOADS.filter((p) => /[<>&"']/.test(p.text)))
    expect(feedText).not.toContain(payload.text);

  const parsed = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    const error = doc.getElementsByTagName("parsererror")[0]?.textContent ?? null;
    const atom = "http://www.w3.org/2005/Atom";
    const all = (name: string, scope: Document | Element = doc) =>
      Array.from(scope.getElementsByTagNameNS(atom, name));
    return {
      error,
      foreign: Array.from(doc.getElementsByTagName("*"))
        .filter((e) => e.namespaceURI !== atom)
        .map((e) => e.outerHTML.slice(0, 100)),
      feedTitle: all("title")[0]?.textContent ?? "",
      subtitle: all("subtitle")[0]?.textContent ?? "",
      author: all("name")[0]?.textContent ?? "",
      entries: all("entry").map((entry) => ({
        title: all("title", entry)[0]?.textContent ?? "",
        summary: all("summary", entry)[0]?.textContent ?? "",
        source: all("title", all("source", entry)[0] ?? entry)[0]?.textContent ?? "",
        categories: all("category", entry).map((c) => c.getAttribute("term") ?? ""),
        link: all("link", entry)[0]?.getAttribute("href") ?? "",
      })),
    };
  }, feedText);
  expect(parsed.error).toBeNull();
  expect(parsed.foreign, "elements from a payload in the feed").toEqual([]);
  expect(parsed.feedTitle).toBe(`${site.name}: articles`);
  expect(parsed.subtitle).toBe(site.strapline);
  expect(parsed.author).toBe(site.name);
  count("feed.xml: site settings (title, subtitle, author)", 3);
  expect(parsed.entries).toHaveLength(PAYLOADS.length);
  for (const { payload } of seeded.articles) {
    const entry = parsed.entries.find((e) => e.title === payload.text);
    expect(entry, payload.text).toBeDefined();
    expect(entry!.summary).toBe(payload.text);
    expect(entry!.source).toBe(payload.text);
    expect(entry!.link).toBe(linkUrl(payload.n));
    const tags = payload.text.length <= 40 ? [payload.text, "news"] : ["news"];
    expect(entry!.categories).toEqual(tags);
    count("feed.xml: entries (title, summary, outlet, tags, link)", 3 + tags.length);
  }

  const sitemap = await page.goto("/sitemap.xml");
  const sitemapText = await sitemap!.text();
  await page.waitForLoadState("load");
  expectNothingRan(traps, "/sitemap.xml");
  const sitemapError = await page.evaluate(
    (xml) =>
      new DOMParser().parseFromString(xml, "application/xml").getElementsByTagName("parsererror").length,
    sitemapText,
  );
  expect(sitemapError).toBe(0);
  // The sitemap names the one public page and no stored text at all.
  expect(sitemapText).toContain(`<loc>${server.url}/</loc>`);
  for (const payload of PAYLOADS) expect(sitemapText).not.toContain(payload.text);
  count("sitemap.xml (no stored text: checked absent)", PAYLOADS.length);
  await context.close();
});

test("every dashboard tab shows the payloads as text, with each item expanded, and the settings in every round", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { context, page, traps } = await trappedPage(browser, {
    storageState: ownerState,
    reducedMotion: "reduce",
  });

  async function expandEach(
    section: string,
    heading: string,
    surface: string,
    expected: (payload: Payload) => string[],
  ) {
    await page.goto(`/admin/dashboard/${section}`);
    await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
    const toggles = page.locator(".items > li .item__toggle");
    await expect(toggles).toHaveCount(PAYLOADS.length);
    await expect(toggles.first()).toBeEnabled();
    const seen = new Set<number>();
    for (let i = 0; i < PAYLOADS.length; i++) {
      const toggle = toggles.nth(i);
      await toggle.click();
      await expect(page.locator(".items > li").nth(i)).toHaveClass(/item--expanded/);
      const title = (await toggle.locator(".item__title").textContent()) ?? "";
      const payload = PAYLOADS.find((p) => p.text === title);
      expect(payload, `item title ${JSON.stringify(title)}`).toBeDefined();
      await expectInert(page, traps, surface, expected(payload!));
      seen.add(payload!.n);
      await toggle.click();
      await expect(page.locator(".items > li.item--expanded")).toHaveCount(0);
    }
    expect(seen.size).toBe(PAYLOADS.length);
  }

  await expandEach("experiences", "Experiences", "dashboard: experiences (expanded)", ({ text }) => [
    text, // role
    text, // organization
    ...(text.length <= 60 ? [text] : []), // type
    text,
    `Bullet: ${text}`, // bullets
    text, // link label
    linkUrl(PAYLOADS.find((p) => p.text === text)!.n), // link address
  ]);
  await expandEach("education", "Education", "dashboard: education (expanded)", ({ text }) => [
    text, // institution
    text, // credential
    text, // duration
    text,
    `Detail: ${text}`, // details
  ]);
  await expandEach("articles", "Articles", "dashboard: articles (expanded)", ({ n, text }) => [
    text, // title
    text, // outlet
    linkUrl(n), // URL
    ...(text.length <= 40 ? [text] : []), // date
    text, // description
    `The stored text of the clip carries ${text} in its first paragraph.\n\nA second paragraph: ${text}`, // content
    ...(text.length <= 40 ? [text] : []), // other tags
  ]);

  await page.goto("/admin/dashboard/messages");
  await expect(page.getByRole("heading", { name: "Messages", level: 2 })).toBeVisible();
  await expect(page.locator("article.message")).toHaveCount(PAYLOADS.length);
  await expectInert(
    page,
    traps,
    "dashboard: messages (name, subject, message)",
    seeded.messages.flatMap(({ text }) => [text, text, `Message: ${text}\n${text}`]),
  );
  for (const { text } of seeded.messages.slice(0, 5)) {
    await expect(
      page
        .locator("article.message")
        .filter({ has: page.locator(".message__subject", { hasText: text }) })
        .first(),
    ).toBeVisible();
  }

  for (let r = 0; r < ROUNDS; r++) {
    const site = await putSite(r);
    await page.goto("/admin/dashboard/settings");
    await expect(page.getByLabel("Owner name")).toHaveValue(site.name);
    await expectInert(page, traps, "dashboard: settings (every field)", [
      site.name,
      site.strapline,
      site.heroImage,
      site.about,
      ...site.featuredOutlets,
      site.blockList.join("\n"),
      site.hero.location,
      site.hero.tagline,
      site.hero.latestArticleUrl,
      ...site.hero.professions,
      site.social.linkedin,
      site.currentRole.title,
      site.currentRole.employer,
      site.currentRole.place,
      site.currentRole.description,
    ]);
  }
  expectNothingRan(traps, "the dashboard");
  await context.close();
});
