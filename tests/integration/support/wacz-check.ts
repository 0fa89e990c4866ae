import { createHash } from "node:crypto";
import { WARCParser } from "warcio";
import yauzl from "yauzl";

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export type ZipEntry = { name: string; compressionMethod: number; data: Buffer };

/** Every entry of a zip, in the order written, read with yauzl (a reader independent of the writer). */
export function readZip(zip: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      file.on("error", reject);
      file.on("end", () => resolve(entries));
      file.on("entry", (entry: yauzl.Entry) => {
        file.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            entries.push({
              name: entry.fileName,
              compressionMethod: entry.compressionMethod,
              data: Buffer.concat(chunks),
            });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

export type ParsedRecord = {
  type: string;
  url: string;
  date: string;
  payloadDigest: string;
  blockDigest: string;
  concurrentTo: string;
  recordId: string;
  /** The HTTP status or request line and headers, as stored. */
  httpHead: string;
  payload: Buffer;
  /** The record's block as stored (HTTP head and payload), over which WARC-Block-Digest is taken. */
  block: Buffer;
};

/** Every record of a WARC file, parsed back with warcio, its block left as stored. */
export async function readWarc(bytes: Buffer): Promise<ParsedRecord[]> {
  const records: ParsedRecord[] = [];
  for await (const record of new WARCParser([bytes], { parseHttp: false })) {
    const header = (name: string) => record.warcHeaders.headers.get(name) ?? "";
    const block = Buffer.from(await record.readFully(false));
    const split = block.indexOf("\r\n\r\n");
    records.push({
      type: record.warcType ?? "",
      url: record.warcTargetURI ?? "",
      date: header("WARC-Date"),
      payloadDigest: header("WARC-Payload-Digest"),
      blockDigest: header("WARC-Block-Digest"),
      concurrentTo: header("WARC-Concurrent-To"),
      recordId: header("WARC-Record-ID"),
      httpHead: block.subarray(0, split).toString("latin1"),
      payload: block.subarray(split + 4),
      block,
    });
  }
  return records;
}

/** Checks both digests of every record; the records, for more checks. */
export async function verifiedWarc(bytes: Buffer): Promise<ParsedRecord[]> {
  const records = await readWarc(bytes);
  for (const record of records) {
    if (record.blockDigest !== `sha256:${sha256(record.block)}`)
      throw new Error(`block digest of ${record.recordId}`);
    if (record.payloadDigest !== `sha256:${sha256(record.payload)}`) {
      throw new Error(`payload digest of ${record.recordId}`);
    }
  }
  return records;
}

export type CheckedWacz = {
  entries: ZipEntry[];
  datapackage: {
    wacz_version: string;
    resources: { name: string; path: string; hash: string; bytes: number }[];
  };
  pages: { url: string; ts: string; title: string }[];
  records: ParsedRecord[];
  index: string[];
};

/**
 * A WACZ checked as the spec asks: WARCs stored under archive/, every file listed in
 * datapackage.json with its hash and size recomputed, the digest file matching, every record's
 * digests verified. Throws on the first fault.
 */
export async function checkWacz(zip: Buffer): Promise<CheckedWacz> {
  const entries = await readZip(zip);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const file = (name: string) => {
    const entry = byName.get(name);
    if (!entry) throw new Error(`no ${name} in the WACZ`);
    return entry.data;
  };
  const datapackage = JSON.parse(file("datapackage.json").toString()) as CheckedWacz["datapackage"];
  const digest = JSON.parse(file("datapackage-digest.json").toString()) as { path: string; hash: string };
  if (digest.path !== "datapackage.json" || digest.hash !== `sha256:${sha256(file("datapackage.json"))}`) {
    throw new Error("datapackage-digest.json does not match datapackage.json");
  }
  const listed = new Set(datapackage.resources.map((resource) => resource.path));
  for (const entry of entries) {
    if (entry.name.startsWith("datapackage")) continue;
    if (!listed.has(entry.name)) throw new Error(`${entry.name} is not in datapackage.json`);
  }
  const records: ParsedRecord[] = [];
  for (const resource of datapackage.resources) {
    const data = file(resource.path);
    if (resource.hash !== `sha256:${sha256(data)}` || resource.bytes !== data.length) {
      throw new Error(`${resource.path}: hash or size differs from datapackage.json`);
    }
    if (resource.path.startsWith("archive/")) {
      if (byName.get(resource.path)!.compressionMethod !== 0) throw new Error(`${resource.path} is deflated`);
      records.push(...(await verifiedWarc(data)));
    }
  }
  const [header, ...pages] = file("pages/pages.jsonl")
    .toString()
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
  if (header.format !== "json-pages-1.0") throw new Error("pages.jsonl has no json-pages-1.0 header");
  const index = file("indexes/index.cdx").toString().trimEnd().split("\n");
  return { entries, datapackage, pages, records, index };
}
