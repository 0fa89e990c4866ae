import { describe, expect, it } from "vitest";
import {
  bylineEvidence,
  clipEvidenceLine,
  ownerBylines,
  proofSummaryText,
  type PageAuthor,
} from "./byline-evidence";

const authors = (...list: [string, PageAuthor["place"]][]) => list.map(([name, place]) => ({ name, place }));

describe("byline evidence", () => {
  it("finds the owner's name as whole words, without case or accents, in the page's own words", () => {
    const found = bylineEvidence(
      authors(["Sam Reyes", "json-ld"], ["By ZOE OKAFOR, harbour reporter", "byline"]),
      ["Zoë Okafor"],
    );
    expect(found).toEqual({ text: "By ZOE OKAFOR, harbour reporter", place: "byline" });
    expect(bylineEvidence(authors(["Zoë Okaforova", "meta"]), ["Zoë Okafor"])).toBeUndefined();
    expect(bylineEvidence(authors(["Zoë", "meta"]), ["Zoë Okafor"])).toBeUndefined();
  });

  it("takes the strongest place first and any of the bylines", () => {
    const found = bylineEvidence(authors(["Z. Okafor", "json-ld"], ["Zoe Okafor", "meta"]), [
      "Zoë Okafor",
      "Z. Okafor",
    ]);
    expect(found).toEqual({ text: "Z. Okafor", place: "json-ld" });
  });

  it("uses the site's name when the Bylines setting is empty", () => {
    expect(ownerBylines({ name: "Morgan Hale", bylines: [" ", ""] })).toEqual(["Morgan Hale"]);
    expect(ownerBylines({ name: "Morgan Hale", bylines: ["M. Hale"] })).toEqual(["M. Hale"]);
  });

  it("says where the page names the owner, or plainly that it does not", () => {
    const capture = { capturedAt: "2026-11-26T10:00:00Z", sha256: "a".repeat(64), wacz: "/w" };
    expect(
      clipEvidenceLine(
        { byline: { text: "Morgan Hale", place: "json-ld" }, capture, note: "" },
        "Morgan Hale",
        8,
      ),
    ).toBe("Byline “Morgan Hale” in the page's structured data, captured 26 Nov 2026, SHA-256 aaaaaaaa…");
    expect(clipEvidenceLine({ byline: null, capture, note: "edited by the desk" }, "Morgan Hale", 8)).toBe(
      "The page as published does not name Morgan Hale (edited by the desk), captured 26 Nov 2026, SHA-256 aaaaaaaa…",
    );
    expect(clipEvidenceLine({ byline: undefined, capture: undefined, note: "" }, "Morgan Hale")).toBe(
      "Not captured yet",
    );
  });

  it("sums the evidence up in one line", () => {
    expect(
      proofSummaryText({ clips: 30, named: 28, wayback: 27, listed: 19, authorPages: 3 }, "Morgan Hale"),
    ).toBe(
      "28 of 30 clips name Morgan Hale in the page as published; 27 kept by the Wayback Machine; 19 listed on 3 outlet author pages",
    );
  });
});
