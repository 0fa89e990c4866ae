import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { cutExcerpt, toReaderParagraphs, type ReaderParagraph } from "../../domain/reader-paragraphs";
import { SITE_FONT_SUBSETS, siteFontFile, type SiteFontSubset } from "../kernel/site-fonts";

export type ClipBookSize = "a4" | "letter";
export type ClipBookText = "full" | "excerpt";

/** A JPEG or PNG and its size in pixels. */
export type Picture = { data: Buffer; width: number; height: number };

/** One clip as the book shows it: every field plain text. */
export type ClipPage = {
  id: string;
  title: string;
  outlet: string;
  /** As the site shows it ("12 March 2025"), or "". */
  date: string;
  byline: string;
  description: string;
  picture: Picture | null;
  paragraphs: ReaderParagraph[];
  /** The article's own address at its publisher, or "". */
  liveUrl: string;
  /** Whether the link check found the original gone. */
  gone: boolean;
  /** Byline's copy (`PUBLIC_URL/?article=ID`): it never rots, so the QR code names it. */
  archiveUrl: string;
  /** Where the captured page names the owner, with the capture's digest (issue 39); "" for none. */
  evidence: string;
};

/** What a clip book shows: the whole portfolio, or a collection with its own title and introduction. */
export type ClipBookContent = {
  title: string;
  introduction: string;
  owner: {
    name: string;
    professions: string[];
    about: string;
    portrait: Picture | null;
    email: string;
    linkedin: string;
    siteUrl: string;
    /** PUBLIC_URL/proof: the evidence that the clips are the owner's, as a QR code on the cover. */
    proofUrl: string;
  };
  clips: ClipPage[];
};

/** The site's colours (src/web/styles/base.css). */
const INK = "#1a1a1a";
const RULE = "#d8d2c4";
const MUTED = "#5a554c";
const ACCENT = "#8a1c1c";

const MARGIN = 56;
const FOOTER_GAP = 28;
const QR_SIZE = 78;

type Face = "display" | "text" | "text-bold" | "text-italic";
const FACES: Record<Face, Parameters<typeof siteFontFile>> = {
  display: ["playfair-display", "latin", 700],
  text: ["source-serif-4", "latin", 400],
  "text-bold": ["source-serif-4", "latin", 600],
  "text-italic": ["source-serif-4", "latin", 400, "italic"],
};

let fontFiles: Map<string, Buffer> | undefined;
function fonts(): Map<string, Buffer> {
  fontFiles ??= new Map(
    (Object.keys(FACES) as Face[]).flatMap((face) =>
      SITE_FONT_SUBSETS.map((subset): [string, Buffer] => {
        const [family, , weight, style] = FACES[face];
        return [`${face}-${subset}`, siteFontFile(family, subset, weight, style)];
      }),
    ),
  );
  return fontFiles;
}

// @fontsource's own table of what each subset covers: a character outside Latin is drawn from
// the Latin Extended file (one PDF font holds one file, so a line may mix the two).
const require = createRequire(import.meta.url);
const subsetRanges = require("@fontsource/source-serif-4/unicode.json") as Record<string, string>;
const latinExtRanges: [number, number][] = subsetRanges["latin-ext"]!.split(",").map((range) => {
  const [start, end] = range.replace(/U\+/g, "").split("-");
  return [parseInt(start!, 16), parseInt(end ?? start!, 16)];
});
/** Text that needs nothing but the Latin file (the common case, checked at once). */
const LATIN_ONLY = /^[\t\n\r\x20-\xff\u2000-\u206f]*$/;

function subsetOf(codePoint: number): SiteFontSubset {
  return latinExtRanges.some(([start, end]) => codePoint >= start && codePoint <= end)
    ? "latin-ext"
    : "latin";
}

/** Text cut where it changes from one font file to the other. */
function runs(text: string): { text: string; subset: SiteFontSubset }[] {
  if (LATIN_ONLY.test(text)) return [{ text, subset: "latin" }];
  const out: { text: string; subset: SiteFontSubset }[] = [];
  for (const char of text) {
    const subset = subsetOf(char.codePointAt(0)!);
    const last = out.at(-1);
    if (last?.subset === subset) last.text += char;
    else out.push({ text: char, subset });
  }
  return out;
}

type Doc = PDFKit.PDFDocument;
type TextOptions = PDFKit.Mixins.TextOptions;

