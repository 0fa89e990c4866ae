import net from "node:net";

/**
 * Path traversal payloads and a raw HTTP client to send them. The client writes the request line
 * byte for byte: fetch() and new URL() would resolve `../` before the server ever saw it.
 * Shared by tests/integration/attack-paths.test.ts (a built tree of its own) and
 * tests/e2e/path-traversal.spec.ts (the production server on the real build).
 */

/** Ways to write "one directory up" and the separator that goes with it. */
export const CLIMBS: ReadonlyArray<readonly [up: string, separator: string]> = [
  ["..", "/"],
  ["..", "%2f"],
  ["..", "%2F"],
  ["%2e%2e", "/"],
  ["%2e%2e", "%2f"],
  ["%2E%2E", "%2F"],
  [".%2e", "/"],
  ["%2e.", "%2f"],
  ["%252e%252e", "%252f"],
  ["..", "%252f"],
  ["%252e%252e", "/"],
  ["%25252e%25252e", "%25252f"],
  ["..", "\\"],
  ["..", "%5c"],
  ["%2e%2e", "%5c"],
  ["..", "%255c"],
  ["%c0%ae%c0%ae", "/"],
  ["..", "%c0%af"],
  ["%e0%80%ae%e0%80%ae", "%e0%80%af"],
  ["%u002e%u002e", "%u2215"],
  ["....", "//"],
  ["..;", "/"],
  ["..%00", "/"],
  ["..%2500", "/"],
  [".%00.", "/"],
];

/** Where a traversal may start: the static roots and the routes around them. */
export const PREFIXES = [
  "/",
  "/assets/",
  "/demo/",
  "/demo/portrait.jpg/",
  "/assets/x/y/",
  "/admin/",
  "/api/images/",
];

/**
 * What must never be served, as a path from the directory that holds the build: the project's
 * package.json, the SQLite database and the image cache in DATA_DIR, the server bundle, and
 * (climbing to the file system's root) /etc/passwd and files by absolute path.
 */
export type Target = { path: string; fromRoot: boolean };

/**
 * Request targets that climb out of the static root (`depth` directories below the directory
 * that holds both the build and the target files) with every climb, from every prefix.
 */
export function traversalPaths(
  targets: readonly Target[],
  depth: number,
  prefixes: readonly string[] = PREFIXES,
): string[] {
  const paths = new Set<string>();
  for (const prefix of prefixes) {
    const below = depth + prefix.split("/").filter(Boolean).length;
    for (const [up, separator] of CLIMBS) {
      for (const target of targets) {
        const levels = target.fromRoot ? below + 12 : below;
        const rest = target.path.replace(/^\/+/, "").split("/").join(separator);
        paths.add(`${prefix}${`${up}${separator}`.repeat(levels)}${rest}`);
      }
    }
  }
  return [...paths];
}

/** Absolute paths, NUL bytes, odd request targets: no climbing, just other ways out. */
export function oddPaths(targets: readonly Target[]): string[] {
  const absolute = targets
    .filter((target) => target.fromRoot)
    .map((target) => `/${target.path.replace(/^\/+/, "")}`);
  const paths: string[] = [];
  for (const file of absolute) {
    const encoded = file.split("/").join("%2f");
    paths.push(
      `/${file}`,
      encoded,
      `/${encoded}`,
      `/demo/${encoded}`,
      `/demo/${file}`,
      `/assets/${file.replaceAll("/", "\\")}`,
      `/assets/${file.replaceAll("/", "%5c")}`,
      `/%00${file}`,
      `/demo/%00/..${file}`,
      `/demo/portrait.jpg%00${file}`,
      `/assets/%2e${file}`,
    );
  }
  paths.push(
    "/demo/portrait.jpg%00",
    "/demo/portrait.jpg%00.html",
    "/demo/portrait.jpg%2500",
    "/demo/portrait.jpg%00/../../package.json",
    "/.%2fpackage.json",
    "/.%2e/package.json",
    "/assets/C:%5cWindows%5cwin.ini",
    "/assets/\\\\localhost\\c$\\Windows\\win.ini",
    "/demo/%5c%5clocalhost%5cc$%5cWindows%5cwin.ini",
    "/%2e%2e",
    "/demo/%2e%2e",
    "/demo/..",
    "/..",
    "/.",
    "/%2e",
  );
  return paths;
}

/** Request targets that are not a path at all (absolute-form, no leading slash, `*`). */
export function oddRequestTargets(host: string): string[] {
  return [
    `http://${host}/../../package.json`,
    `http://${host}/demo/..%2f..%2fpackage.json`,
    "../../package.json",
    "..%2f..%2fpackage.json",
    "demo/../../package.json",
    "file:///etc/passwd",
    "*",
  ];
}

/** `/api/images?url=` values that name files instead of web addresses. */
export function imageUrlPayloads(targets: readonly Target[]): string[] {
  const values: string[] = [];
  for (const target of targets) {
    const rest = target.path.replace(/^\/+/, "");
    values.push(
      `../../${rest}`,
      `../../../../../../../../../../${rest}`,
      `..\\..\\${rest.replaceAll("/", "\\")}`,
      `/${rest}`,
      `/demo/../../${rest}`,
      `%2e%2e%2f%2e%2e%2f${rest}`,
      `${rest}\u0000.jpg`,
      `/demo/portrait.jpg\u0000/../../${rest}`,
      `file:///${rest}`,
      `file://localhost/${rest}`,
      `C:\\${rest.replaceAll("/", "\\")}`,
      `\\\\localhost\\c$\\${rest}`,
    );
  }
  return values;
}

export type RawResponse = { status: number; text: string };

/**
 * Sends `GET <target> HTTP/1.1` exactly as written and reads the whole answer. A connection the
 * server drops without answering (it refused to parse the line) reads as status 400.
 */
export function rawGet(port: number, target: string, host = `127.0.0.1:${port}`): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to GET ${target}`)));
    socket.on("connect", () => {
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`,
        "latin1",
      );
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({ status: status ? Number(status) : 400, text });
    });
  });
}
