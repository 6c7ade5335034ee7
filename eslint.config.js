import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Imports flow one way: shared/ <- server/ <- app/. shared/ is pure (no Node,
// no React); app/ reaches server/ only from *.server.ts modules.
// "\\#": in these gitignore-style patterns a leading # would start a comment.
const fromServer = ["\\#server/**", "**/server/**"];
const fromApp = ["\\#app/**", "**/app/**"];
const fromContent = ["\\#content/**", "**/content/**"];
/**
 * Imports of a folder of server/ ("monitor") from another folder of server/, relative or through #server (not
 * shared/monitor/).
 */
const serverFolder = (names) => `^(#server/|(\\.\\./)+)(${names.join("|")})/`;
/** server/ boundaries: a folder never imports the others named (and nothing in server/ imports app/). */
const serverBoundary = (folder, forbidden, why) => ({
  files: [`server/${folder}/**`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          { group: fromApp, message: "server/ must not import from app/." },
          { regex: serverFolder(forbidden), message: why },
        ],
      },
    ],
  },
});

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
      // Lines a reader takes in at once: Prettier wraps code to 120; this catches what it cannot (strings, comments).
      "max-len": ["error", { code: 120, tabWidth: 2 }],
    },
  },
  {
    files: ["shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [...fromServer, ...fromApp, ...fromContent],
              message: "shared/ must not import from server/, app/ or content/.",
            },
            { group: ["node:*", "react", "react-*", "react/*"], message: "shared/ is pure: no Node APIs, no React." },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: fromApp, message: "server/ must not import from app/." }] },
      ],
    },
  },
  // What runs in production never reaches for developer scripts or test code (tests may use both).
  {
    files: ["server/**", "index.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: [
            "ImportDeclaration[source.value=/^(#scripts\\/|#tests\\/|(\\.\\.\\/)+(scripts|tests)\\/)/]",
            "ImportExpression[source.value=/^(#scripts\\/|#tests\\/|(\\.\\.\\/)+(scripts|tests)\\/)/]",
          ].join(", "),
          message: "server/ never imports scripts/ or tests/: move what both need into server/ or shared/.",
        },
      ],
    },
  },
  // Alerting is the one path every source of incidents uses; monitor/ and integrations/ share it, never each other.
  serverBoundary(
    "alerting",
    ["monitor", "integrations", "http"],
    "alerting/ is used by monitor/ and integrations/; it imports neither, nor http/.",
  ),
  serverBoundary(
    "monitor",
    ["integrations", "http"],
    "monitor/ and integrations/ share helpers through neutral modules (alerting/, " +
      "net/, scheduling/), never each other; neither imports http/.",
  ),
  serverBoundary(
    "integrations",
    ["monitor", "http"],
    "monitor/ and integrations/ share helpers through neutral modules (alerting/, " +
      "net/, scheduling/), never each other; neither imports http/.",
  ),
  serverBoundary("auth", ["http"], "auth/ never imports http/."),
  serverBoundary(
    "status",
    ["http"],
    "status/ builds the public status; http/ renders and serves it, never the other way.",
  ),
  // The copy is data in typed modules: it may use shared/ (company facts, types), nothing that runs.
  {
    files: ["content/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: [...fromServer, ...fromApp], message: "content/ is copy: it imports only shared/ and content/." },
          ],
        },
      ],
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
