import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Imports flow one way: shared/ <- server/ <- app/. shared/ is pure (no Node,
// no React); app/ reaches server/ only from *.server.ts modules.
// "\\#": in these gitignore-style patterns a leading # would start a comment.
const fromServer = ["\\#server/**", "**/server/**"];
const fromApp = ["\\#app/**", "**/app/**"];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: [...fromServer, ...fromApp], message: "shared/ must not import from server/ or app/." },
            { group: ["node:*", "react", "react-*", "react/*"], message: "shared/ is pure: no Node APIs, no React." },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: fromApp, message: "server/ must not import from app/." }] }],
    },
  },
  {
    files: ["app/**"],
    ignores: ["app/**/*.server.ts", "app/**/*.server.tsx", "app/entry.server.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: fromServer, message: "app/ reaches server/ only through a *.server.ts module." }] },
      ],
    },
  },
);
