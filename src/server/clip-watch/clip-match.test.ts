import { describe, expect, it } from "vitest";
import type { PageSignals } from "../kernel/extract/page-signals";
import { plainWords } from "../../domain/byline-evidence";
import { judgePage, type ReadPage } from "./clip-match";

const signals = (overrides: Partial<PageSignals> = {}): PageSignals => ({
  authors: [],
  language: "",
  canonical: "",
  authorPages: [],
  feeds: [],
  ...overrides,
});
const page = (overrides: Partial<ReadPage> = {}): ReadPage => ({
  url: "https://gazette.example/news/harbour-report",
  title: "Harbour report",
  date: "2026-03-02",
  signals: signals(),
  ...overrides,
});
const rules = { bylines: ["Zoë Okafor", "Z. Okafor"], languages: ["en"] };
const portfolio = [
  {
    id: "a1",
    url: "https://www.courier.example/2026/03/02/pier-closes/",
    title: "Pier closes",
    date: "2026-03-02",
  },
];

describe("judgePage", () => {
  it("takes a canonical address on another host of the same outlet as the page itself", () => {
    const canonical = "https://www.courier.example/2026/03/02/pier-closes/";
    const amp = page({
      url: "https://amp.courier.example/pier-closes?utm_source=rss",
      signals: signals({ canonical }),
    });
    expect(judgePage(amp, portfolio, rules)).toEqual({ kind: "in-portfolio", articleId: "a1" });
  });

  it("offers a page naming a byline, ignoring case and accents, and says where it was named", () => {
    const verdict = judgePage(
      page({
        signals: signals({
          authors: [
            { name: "Staff Reporter", place: "json-ld" },
            { name: "By ZOE OKAFOR and Ann Lee", place: "meta" },
          ],
        }),
      }),
      portfolio,
      rules,
    );
    expect(verdict).toEqual({ kind: "match", reason: 'byline "Zoë Okafor" in the page\'s author meta tag' });
  });

  it("matches whole names only", () => {
    const named = (name: string) =>
      judgePage(page({ signals: signals({ authors: [{ name, place: "byline" }] }) }), portfolio, rules).kind;
    expect(named("Zoe Okaforson")).toBe("not-owner");
    expect(named("Chloe Okafor")).toBe("not-owner");
    expect(named("Zoe Okafor, Political Editor")).toBe("match");
  });

  it("refuses a page in a language the owner does not write in, when the page states one", () => {
    const owner = [{ name: "Zoe Okafor", place: "json-ld" as const }];
    expect(
      judgePage(page({ signals: signals({ authors: owner, language: "de-DE" }) }), portfolio, rules),
    ).toEqual({
      kind: "other-language",
      language: "de-DE",
    });
    expect(
      judgePage(page({ signals: signals({ authors: owner, language: "en_GB" }) }), portfolio, rules).kind,
    ).toBe("match");
  });

  it("finds an article already in the portfolio, and copies by canonical address or headline and date", () => {
    const owner = [{ name: "Zoe Okafor", place: "json-ld" as const }];
    expect(
      judgePage(page({ url: "http://courier.example/2026/03/02/pier-closes" }), portfolio, rules),
    ).toEqual({
      kind: "in-portfolio",
      articleId: "a1",
    });
    expect(
      judgePage(
        page({ signals: signals({ canonical: "https://courier.example/2026/03/02/pier-closes" }) }),
        portfolio,
        rules,
      ),
    ).toEqual({ kind: "copy", articleId: "a1", how: "canonical" });
    // The same article with tracking in its address names itself canonical: it is in the portfolio.
    expect(
      judgePage(
        page({
          url: "https://courier.example/2026/03/02/pier-closes?utm_source=rss",
          signals: signals({ canonical: "https://courier.example/2026/03/02/pier-closes" }),
        }),
        portfolio,
        rules,
      ),
    ).toEqual({ kind: "in-portfolio", articleId: "a1" });
    expect(
      judgePage(page({ title: "Pier Closes!", signals: signals({ authors: owner }) }), portfolio, rules),
    ).toEqual({ kind: "copy", articleId: "a1", how: "headline" });
    // The same headline on another day is another story.
    expect(
      judgePage(
        page({ title: "Pier closes", date: "2026-03-03", signals: signals({ authors: owner }) }),
        portfolio,
        rules,
      ).kind,
    ).toBe("match");
  });
});

describe("plainWords", () => {
  it("reads names without accents or punctuation", () => {
    expect(plainWords("  Zoë  O'Néil ")).toBe("zoe o neil");
  });
});