/** Writes text in one of the site's faces, switching font files mid-line where it must. */
function write(doc: Doc, face: Face, size: number, text: string, options: TextOptions = {}): void {
  const parts = runs(text);
  doc.fontSize(size);
  parts.forEach((part, index) => {
    doc
      .font(`${face}-${part.subset}`)
      .text(part.text, { ...options, continued: index < parts.length - 1 || options.continued === true });
  });
}

function height(doc: Doc, face: Face, size: number, text: string, options: TextOptions): number {
  return doc.font(`${face}-latin`).fontSize(size).heightOfString(text, options);
}

function rule(doc: Doc, weight: number, color = INK): void {
  const y = doc.y;
  doc
    .save()
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(weight)
    .strokeColor(color)
    .stroke()
    .restore();
  doc.y = y + weight + 10;
}

/** A QR code drawn as vector squares, so it stays sharp printed at any size. */
function drawQrCode(doc: Doc, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save().rect(x, y, size, size).fill("#ffffff").fillColor("#000000");
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const kicker = (parts: string[]) => parts.filter(Boolean).join(" · ").toUpperCase();

function cover(doc: Doc, book: ClipBookContent): void {
  const { owner } = book;
  const width = contentWidth(doc);
  doc.fillColor(ACCENT);
  write(doc, "text-bold", 10, kicker(owner.professions) || "PORTFOLIO", { characterSpacing: 1.5, width });
  doc.moveDown(0.6);
  rule(doc, 3);
  doc.fillColor(INK);
  write(doc, "display", 38, owner.name, { width, lineGap: 2 });
  doc.moveDown(0.2).fillColor(MUTED);
  write(doc, "text-italic", 16, book.title, { width });
  doc.moveDown(1.2);
  if (owner.portrait) {
    const top = doc.y;
    const scale = Math.min(170 / owner.portrait.width, 210 / owner.portrait.height);
    try {
      doc.image(owner.portrait.data, MARGIN, top, { fit: [170, 210] });
      doc.x = MARGIN;
      doc.y = top + owner.portrait.height * scale + 16;
    } catch {
      doc.y = top;
    }
  }
  doc.fillColor(INK);
  if (book.introduction) {
    write(doc, "text-italic", 13, book.introduction, { width, lineGap: 3 });
    doc.moveDown(1);
  }
  if (owner.about) {
    write(doc, "text", 11, owner.about, { width, lineGap: 3 });
    doc.moveDown(1);
  }
  const contacts = [
    { label: "E-mail", text: owner.email, link: owner.email && `mailto:${owner.email}` },
    { label: "LinkedIn", text: owner.linkedin, link: owner.linkedin },
    { label: "Portfolio", text: owner.siteUrl, link: owner.siteUrl },
  ].filter((contact) => contact.text);
  if (contacts.length > 0) {
    rule(doc, 0.75, RULE);
    for (const contact of contacts) {
      doc.fillColor(MUTED);
      write(doc, "text-bold", 10, `${contact.label}  `, { continued: true });
      doc.fillColor(ACCENT);
      write(doc, "text", 10, contact.text, { link: contact.link, underline: false });
    }
  }
  proofBlock(doc, owner.proofUrl);
}

/** The cover's way to the evidence: the proof page's address and its QR code. */
function proofBlock(doc: Doc, proofUrl: string): void {
  const width = contentWidth(doc);
  if (doc.y + QR_SIZE + 24 > doc.page.height - doc.page.margins.bottom) return;
  doc.moveDown(0.8);
  rule(doc, 0.75, RULE);
  const top = doc.y;
  const textWidth = width - QR_SIZE - 16;
  drawQrCode(doc, proofUrl, MARGIN + width - QR_SIZE, top, QR_SIZE);
  doc.x = MARGIN;
  doc.y = top;
  doc.fillColor(MUTED);
  write(doc, "text-bold", 10, "Proof of authorship (the QR code)", { width: textWidth });
  doc.fillColor(ACCENT);
  write(doc, "text", 10, proofUrl, { width: textWidth, link: proofUrl, underline: false });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + QR_SIZE) + 8;
}

type ContentsEntry = { clip: ClipPage; line: string; height: number };

function contentsEntries(doc: Doc, clips: ClipPage[]): ContentsEntry[] {
  const width = contentWidth(doc) - 40;
  return clips.map((clip) => {
    const line = kicker([clip.outlet, clip.date]);
    return {
      clip,
      line,
      height:
        height(doc, "text-bold", 11.5, clip.title, { width }) +
        height(doc, "text", 8.5, line, { width }) +
        10,
    };
  });
}

