import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { ConfigError, loadConfig } from "../server/kernel/config";
import { exportSite, ImportError, importContent, type ImportSummary } from "../server/content/content-backup";
import { holdsSite } from "../server/kernel/db/open-database";
import { createLogger } from "../server/kernel/logger";
import { decodeHtml } from "../server/kernel/extract/decode-html";
import { extractArticle } from "../server/kernel/extract/extract-article";
import { keepNewFilesPrivate } from "../server/kernel/private-files";
import { createServices } from "../server/services";
import { extensionOfName } from "../server/uploads/upload-service";
import { recordBackup } from "../server/kernel/backup-record";
import { isDiskFull } from "../server/kernel/disk/disk-full";
import { writeFileAtomic, writeFileAtomicSync, temporaryPathFor } from "../server/kernel/disk/atomic-write";
import { pruneBackups } from "../server/kernel/disk/prune-backups";
import { checkImportedUploads, exportUploads, mirrorUploads } from "../server/uploads/uploads-backup";
import { importStartSchema, matchesByline } from "../domain/back-catalogue";
import { credentialsSchema, newPasswordSchema, type Article } from "../domain/content";
import { CatalogueBusyError } from "../server/back-catalogue/back-catalogue-service";
import { WatchError } from "../server/clip-watch/clip-watch-service";
import { watchSourceSchema } from "../domain/clip-watch";
import { readPassword } from "./read-password";
import { counted } from "../domain/counted";

const USAGE = `Usage: npx byline <command>

Commands:
  set-owner [EMAIL]    create or reset the owner's e-mail and password (signs out every session);
                       the password is asked for, or read from standard input when it is not a terminal
  export               print everything the owner made as JSON: the site settings, articles, experience,
                       education, collections, watched sources, clips (waiting, added, dismissed), read
                       counts, contact messages and the uploaded images (base64 in "uploads"); not the
                       web-archive captures, which backup DIR copies
  import [--new] FILE  replace the content with FILE (our export, or the original site's documents) and
                       add its uploaded images; collections, sources, clips, read counts and messages are
                       replaced when FILE has them; everything is checked first, and nothing changes if
                       any of it is invalid; --new makes a new site in a DATA_DIR that holds none
  backup DIR           write a consistent copy of the database to DIR/byline.sqlite, the uploaded
                       images to DIR/uploads and the web-archive captures to DIR/archive/warc (safe
                       while the server runs)
  backup FILE.sqlite   the database alone, to FILE.sqlite
  extract FILE...      print the article extracted from each HTML file (.html or .html.gz), one JSON line each
  import-from URL [--author NAME] [--yes]
                       find the articles on an author page, a feed or a sitemap, read each one and print
                       them as JSON lines (only those whose page names NAME, or no author, with --author);
                       --yes adds the ones that could be read to the portfolio
  watch add URL        watch an author page, feed or sitemap for new articles that name you as author
  watch list           print the watched sources, one JSON line each
  watch check          check every watched source now and print each new clip as a JSON line
  clip-book [--collection TITLE] [--letter] [--excerpt] OUT.pdf
                       write the PDF clip book of the whole portfolio, or of the collection called
                       TITLE, to OUT.pdf (A4 and every clip's full text, unless --letter for US Letter
                       or --excerpt for the opening paragraphs)

  archive export OUT.wacz
                       write the web archive of every capture (WACZ 1.1.1: the WARCs, their index and one
                       page per article) to OUT.wacz, for ReplayWeb.page or any WARC tool
  archive reextract    extract every article's archived text again from the page bytes of its newest
                       capture, without the network; one JSON line per article that failed

Settings come from the environment, as for the server (DATA_DIR, ...). export, import, backup and
archive refuse a DATA_DIR that holds no site.`;

function openServices() {
  keepNewFilesPrivate();
  return createServices({ ...loadConfig(), seedDemo: false }, createLogger("silent"));
}

