import { createHash } from "node:crypto";
import satori, { type Font } from "satori";
import sharp from "sharp";
import { SITE_FONT_SUBSETS, siteFontFile } from "../kernel/site-fonts";

/** What link previews show best: LinkedIn, X, Slack and iMessage all crop to 1.91:1. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const PHOTO_WIDTH = 420;

/** The site's colours (src/web/styles/base.css). */
const INK = "#1a1a1a";
const PAPER = "#fbf9f4";
const RULE = "#d8d2c4";
const MUTED = "#5a554c";
const ACCENT = "#8a1c1c";

export type SiteCardInput = {
  kind: "site";
  name: string;
  tagline: string;
  professions: string[];
  host: string;
  photo: string;
};
export type ArticleCardInput = {
  kind: "article";
  siteName: string;
  title: string;
  outlet: string;
  date: string;
  host: string;
  photo: string;
};
export type CardInput = SiteCardInput | ArticleCardInput;

/** Names what a card shows, so its address and ETag change exactly when the picture would. */
export function cardVersion(input: CardInput): string {
  return createHash("sha256").update(JSON.stringify(input)).digest("base64url").slice(0, 16);
}

let fonts: Font[] | undefined;
function loadFonts(): Font[] {
  fonts ??= [
    ...SITE_FONT_SUBSETS.map(
      (subset): Font => ({
        name: "Display",
        data: siteFontFile("playfair-display", subset, 700),
        weight: 700,
        style: "normal",
      }),
    ),
    ...SITE_FONT_SUBSETS.flatMap((subset): Font[] => [
      {
        name: "Text",
        data: siteFontFile("source-serif-4", subset, 400),
        weight: 400,
        style: "normal",
      },
      {
        name: "Text",
        data: siteFontFile("source-serif-4", subset, 600),
        weight: 600,
        style: "normal",
      },
      {
        name: "Text",
        data: siteFontFile("source-serif-4", subset, 400, "italic"),
        weight: 400,
        style: "italic",
      },
    ]),
  ];
  return fonts;
}

type Style = Record<string, string | number>;
type Node = { type: string; props: { style?: Style; children?: Child | Child[] } };
type Child = Node | string;
const el = (type: string, style: Style, children?: Child | Child[]): Node => ({
  type,
  props: { style, children },
});

function clip(text: string, max: number): string {
  const value = text.replace(/\s+/g, " ").trim();
  return value.length <= max ? value : `${value.slice(0, max - 1).trimEnd()}…`;
}

/** The name at a size that fits: long names step down rather than run off the card. */
function displaySize(text: string, sizes: [number, number][]): number {
  return sizes.find(([longest]) => text.length <= longest)?.[1] ?? sizes.at(-1)![1];
}

/** The newspaper frame both cards share: a red kicker over a heavy rule, the body, a footer line. */
function frame(width: number, kicker: string, body: Node[], footer: Node[]): Node {
  return el(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      width,
      height: CARD_HEIGHT,
      padding: "56px 64px",
      boxSizing: "border-box",
      backgroundColor: PAPER,
      color: INK,
    },
    [
      el(
        "div",
        {
          display: "flex",
          fontFamily: "Text",
          fontWeight: 600,
          fontSize: 21,
          letterSpacing: 3,
          color: ACCENT,
          textTransform: "uppercase",
        },
        kicker,
      ),
      el("div", { display: "flex", height: 4, marginTop: 20, borderTop: `4px solid ${INK}` }),
      ...body,
      el("div", { display: "flex", flexGrow: 1 }),
      el(
        "div",
        {
          display: "flex",
          justifyContent: "space-between",
          paddingTop: 16,
          borderTop: `1px solid ${RULE}`,
          fontFamily: "Text",
          fontSize: 26,
          color: MUTED,
        },
        footer,
      ),
    ],
  );
}

const headline = (text: string, sizes: [number, number][], lineHeight: number) =>
  el(
    "div",
    {
      display: "flex",
      marginTop: 28,
      fontFamily: "Display",
      fontWeight: 700,
      fontSize: displaySize(text, sizes),
      lineHeight,
    },
    text,
  );

const footerText = (text: string) => el("div", { display: "flex" }, text);

function siteLayout(input: SiteCardInput, width: number): Node {
  const professions = input.professions.map((p) => p.trim()).filter(Boolean);
  const name = clip(input.name, 60);
  return frame(
    width,
    professions.length > 0 ? professions.join(" · ") : "Portfolio",
    [
      headline(
        name,
        [
          [14, 96],
          [22, 80],
          [32, 64],
        ],
        1.05,
      ),
      el(
        "div",
        {
          display: "flex",
          marginTop: 28,
          fontFamily: "Text",
          fontStyle: "italic",
          fontSize: 34,
          lineHeight: 1.3,
          color: MUTED,
        },
        clip(input.tagline, 150),
      ),
    ],
    [footerText(input.host)],
  );
}

function articleLayout(input: ArticleCardInput, width: number): Node {
  const kicker = clip([input.outlet, input.date].filter(Boolean).join(" · ") || input.siteName, 60);
  return frame(
    width,
    kicker,
    [
      headline(
        clip(input.title, 180),
        [
          [50, 64],
          [90, 52],
          [140, 42],
        ],
        1.12,
      ),
    ],
    [footerText(`By ${clip(input.siteName, 40)}`), footerText(input.host)],
  );
}

/**
 * The card as a PNG: the text drawn with the embedded fonts (satori lays it out as SVG paths),
 * and the photo, when there is one, cropped into a panel on the right by sharp.
 */
export async function renderCard(input: CardInput, photo: Buffer | null): Promise<Buffer> {
  const panel = photo
    ? await sharp(photo)
        .rotate()
        .resize(PHOTO_WIDTH, CARD_HEIGHT, { fit: "cover", position: sharp.strategy.attention })
        .toBuffer()
        .catch(() => null)
    : null;
  const textWidth = panel ? CARD_WIDTH - PHOTO_WIDTH : CARD_WIDTH;
  const layout = input.kind === "site" ? siteLayout(input, textWidth) : articleLayout(input, textWidth);
  const svg = await satori(layout as Parameters<typeof satori>[0], {
    width: textWidth,
    height: CARD_HEIGHT,
    fonts: loadFonts(),
  });
  const text = await sharp(Buffer.from(svg)).png().toBuffer();
  return sharp({
    create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: PAPER },
  })
    .composite([
      { input: text, left: 0, top: 0 },
      ...(panel ? [{ input: panel, left: textWidth, top: 0 }] : []),
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
