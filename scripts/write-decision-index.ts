import fs from "node:fs";
import path from "node:path";
import { decisionIndex, DECISIONS_DIR } from "./lib/decision-index";

/** `npm run docs:decisions`: writes docs/decisions/README.md from the notes. */
fs.writeFileSync(path.join(DECISIONS_DIR, "README.md"), decisionIndex());
