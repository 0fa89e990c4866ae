import zlib from "node:zlib";

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty final deflate block: closes the stream after the last flushed part. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Deflates `bytes` as a self-contained, byte-aligned run: no reference back to what came before. */
const deflatePart = (bytes: Buffer, level: number) =>
  zlib.deflateRawSync(bytes, { level, finishFlush: zlib.constants.Z_FULL_FLUSH });

/**
 * A gzip body for text that is the same every time but for one short string repeated in it (a
 * cached page and its per-response CSP nonce). The fixed parts are deflated once, each as its
 * own full-flushed run, so a response only deflates the short string and splices the runs
 * together; the result is one ordinary gzip stream.
 */
export function splicedGzip(parts: readonly string[], level = 9): (joiner: string) => Buffer {
  const texts = parts.map((part) => Buffer.from(part));
  const deflated = texts.map((text) => deflatePart(text, level));
  return (joiner) => {
    const joinText = Buffer.from(joiner);
    const joinDeflated = deflatePart(joinText, 1);
    const pieces: Buffer[] = [HEADER];
    let crc = 0;
    let size = 0;
    // Node's crc32 answers 0 for an empty buffer that zlib has been handed, whatever the running value.
    const add = (text: Buffer) => {
      if (text.length === 0) return;
      crc = zlib.crc32(text, crc);
      size += text.length;
    };
    texts.forEach((text, index) => {
      if (index > 0) {
        pieces.push(joinDeflated);
        add(joinText);
      }
      pieces.push(deflated[index]!);
      add(text);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size % 2 ** 32, 4);
    return Buffer.concat([...pieces, FINAL_BLOCK, trailer]);
  };
}