/** Which contents page each entry goes on: the contents pages are laid out before the clips. */
function contentsPages(doc: Doc, entries: ContentsEntry[]): ContentsEntry[][] {
  const first = doc.page.margins.top + 60;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const pages: ContentsEntry[][] = [[]];
  let y = first;
  for (const entry of entries) {
    if (y + entry.height > bottom && pages.at(-1)!.length > 0) {
      pages.push([]);
      y = doc.page.margins.top;
    }
    pages.at(-1)!.push(entry);
    y += entry.height;
  }
  return pages;
}

function drawContents(doc: Doc, pages: ContentsEntry[][], clipPage: Map<string, number>): void {
  const width = contentWidth(doc) - 40;
  pages.forEach((entries, index) => {
    doc.switchToPage(1 + index);
    doc.x = MARGIN;
    doc.y = doc.page.margins.top;
    if (index === 0) {
      doc.fillColor(INK);
      write(doc, "display", 24, "Contents");
      rule(doc, 1.5);
      doc.y = doc.page.margins.top + 60;
    }
    for (const { clip, line } of entries) {
      const top = doc.y;
      const page = String(clipPage.get(clip.id) ?? "");
      doc.fillColor(INK);
      write(doc, "text-bold", 11.5, clip.title, { width, goTo: `clip-${clip.id}` });
      doc.fillColor(MUTED);
      write(doc, "text", 8.5, line, { width, characterSpacing: 0.5 });
      doc
        .font("text-latin")
        .fontSize(11.5)
        .fillColor(INK)
        .text(page, MARGIN + width, top, { width: 40, align: "right", goTo: `clip-${clip.id}` });
      doc.x = MARGIN;
      doc.y = Math.max(doc.y, top) + 10;
    }
  });
}

function clipLinks(doc: Doc, clip: ClipPage): void {
  const width = contentWidth(doc);
  const needed = QR_SIZE + 16;
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  rule(doc, 0.75, RULE);
  const top = doc.y;
  const textWidth = width - QR_SIZE - 16;
  drawQrCode(doc, clip.archiveUrl, MARGIN + width - QR_SIZE, top, QR_SIZE);
  doc.x = MARGIN;
  doc.y = top;
  if (clip.liveUrl) {
    doc.fillColor(MUTED);
    write(doc, "text-bold", 9, clip.gone ? "Original (no longer online)" : "Original", { width: textWidth });
    doc.fillColor(ACCENT);
    write(doc, "text", 9, clip.liveUrl, { width: textWidth, link: clip.liveUrl });
    doc.moveDown(0.4);
  }
  doc.fillColor(MUTED);
  write(doc, "text-bold", 9, "Kept copy (the QR code)", { width: textWidth });
  doc.fillColor(ACCENT);
  write(doc, "text", 9, clip.archiveUrl, { width: textWidth, link: clip.archiveUrl });
  if (clip.evidence) {
    doc.moveDown(0.4).fillColor(MUTED);
    write(doc, "text-bold", 9, "Evidence", { width: textWidth });
    doc.fillColor(INK);
    write(doc, "text", 8.5, clip.evidence, { width: textWidth });
  }
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + QR_SIZE) + 14;
}

function clipPages(doc: Doc, clip: ClipPage): void {
  const width = contentWidth(doc);
  doc.addNamedDestination(`clip-${clip.id}`);
  doc.outline.addItem(clip.title);
  doc.fillColor(ACCENT);
  write(doc, "text-bold", 9.5, kicker([clip.outlet, clip.date]) || " ", { width, characterSpacing: 1 });
  doc.moveDown(0.4);
  rule(doc, 2);
  doc.fillColor(INK);
  write(doc, "display", 22, clip.title, { width, lineGap: 1 });
  doc.moveDown(0.3).fillColor(MUTED);
  write(doc, "text-italic", 11, `By ${clip.byline}`, { width });
  doc.moveDown(0.8);
  if (clip.picture) {
    const top = doc.y;
    try {
      const image = clip.picture;
      const scale = Math.min(width / image.width, 230 / image.height, 1);
      const drawn = { w: image.width * scale, h: image.height * scale };
      doc.image(image.data, MARGIN + (width - drawn.w) / 2, top, { width: drawn.w, height: drawn.h });
      doc.x = MARGIN;
      doc.y = top + drawn.h + 12;
    } catch {
      doc.y = top;
    }
  }
  if (clip.description) {
    doc.fillColor(INK);
    write(doc, "text-italic", 12, clip.description, { width, lineGap: 2 });
    doc.moveDown(0.6);
  }
  clipLinks(doc, clip);
  doc.fillColor(INK);
  for (const paragraph of clip.paragraphs) {
    if (paragraph.heading) write(doc, "text-bold", 11, paragraph.text, { width });
    else write(doc, "text", 10.5, paragraph.text, { width, lineGap: 2.5, paragraphGap: 6 });
  }
}

