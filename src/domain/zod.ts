import { z } from "zod";

// Zod compiles object parsers with `new Function`, and probes for it as soon as an object schema
// is built. The browser runs under a CSP without 'unsafe-eval', where even that probe is reported
// as a violation, so the browser parses without compiling; the server keeps the faster parsers.
z.config({ jitless: typeof window !== "undefined" });

export { z };
