/** Labels the Encoding Standard maps to windows-1252 (Latin-1 and ASCII pages are decoded as it). */
const WINDOWS_1252 = new Set([
  "windows-1252",
  "cp1252",
  "x-cp1252",
  "latin1",
  "l1",
  "iso-8859-1",
  "iso8859-1",
  "iso_8859-1",
  "iso-ir-100",
  "ibm819",
  "cp819",
  "csisolatin1",
  "us-ascii",
  "ascii",
  "ansi_x3.4-1968",
]);

/** windows-1252's 0x80–0x9F; the rest of the range is Latin-1. Undefined codes stay as they are. */
const HIGH_1252 =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/**
 * Node 20's TextDecoder reads windows-1252 as plain Latin-1, turning curly quotes, dashes and the
 * euro sign into invisible control characters; this decodes it as browsers do.
 */
function decodeWindows1252(bytes: Buffer): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(...chunk).replace(/[\x80-\x9f]/g, (c) => HIGH_1252[c.charCodeAt(0) - 0x80]!);
  }
  return text;
}

/** The character set a byte order mark names: it overrides any declaration (Encoding Standard). */
function byteOrderMark(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return "utf-8";
  if (body[0] === 0xfe && body[1] === 0xff) return "utf-16be";
  if (body[0] === 0xff && body[1] === 0xfe) return "utf-16le";
  return undefined;
}

/**
 * An HTML page's (or a feed's) bytes as text, in the character set it declares (a byte order
 * mark, the Content-Type header, then `<meta charset>` or the XML declaration's `encoding` in its
 * first 4 KB). When it declares none: UTF-8, or windows-1252 when no byte past ASCII reads as
 * UTF-8. UTF-8 when it declares one we do not know.
 */
export function decodeHtml(page: { body: Uint8Array; contentType: string }): string {
  // Bytes handed to a parse worker arrive as a plain Uint8Array.
  const body = Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength);
  const head = body.subarray(0, 4096).toString("latin1");
  const declared = (
    byteOrderMark(body) ??
    /charset=["']?([\w.:-]+)/i.exec(page.contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(head)?.[1] ??
    /^\s*<\?xml[^>]+encoding=["']?([\w.:-]+)/.exec(head)?.[1]
  )?.toLowerCase();
  if (declared && WINDOWS_1252.has(declared)) return decodeWindows1252(body);
  if (!declared) {
    const text = new TextDecoder("utf-8").decode(body);
    // None of its bytes past ASCII reads as UTF-8 (an old Latin-1 feed): a browser's default, windows-1252.
    const latin = text.includes("\uFFFD") && !/[\u0080-\uFFFC\uFFFE\uFFFF]/.test(text);
    return latin ? decodeWindows1252(body) : text;
  }
  try {
    return new TextDecoder(declared).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