/**
 * Why the data directory holds no site, for the commands that read or replace one: a nightly backup
 * of a mistyped or unset DATA_DIR would otherwise copy an empty site and succeed.
 */
function noSiteMessage(command: string, hint = ""): string | undefined {
  const { dataDir, dataDirIsSet } = loadConfig();
  if (holdsSite(dataDir)) return undefined;
  const where = dataDirIsSet ? `DATA_DIR is ${dataDir}` : `DATA_DIR is not set, so ${dataDir} was used`;
  return `byline ${command}: no site found (${where}, which holds no byline.sqlite). Set DATA_DIR to the server's data directory${hint}. Nothing was done.`;
}

/** The parts of the site, in words, for the summaries of export, import and backup. */
function describeSite(services: ReturnType<typeof openServices>): string {
  const count = (table: string, where = "") =>
    (services.store.sqlite.prepare(`select count(*) as n from ${table} ${where}`).get() as { n: number }).n;
  return [
    counted(count("articles"), "article"),
    counted(count("collections"), "collection"),
    counted(count("watch_sources"), "watched source"),
    counted(count("contact_messages", "where kind = 'contact'"), "message"),
  ].join(", ");
}

function describeImport(summary: ImportSummary, images: number): string {
  const parts = [
    counted(summary.articles, "article"),
    counted(summary.experiences, "experience"),
    counted(summary.education, "education entry", "education entries"),
    ...(summary.site ? ["the site settings"] : []),
    ...(summary.collections === undefined ? [] : [counted(summary.collections, "collection")]),
    ...(summary.sources === undefined ? [] : [counted(summary.sources, "watched source")]),
    ...(summary.clips === undefined ? [] : [counted(summary.clips, "clip")]),
    ...(summary.readCounts === undefined
      ? []
      : [counted(summary.readCounts, "day's read count", "days' read counts")]),
    ...(summary.messages === undefined ? [] : [counted(summary.messages, "message")]),
  ];
  return `Imported ${parts.join(", ")} and ${counted(images, "uploaded image")}.`;
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case "set-owner": {
      const services = openServices();
      // The same rules as the sign-in and setup forms.
      const email = credentialsSchema.shape.email.safeParse(
        rest[0] ?? (await readPassword("Owner e-mail: ", { hidden: false })),
      );
      if (!email.success) return fail(`${email.error.issues[0]!.message}.`);
      const password = newPasswordSchema.safeParse(
        await readPassword("New password (at least 12 characters): ", { hidden: true }),
      );
      if (!password.success) return fail(`${password.error.issues[0]!.message} for the password.`);
      await services.owner.set(email.data.toLowerCase(), password.data);
      services.sessions.destroyAll();
      services.store.close();
      console.log(`The owner is now ${email.data.toLowerCase()}. Every earlier session was signed out.`);
      return 0;
    }
    case "export": {
      const refusal = noSiteMessage("export");
      if (refusal) return fail(refusal);
      const services = openServices();
      try {
        const uploads = await exportUploads(services.uploads);
        process.stdout.write(
          `${JSON.stringify({ ...exportSite(services.store, services.content), uploads }, null, 2)}\n`,
        );
        console.error(`Exported ${describeSite(services)} and ${counted(uploads.length, "uploaded image")}.`);
        return 0;
      } finally {
        services.store.close();
      }
    }
    case "import": {
      const fresh = rest.includes("--new");
      const files = rest.filter((arg) => arg !== "--new");
      if (files.length !== 1 || files[0]!.startsWith("--"))
        return fail("Name the file to import: npx byline import [--new] FILE");
      const file = files[0]!;
      let raw: unknown;
      try {
        raw = JSON.parse(fs.readFileSync(file, "utf8"));
      } catch (error) {
        return fail(`Could not read ${file} as JSON: ${(error as Error).message}`);
      }
      const refusal = fresh
        ? undefined
        : noSiteMessage("import", ", or add --new to make a new site there from the file");
      if (refusal) return fail(refusal);
      const services = openServices();
      try {
        const uploads = await checkImportedUploads((raw as { uploads?: unknown } | null)?.uploads);
        if (uploads.problems.length) throw new ImportError(uploads.problems.slice(0, 20));
        const summary = importContent(services.store, services.content, raw);
        for (const file of uploads.files) await services.uploads.store(file.body, extensionOfName(file.name));
        console.log(describeImport(summary, uploads.files.length));
        return 0;
      } catch (error) {
        if (error instanceof ImportError) return fail(error.message);
        throw error;
      } finally {
        services.store.close();
      }
    }
    case "backup": {
      const target = rest[0];
      if (!target) return fail("Name the backup folder: npx byline backup DIR");
      const refusal = noSiteMessage("backup");
      if (refusal) return fail(refusal);
      const services = openServices();
      const newFolder = !target.endsWith(".sqlite") && !fs.existsSync(target);
      try {
        if (target.endsWith(".sqlite")) {
          await backUpDatabase(services, target);
          console.log(
            `Backed up the database (${describeSite(services)}) to ${target}; npx byline backup DIR adds the uploaded images and the web-archive captures.`,
          );
          recordBackup(services.config.dataDir, new Date());
          return 0;
        }
        fs.mkdirSync(target, { recursive: true, mode: 0o700 });
        const database = path.join(target, "byline.sqlite");
        await backUpDatabase(services, database);
        const uploads = await mirrorUploads(services.uploads, path.join(target, "uploads"));
        const warcs = path.join(target, "archive", "warc");
        const captures = await services.webArchive.copyCapturesTo(warcs);
        console.log(
          `Backed up the database (${describeSite(services)}) to ${database} and ${counted(uploads, "uploaded image")} to ${path.join(target, "uploads")}.`,
        );
        console.log(
          `Copied ${counted(captures, "new web-archive capture")} to ${warcs} (${counted(services.webArchive.captures.all().length, "capture")} in all).`,
        );
        recordBackup(services.config.dataDir, new Date());
        for (const folder of pruneBackups(target, services.config.backupsMb * 1024 * 1024))
          console.log(`Deleted the oldest backup, ${folder}, to keep the backups within BACKUPS_MB.`);
        return 0;
      } catch (error) {
        if (!isDiskFull(error)) throw error;
        // Half a backup is no backup: a folder this run made goes with the failure.
        if (newFolder) fs.rmSync(target, { recursive: true, force: true });
        return fail(`The disk is full: no backup was made at ${target}. Free some space, then run it again.`);
      } finally {
        services.store.close();
      }
    }
    case "extract": {
      if (rest.length === 0) return fail("Name one or more HTML files: npx byline extract FILE...");
      let failures = 0;
      for (const file of rest) {
        try {
          const bytes = fs.readFileSync(file);
          const body = file.endsWith(".gz") ? gunzipSync(bytes) : bytes;
          const html = decodeHtml({ body, contentType: "" });
          const { title, author, publishDate, image, excerpt, content } = extractArticle(html);
          console.log(JSON.stringify({ file, title, author, publishDate, image, excerpt, content }));
        } catch (error) {
          failures += 1;
          console.log(JSON.stringify({ file, error: (error as Error).message }));
        }
      }
      return failures ? 1 : 0;
    }
    case "import-from":
      return importFrom(rest);
    case "watch":
      return watch(rest);
    case "clip-book":
      return clipBook(rest);
    case "archive":
      return webArchive(rest);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      console.log(USAGE);
      return command === undefined ? 1 : 0;
    default:
      return fail(`Unknown command '${command}'.\n\n${USAGE}`);
  }
}

