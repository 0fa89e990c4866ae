import { formatDayMonthYear } from "./dates";

/** Where a page names an author: its JSON-LD, an author meta tag, a `rel=author` link, the visible byline. */
export type BylinePlace = "json-ld" | "meta" | "rel-author" | "byline";

/** A name a page gives as its author, as written there, and where. */
export type PageAuthor = { name: string; place: BylinePlace };

/** Where the captured page names the owner, with the exact text it gives. */
export type BylineEvidence = { text: string; place: BylinePlace };

/** Names and headlines compared without case, accents or punctuation: "Zoë O'Neil" is "zoe o neil". */
export function plainWords(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The names the owner publishes under: the Bylines setting, else the site's name. */
export function ownerBylines(site: { name: string; bylines: readonly string[] }): string[] {
  const bylines = site.bylines.map((name) => name.trim()).filter((name) => name !== "");
  return bylines.length > 0 ? bylines : [site.name];
}

/**
 * The first author (strongest place first) in which one of the bylines appears as whole words:
 * "By Zoë Okafor, harbour reporter" names "Zoe Okafor"; "Zoë Okaforova" does not.
 */
export function bylineMatch(
  authors: readonly PageAuthor[],
  bylines: readonly string[],
): { byline: string; author: PageAuthor } | undefined {
  const wanted = bylines.map((byline) => ({ byline: byline.trim(), words: plainWords(byline) }));
  for (const author of authors) {
    const named = ` ${plainWords(author.name)} `;
    const found = wanted.find(({ words }) => words !== "" && named.includes(` ${words} `));
    if (found) return { byline: found.byline, author };
  }
  return undefined;
}

/** Where the page names the owner, in the page's own words; undefined when it does not. */
export function bylineEvidence(
  authors: readonly PageAuthor[],
  bylines: readonly string[],
): BylineEvidence | undefined {
  const found = bylineMatch(authors, bylines);
  return found && { text: found.author.name, place: found.author.place };
}

export const BYLINE_PLACE_WORDS: Record<BylinePlace, string> = {
  "json-ld": "the page's structured data",
  meta: "the page's author tag",
  "rel-author": "the page's author link",
  byline: "the page's visible byline",
};

/** 'Byline “Morgan Hale” in the page's structured data'. */
export function bylineEvidenceText(evidence: BylineEvidence): string {
  return `Byline “${evidence.text}” in ${BYLINE_PLACE_WORDS[evidence.place]}`;
}

/** What the proof page and the clip book say of one clip's page. */
export type ClipEvidence = {
  /** Null: the captured page does not name the owner; undefined: no capture was read for it. */
  byline: BylineEvidence | null | undefined;
  capture: { capturedAt: string; sha256: string; wacz: string } | undefined;
  /** The owner's note on a page that does not name them ('edited by the desk'), or "". */
  note: string;
};

/**
 * 'Byline “Morgan Hale” in the page's structured data, captured 26 Nov 2026, SHA-256 3f2a…', or
 * what the clip has instead.
 */
export function clipEvidenceLine(evidence: ClipEvidence, ownerName: string, digestDigits = 64): string {
  const { byline, capture, note } = evidence;
  if (!capture) return "Not captured yet";
  const captured = `captured ${formatShortDate(capture.capturedAt)}, SHA-256 ${capture.sha256.slice(0, digestDigits)}${digestDigits < 64 ? "…" : ""}`;
  if (byline) return `${bylineEvidenceText(byline)}, ${captured}`;
  const withNote = note === "" ? "" : ` (${note})`;
  if (byline === null) return `The page as published does not name ${ownerName}${withNote}, ${captured}`;
  return `Byline not yet read from the page${withNote}, ${captured}`;
}

/** '26 Nov 2026'. */
export function formatShortDate(iso: string): string {
  const long = formatDayMonthYear(new Date(iso));
  return long.replace(/^(\d+) (\w{3})\w* (\d+)$/, "$1 $2 $3");
}

/** The proof page's summary figures. */
export type ProofSummary = {
  clips: number;
  named: number;
  wayback: number;
  listed: number;
  authorPages: number;
};

/** '28 of 30 clips name Morgan Hale in the page as published; 27 kept by the Wayback Machine; 19 listed on 3 outlet author pages'. */
export function proofSummaryText(summary: ProofSummary, name: string): string {
  const { clips, named, wayback, listed, authorPages } = summary;
  const pages = `${authorPages} outlet author page${authorPages === 1 ? "" : "s"}`;
  return (
    `${named} of ${clips} clip${clips === 1 ? "" : "s"} name ${name} in the page as published; ` +
    `${wayback} kept by the Wayback Machine; ${listed} listed on ${pages}`
  );
}

/** One of the owner's accounts elsewhere, marked verified where it links back to the site. */
export type ProofAccount = { label: string; url: string; verified: boolean };

/** A public clip and the evidence that it is the owner's. */
export type ProofClip = {
  id: string;
  title: string;
  outlet: string;
  url: string;
  date: string;
  evidence: ClipEvidence;
  /** The address the capture was made from. */
  capturedFrom: string;
  /** The Wayback Machine's copy, when it kept one. */
  wayback: string | undefined;
  /** The outlet author pages (watched sources) that list the clip, and when last seen there. */
  listedOn: { source: string; lastSeenAt: string }[];
};

/** What `/proof` shows: who the owner is, the summary, and each public clip's evidence. */
export type ProofPage = {
  owner: { name: string; photo: string; accounts: ProofAccount[] };
  summary: ProofSummary;
  clips: ProofClip[];
};

/** The proof page's address (linked from the footer, the collection pages and the clip book). */
export const PROOF_PATH = "/proof";
