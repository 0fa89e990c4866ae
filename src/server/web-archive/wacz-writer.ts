import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Readable } from "node:stream";
import { CDXIndexer, WARCParser } from "warcio";
import { ZipFile } from "yazl";

/** WACZ 1.1.1 (specs.webrecorder.net/wacz/1.1.1): what ReplayWeb.page and the wacz tools read. */
export const WACZ_VERSION = "1.1.1";

export type WaczWarc = { path: string; name: string; capturedAt: string };
export type WaczPage = { id: string; url: string; ts: string; title: string };
export type WaczContents = {
  title: string;
  software: string;
  created: Date;
  warcs: WaczWarc[];
  pages: WaczPage[];
};

type Resource = { name: string; path: string; hash: string; bytes: number };

const sha256Of = (bytes: Buffer) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`;

/**
 * A WACZ as a stream. Each WARC is read twice, one at a time, before the zip starts (once to hash
 * it, once to index it) and a third time while it streams into the zip: only the index and the
 * page list are ever in memory, never the archives. `datapackage.json` lists every file's hash,
 * so it and its digest come last.
 */
export async function writeWacz(contents: WaczContents): Promise<Readable> {
  const resources: Resource[] = [];
  const index: string[] = [];
  const indexer = new CDXIndexer({ format: "cdxj" });
  for (const warc of contents.warcs) {
    const { hash, bytes } = await hashFile(warc.path);
    resources.push({ name: warc.name, path: `archive/${warc.name}`, hash, bytes });
    const parser = new WARCParser(fs.createReadStream(warc.path));
    for await (const entry of indexer.iterRecords(parser, warc.name))
      index.push(indexer.serializeCDXJ(entry));
  }
  // CDXJ is searched by binary search over its SURT-ordered lines.
  index.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const cdx = Buffer.from(index.join(""));
  const pages = Buffer.from(
    [{ format: "json-pages-1.0", id: "pages", title: "All Pages" }, ...contents.pages]
      .map((line) => `${JSON.stringify(line)}\n`)
      .join(""),
  );
  resources.push(
    { name: "index.cdx", path: "indexes/index.cdx", hash: sha256Of(cdx), bytes: cdx.length },
    { name: "pages.jsonl", path: "pages/pages.jsonl", hash: sha256Of(pages), bytes: pages.length },
  );
  const datapackage = Buffer.from(
    JSON.stringify(
      {
        profile: "data-package",
        wacz_version: WACZ_VERSION,
        title: contents.title,
        created: contents.created.toISOString(),
        modified: contents.created.toISOString(),
        software: contents.software,
        resources,
      },
      null,
      2,
    ),
  );
  const digest = Buffer.from(
    JSON.stringify({ path: "datapackage.json", hash: sha256Of(datapackage) }, null, 2),
  );

  const zip = new ZipFile();
  const mtime = contents.created;
  // The WACZ spec asks for the WARCs to be stored, not deflated, so a reader can seek into them.
  for (const warc of contents.warcs) {
    zip.addFile(warc.path, `archive/${warc.name}`, { compress: false, mtime: new Date(warc.capturedAt) });
  }
  zip.addBuffer(cdx, "indexes/index.cdx", { mtime });
  zip.addBuffer(pages, "pages/pages.jsonl", { mtime });
  zip.addBuffer(datapackage, "datapackage.json", { mtime });
  zip.addBuffer(digest, "datapackage-digest.json", { mtime });
  zip.end();
  return zip.outputStream as Readable;
}

async function hashFile(file: string): Promise<{ hash: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { hash: `sha256:${hash.digest("hex")}`, bytes };
}
