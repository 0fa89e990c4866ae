import fs from "node:fs";
import { withSettingsTable } from "./lib/settings-table";

/** `npm run docs:settings`: writes README's Configuration table from src/server/kernel/config.ts. */
const readme = fs.readFileSync("README.md", "utf8");
fs.writeFileSync("README.md", withSettingsTable(readme));
