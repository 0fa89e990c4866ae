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