function footers(doc: Doc, ownerName: string): void {
  const range = doc.bufferedPageRange();
  for (let index = 1; index < range.count; index++) {
    doc.switchToPage(index);
    // Drawn in the bottom margin, which pdfkit would otherwise fill by adding a page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + FOOTER_GAP / 2 - 10;
    doc.fillColor(MUTED);
    doc.font("text-latin").fontSize(8.5);
    doc.text(String(index + 1), MARGIN, y, { width: contentWidth(doc), align: "right", lineBreak: false });
    doc.x = MARGIN;
    doc.y = y;
    write(doc, "text", 8.5, ownerName, { width: contentWidth(doc) - 40, lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * The clip book as PDF bytes: a cover, the contents (each entry a link to its clip), then each
 * clip from a new page, page numbers at the foot. The site's fonts are embedded (subset).
 */
export function renderClipBook(book: ClipBookContent, size: ClipBookSize): Promise<Buffer> {
  const doc = new PDFDocument({
    size: size === "letter" ? "LETTER" : "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_GAP },
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: `${book.owner.name}: ${book.title}`,
      Author: book.owner.name,
      Creator: "Byline",
    },
    lang: "en",
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (const [name, data] of fonts()) doc.registerFont(name, data);

  cover(doc, book);
  const contents = contentsPages(doc, contentsEntries(doc, book.clips));
  for (const _page of contents) doc.addPage();
  const clipPage = new Map<string, number>();
  for (const clip of book.clips) {
    doc.addPage();
    clipPage.set(clip.id, doc.bufferedPageRange().count);
    clipPages(doc, clip);
  }
  drawContents(doc, contents, clipPage);
  footers(doc, book.owner.name);
  doc.end();
  return ended;
}

/** A clip as the main thread hands it over: its text whole. */
export type ClipDraft = Omit<ClipPage, "paragraphs"> & { text: string };

/** Everything a book's worker needs, plain data: what it shows, the size and the text switch. */
export type ClipBookDraft = Omit<ClipBookContent, "clips"> & {
  clips: ClipDraft[];
  size: ClipBookSize;
  text: ClipBookText;
};

/** An excerpt: the opening paragraphs, about this many characters. */
const EXCERPT_CHARS = 1200;
/** Every paragraph of the longest text an article may hold. */
const ALL_PARAGRAPHS = 100_000;

function excerptOf(paragraphs: ReaderParagraph[]): ReaderParagraph[] {
  const out: ReaderParagraph[] = [];
  let length = 0;
  for (const paragraph of paragraphs) {
    if (length >= EXCERPT_CHARS) break;
    const room = EXCERPT_CHARS - length;
    const text =
      paragraph.text.length > room * 1.3 ? cutExcerpt(paragraph.text, Math.max(room, 200)) : paragraph.text;
    out.push({ ...paragraph, text });
    length += text.length;
  }
  while (out.at(-1)?.heading) out.pop();
  return out;
}

/** Bytes that crossed to the worker arrive as a Uint8Array: the same bytes, seen as a Buffer. */
const bufferOf = (picture: Picture | null): Picture | null =>
  picture && {
    ...picture,
    data: Buffer.from(picture.data.buffer, picture.data.byteOffset, picture.data.length),
  };

/** The book a draft describes: each text cut into paragraphs (all of them, or an excerpt's). */
export function contentOf(draft: ClipBookDraft): ClipBookContent {
  return {
    title: draft.title,
    introduction: draft.introduction,
    owner: { ...draft.owner, portrait: bufferOf(draft.owner.portrait) },
    clips: draft.clips.map(({ text, ...clip }) => {
      const paragraphs = toReaderParagraphs(text, ALL_PARAGRAPHS);
      return {
        ...clip,
        picture: bufferOf(clip.picture),
        paragraphs: draft.text === "excerpt" ? excerptOf(paragraphs) : paragraphs,
      };
    }),
  };
}

/** The clip book of a draft: what the clip book's worker thread runs (clip-books.ts). */
export function drawClipBook(draft: ClipBookDraft): Promise<Buffer> {
  return renderClipBook(contentOf(draft), draft.size);
}
