import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { ConfigError, loadConfig } from "../server/config";
import { exportContent, ImportError, importContent } from "../server/content/content-transfer";
import { createLogger } from "../server/logger";
import { decodeHtml } from "../server/reader/decode-html";
import { extractArticle } from "../server/reader/extract-article";
import { keepNewFilesPrivate } from "../server/private-files";
import { createServices } from "../server/services";
import { readPassword } from "./read-password";

const USAGE = `Usage: npx byline <command>

Commands:
  set-owner [EMAIL]    create or reset the owner's e-mail and password (signs out every session);
                       the password is asked for, or read from standard input when it is not a terminal
  export               print all content as JSON
  import FILE          replace all content with FILE (our export, or the original site's documents);
                       everything is checked first, and nothing changes if any of it is invalid
  backup FILE          write a consistent copy of the database to FILE (safe while the server runs)
  extract FILE...      print the article extracted from each HTML file (.html or .html.gz), one JSON line each

Settings come from the environment, as for the server (DATA_DIR, ...).`;

function openServices() {
  keepNewFilesPrivate();
  return createServices({ ...loadConfig(), seedDemo: false }, createLogger("silent"));
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case "set-owner": {
      const services = openServices();
      const email = (rest[0] ?? (await readPassword("Owner e-mail: ", { hidden: false }))).trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return fail("That is not an e-mail address.");
      const password = await readPassword("New password (at least 12 characters): ", { hidden: true });
      if (password.length < 12) return fail("Use at least 12 characters for the password.");
      await services.owner.set(email, password);
      services.sessions.destroyAll();
      services.store.close();
      console.log(`The owner is now ${email}. Every earlier session was signed out.`);
      return 0;
    }
    case "export": {
      const services = openServices();
      process.stdout.write(`${JSON.stringify(exportContent(services.content), null, 2)}\n`);
      services.store.close();
      return 0;
    }
    case "import": {
      if (!rest[0]) return fail("Name the file to import: npx byline import FILE");
      let raw: unknown;
      try {
        raw = JSON.parse(fs.readFileSync(rest[0], "utf8"));
      } catch (error) {
        return fail(`Could not read ${rest[0]} as JSON: ${(error as Error).message}`);
      }
      const services = openServices();
      try {
        const summary = importContent(services.store, services.content, raw);
        console.log(
          `Imported ${summary.articles} articles, ${summary.experiences} experiences, ${summary.education} education entries${summary.site ? " and the site settings" : ""}.`,
        );
        return 0;
      } catch (error) {
        if (error instanceof ImportError) return fail(error.message);
        throw error;
      } finally {
        services.store.close();
      }
    }
    case "backup": {
      if (!rest[0]) return fail("Name the backup file: npx byline backup FILE");
      const services = openServices();
      const { totalPages } = await services.store.sqlite.backup(rest[0]);
      services.store.close();
      console.log(`Backed up ${totalPages} pages to ${rest[0]}.`);
      return 0;
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
