import { describe, expect, it } from "vitest";
import { decodeHtml } from "./decode-html";

const TEXT = "Zoë’s café — “€2m”, 50…";
/** TEXT as windows-1252 bytes. */
const cp1252 = Buffer.from(
  [...TEXT].map(
    (ch) => ({ "’": 0x92, "“": 0x93, "”": 0x94, "—": 0x97, "€": 0x80, "…": 0x85 })[ch] ?? ch.charCodeAt(0),
  ),
);

describe("decodeHtml", () => {
  it("reads windows-1252 (and the Latin-1 labels that mean it) as a browser does", () => {
    for (const label of ["windows-1252", "ISO-8859-1", "latin1", "us-ascii"]) {
      const head = Buffer.from(`<meta charset="${label}">`, "latin1");
      expect(decodeHtml({ body: Buffer.concat([head, cp1252]), contentType: "" })).toBe(
        `<meta charset="${label}">${TEXT}`,
      );
    }
  });

  it("prefers the Content-Type header's charset to the page's meta", () => {
    const body = Buffer.concat([Buffer.from('<meta charset="utf-8">'), cp1252]);
    expect(decodeHtml({ body, contentType: "text/html; charset=windows-1252" })).toContain(TEXT);
  });

  it("reads UTF-8 by default, other declared sets through TextDecoder, and an unknown one as UTF-8", () => {
    expect(decodeHtml({ body: Buffer.from(TEXT), contentType: "text/html" })).toBe(TEXT);
    const sjis = Buffer.from([0x93, 0xfa, 0x96, 0x7b]); // 日本 in Shift_JIS
    expect(decodeHtml({ body: sjis, contentType: "text/html; charset=shift_jis" })).toBe("日本");
    expect(decodeHtml({ body: Buffer.from(TEXT), contentType: "text/html; charset=x-made-up" })).toBe(TEXT);
  });
});

describe("decodeHtml on feeds and marked text", () => {
  it("reads the character set of an XML declaration when the server names none", () => {
    const head = Buffer.from('<?xml version="1.0" encoding="windows-1251"?><rss><title>');
    const title = Buffer.from([0xcd, 0xee, 0xe2, 0xee, 0xf1, 0xf2, 0xe8]); // Новости
    expect(decodeHtml({ body: Buffer.concat([head, title]), contentType: "text/xml" })).toContain(
      "<title>Новости",
    );
    const latin1 = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>'), cp1252]);
    expect(decodeHtml({ body: latin1, contentType: "application/x-rss+xml" })).toContain(TEXT);
  });

  it("follows a byte order mark over any declaration", () => {
    const utf16 = Buffer.from(`\uFEFF<?xml version="1.0" encoding="utf-8"?><rss>${TEXT}`, "utf16le");
    expect(decodeHtml({ body: utf16, contentType: "text/xml; charset=iso-8859-1" })).toBe(
      `<?xml version="1.0" encoding="utf-8"?><rss>${TEXT}`,
    );
  });
});

describe("decodeHtml with no declared character set", () => {
  it("reads windows-1252 when no byte past ASCII is UTF-8, and UTF-8 with a stray invalid byte as UTF-8", () => {
    const rss = (bytes: Buffer) => Buffer.concat([Buffer.from("<rss><title>"), bytes]);
    expect(decodeHtml({ body: rss(cp1252), contentType: "application/x-rss+xml" })).toBe(
      `<rss><title>${TEXT}`,
    );
    const mostlyUtf8 = Buffer.concat([Buffer.from(TEXT), Buffer.from([0xff])]);
    expect(decodeHtml({ body: rss(mostlyUtf8), contentType: "" })).toBe(`<rss><title>${TEXT}\uFFFD`);
  });
});