async function importFrom(args: string[]): Promise<number> {
  const usage = "npx byline import-from URL [--author NAME] [--yes]";
  let url: string | undefined;
  let author = "";
  let yes = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--yes") yes = true;
    else if (arg === "--author" && args[i + 1] !== undefined) author = args[++i] as string;
    else if (arg.startsWith("--author=")) author = arg.slice("--author=".length);
    else if (!arg.startsWith("--") && url === undefined) url = arg;
    else return fail(`Unknown option '${arg}'. Usage: ${usage}`);
  }
  if (url === undefined) return fail(`Name the page to import from: ${usage}`);
  const parsed = importStartSchema.safeParse({ url });
  if (!parsed.success) return fail(`${parsed.error.issues[0]!.message}.`);
  const services = openServices();
  try {
    const started = Date.now();
    let id: string;
    try {
      id = services.imports.start(parsed.data.url).id;
    } catch (error) {
      if (error instanceof CatalogueBusyError) return fail(error.message);
      throw error;
    }
    // Ctrl-C cancels the import (rather than leaving it for the server to take over), at once:
    // what the pages still being read would write is refused now that the job is cancelled.
    const cancel = () => {
      services.imports.cancel(id);
      process.exit(fail("The import was cancelled."));
    };
    process.once("SIGINT", cancel);
    await services.imports.finished(id);
    process.off("SIGINT", cancel);
    const job = services.imports.get(id)!;
    if (job.status === "failed") return fail(`Could not import from ${job.url}: ${job.error}`);
    if (job.status === "cancelled")
      return fail("The import was cancelled (on the dashboard's Import screen).");
    if (job.status !== "done") {
      return fail(
        "This process stopped answering for too long and another one took the import over: see the dashboard's Import screen.",
      );
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const chosen = job.candidates.filter((candidate) => matchesByline(candidate.author, author));
    for (const { id: _id, articleId: _articleId, ...candidate } of chosen)
      console.log(JSON.stringify(candidate));
    const unreadable = chosen.filter((candidate) => candidate.status === "failed").length;
    console.error(
      `Found ${chosen.length} articles${author ? ` by ${author} (or with no byline)` : ""} in ${seconds} s; ${unreadable} could not be read.`,
    );
    if (!yes) {
      console.error("Nothing was added: run again with --yes to add them.");
      return 0;
    }
    const ready = chosen.filter((candidate) => candidate.status === "ready").map((candidate) => candidate.id);
    const { added } = ready.length > 0 ? services.imports.add(id, ready) : { added: [] };
    // Each added article's page is read again and kept as its capture.
    await services.pageReading.idle();
    const total = ((Date.now() - started) / 1000).toFixed(1);
    console.error(`Added ${added.length} articles to the portfolio (${total} s in all).`);
    return 0;
  } finally {
    await services.imports.stop();
    services.store.close();
  }
}

