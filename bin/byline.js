#!/usr/bin/env node
// The CLI is TypeScript like the rest of Byline; tsx compiles it on the fly.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/main.ts");
