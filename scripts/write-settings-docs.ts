import fs from "node:fs";
import { envExample, withSettingsTable } from "./lib/settings-docs";

/** `npm run docs:settings`: writes README's Configuration table and `.env.example` from src/server/kernel/config.ts. */
fs.writeFileSync("README.md", withSettingsTable(fs.readFileSync("README.md", "utf8")));
fs.writeFileSync(".env.example", envExample());
