import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import fs from "node:fs";
import globals from "globals";

const webFeatures = fs
  .readdirSync("src/web/features", { withFileTypes: true })
  .filter((d) => d.isDirectory());
const noServerInWeb = {
  group: ["**/server/**", "!**/*.server", "!**/*.server.ts"],
  message: "The browser never imports server code.",
};
// The server is a kernel (src/server/kernel: database, HTTP helpers, the safe fetcher, the parse
// guard, the extraction engine, config, logger, shared errors and caches) and capabilities beside
// it, one folder each. A capability uses the kernel and src/domain; what it needs of another it
// names in its capability.ts, and the wiring hands it over (decision 040). It may name another's
// types (the shape of what it is given), never load its code (decision 031).
const serverCapabilities = fs
  .readdirSync("src/server", { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "kernel")
  .map((d) => d.name);
const serverWiring = ["app", "capabilities", "main", "pages", "services", "write-reactions"];
const upTo = (name) => [`../${name}`, `../../${name}`, `../../../${name}`, `**/server/${name}`];
const noWebInServer = {
  group: ["**/web/**"],
  message:
    "The server never imports browser code; it renders pages through the React Router build (pages.ts).",
};
const noWiring = {
  group: serverWiring.flatMap((file) => upTo(file)),
  message:
    "Only the wiring (capabilities.ts, services.ts, app.ts, main.ts) composes capabilities; name what you need in your capability.ts.",
};
/** Kernel and capability files: no browser code, no wiring, and `patterns` besides. */
const serverFence = (files, patterns) => ({
  files,
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      { patterns: [noWebInServer, noWiring, ...patterns] },
    ],
  },
});
// Code that reaches the browser takes `z` from src/domain/zod.ts, which turns off zod's eval probe
// (a CSP violation on every page).
const zodThroughDomain = { name: "zod", message: "Import { z } from src/domain/zod.ts." };
// Node's React renderer switches on an AsyncLocalStorage for the life of the process, which slows
// every request, cached ones included (decision 026).
const webPaths = [
  zodThroughDomain,
  ...["react-dom/server", "react-dom/server.node"].map((name) => ({
    name,
    message: "Render with react-dom/server.edge (see src/web/entry.server.tsx).",
  })),
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/web/**/*.tsx", "src/web/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    files: ["src/domain/**/*.ts"],
    ignores: ["src/domain/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [zodThroughDomain], patterns: ["../server/*", "../web/*", "../cli/*", "node:*"] },
      ],
    },
  },
  {
    files: ["src/web/**/*.ts", "src/web/**/*.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: webPaths, patterns: [noServerInWeb] }] },
  },
  // Features never import each other; routes compose them, and what they share lives in web/lib
  // or web/components.
  ...webFeatures.map(({ name }) => ({
    files: [`src/web/features/${name}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: webPaths,
          patterns: [
            noServerInWeb,
            ...webFeatures
              .filter((other) => other.name !== name)
              .map((other) => ({
                group: [`**/features/${other.name}/**`, `../${other.name}/**`, `../../${other.name}/**`],
                message: `Feature '${name}' may not import feature '${other.name}'; move what both need to src/web/lib.`,
              })),
          ],
        },
      ],
    },
  })),
  {
    files: ["src/server/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [noWebInServer] }] },
  },
  serverFence(
    ["src/server/kernel/**/*.ts", "src/server/kernel/**/*.mjs"],
    [
      {
        group: serverCapabilities.flatMap((name) => upTo(name).map((path) => `${path}/**`)),
        message:
          "The kernel knows no capability: pass what it needs in, or move the shared part into the kernel.",
      },
    ],
  ),
  ...serverCapabilities.map((name) =>
    serverFence(
      [`src/server/${name}/**/*.ts`],
      serverCapabilities
        .filter((other) => other !== name)
        .map((other) => ({
          group: upTo(other).map((path) => `${path}/**`),
          allowTypeImports: true,
          message: `Capability '${name}' may not load capability '${other}'; name what you need of it in the needs of your capability.ts (types may be imported).`,
        })),
    ),
  ),
  // Every server-side request goes through the safe fetcher (SSRF guard, size and time limits).
  {
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/kernel/fetch/safe-fetch.ts", "src/server/**/*.test.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        {
          name: "fetch",
          message: "Use the safe fetcher (src/server/kernel/fetch/safe-fetch.ts) for server-side requests.",
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          paths: ["undici", "node-fetch", "axios"].map((name) => ({
            name,
            message: "Use the safe fetcher (src/server/kernel/fetch/safe-fetch.ts).",
          })),
        },
      ],
    },
  },
);