/** `byline watch add URL`, `watch list`, `watch check`: the Sources tab's watch from the command line. */
async function watch(args: string[]): Promise<number> {
  const usage = "npx byline watch add URL | watch list | watch check";
  const [action, url, ...extra] = args;
  if (action === "add" && url === undefined) return fail(`Name the page, feed or sitemap to watch: ${usage}`);
  if (!["add", "list", "check"].includes(action ?? "") || extra.length > 0 || (action !== "add" && url)) {
    return fail(`Usage: ${usage}`);
  }
  const parsed = action === "add" ? watchSourceSchema.safeParse({ url }) : undefined;
  if (parsed && !parsed.success) return fail(`${parsed.error.issues[0]!.message}.`);
  const services = openServices();
  try {
    if (parsed) {
      const { source, created } = await services.watch.addSource(parsed.data.url);
      console.log(JSON.stringify(source));
      console.error(
        created
          ? `Watching ${source.url} (${source.kind}${source.gzipped ? ", gzipped" : ""}); its first check is the server's next look, or run: npx byline watch check`
          : `${source.url} is already watched.`,
      );
      return 0;
    }
    if (action === "check") {
      for (const clip of await services.watch.checkNow()) console.log(JSON.stringify(clip));
    }
    const { sources, waiting } = services.watch.overview();
    if (action === "list") for (const source of sources) console.log(JSON.stringify(source));
    for (const source of sources.filter((source) => source.state !== "ok")) {
      console.error(
        `${source.url}: ${source.state}, ${source.lastError} (${source.failures} failed checks in a row)`,
      );
    }
    console.error(
      `${sources.length} sources watched; ${waiting} new clips wait on the dashboard's Clips tab.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof WatchError) return fail(error.message);
    throw error;
  } finally {
    // A 'new clips are waiting' e-mail the check queued is the server's to deliver.
    await services.watch.stop();
    services.store.close();
  }
}

async function clipBook(args: string[]): Promise<number> {
  const usage = "npx byline clip-book [--collection TITLE] [--letter] [--excerpt] OUT.pdf";
  const flags = new Set<string>();
  const files: string[] = [];
  let title: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--collection") {
      title = args[++i];
      if (title === undefined) return fail(`Name the collection after --collection: ${usage}`);
    } else if (arg === "--letter" || arg === "--excerpt") flags.add(arg);
    else if (arg.startsWith("--")) return fail(`Unknown option ${arg}: ${usage}`);
    else files.push(arg);
  }
  if (files.length !== 1) return fail(`Name one file to write: ${usage}`);
  const services = openServices();
  try {
    let collection: { title: string; introduction: string; articles: Article[] } | undefined;
    if (title !== undefined) {
      const wanted = title.trim().toLowerCase();
      const found = services.collections.list().filter((item) => item.title.trim().toLowerCase() === wanted);
      if (found.length !== 1) {
        const titles = services.collections.list().map((item) => `"${item.title}"`);
        return fail(
          found.length > 1
            ? `${found.length} collections are called "${title}": rename one in the dashboard.`
            : `No collection is called "${title}". ${titles.length ? `The collections: ${titles.join(", ")}.` : "There are no collections yet."}`,
        );
      }
      const { id, title: shown, introduction } = found[0]!;
      collection = { title: shown, introduction, articles: services.collections.articlesOf(id) ?? [] };
    }
    const book = await services.clipBooks.book({
      size: flags.has("--letter") ? "letter" : "a4",
      text: flags.has("--excerpt") ? "excerpt" : "full",
      ...collection,
    });
    writeFileAtomicSync(files[0]!, book.pdf);
    console.error(`Wrote ${files[0]} (${Math.round(book.pdf.length / 1024)} KB).`);
    return 0;
  } finally {
    await services.images.idle();
    services.store.close();
  }
}

async function webArchive(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "export") {
    if (rest.length !== 1 || rest[0]!.startsWith("--")) {
      return fail("Name one file to write: npx byline archive export OUT.wacz");
    }
    const refusal = noSiteMessage("archive export");
    if (refusal) return fail(refusal);
    const services = openServices();
    try {
      const captures = services.webArchive.captures.all().length;
      await writeFileAtomic(rest[0]!, await services.webArchive.portfolioWacz());
      console.error(
        `Wrote ${rest[0]} (${counted(captures, "capture")}, ${Math.round(fs.statSync(rest[0]!).size / 1024)} KB).`,
      );
      return 0;
    } finally {
      services.store.close();
    }
  }
  if (sub === "reextract" && rest.length === 0) {
    const refusal = noSiteMessage("archive reextract");
    if (refusal) return fail(refusal);
    const services = openServices();
    try {
      const summary = await services.pageReading.reextract();
      for (const failure of summary.failed) console.log(JSON.stringify(failure));
      console.error(
        `Extracted ${summary.reextracted} of ${summary.articles} captured articles again from the archive.`,
      );
      return summary.failed.length > 0 ? 1 : 0;
    } finally {
      services.store.close();
    }
  }
  return fail("Usage: npx byline archive export OUT.wacz | npx byline archive reextract");
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);

/** SQLite's online backup into a temporary file, renamed once complete (nothing half-written). */
async function backUpDatabase(services: ReturnType<typeof openServices>, target: string): Promise<void> {
  const temporary = temporaryPathFor(target);
  try {
    await services.store.sqlite.backup(temporary);
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
