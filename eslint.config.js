import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Imports flow one way: shared/ <- server/ <- app/. shared/ is pure (no Node,
// no React); app/ reaches server/ only from *.server.ts modules.
// "\\#": in these gitignore-style patterns a leading # would start a comment.
const fromServer = ["\\#server/**", "**/server/**"];
const fromApp = ["\\#app/**", "**/app/**"];
/** The components app/islands/registry.ts names, and what they render. */
const ISLAND_COMPONENTS = [
  "app/components/contact-form.tsx",
  "app/components/map-embed.tsx",
  "app/components/news-list.tsx",
  "app/components/news-meta.tsx",
  "app/components/news-ticker.tsx",
  "app/components/not-found-logger.tsx",
  "app/components/picture.tsx",
  "app/components/status/day-keys.tsx",
  "app/components/status/local-times.tsx",
];
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

/** What runs in production never reaches for developer scripts or test code (tests may use both). */
const noScriptsOrTests = {
  selector: [
    "ImportDeclaration[source.value=/^(#scripts\\/|#tests\\/|(\\.\\.\\/)+(scripts|tests)\\/)/]",
    "ImportExpression[source.value=/^(#scripts\\/|#tests\\/|(\\.\\.\\/)+(scripts|tests)\\/)/]",
  ].join(", "),
  message: "server/ never imports scripts/ or tests/: move what both need into server/ or shared/.",
};
/** One configuration path: entry points read it (index.ts, scripts/, app/settings.server.ts), the rest is handed it. */
const configHandedDown = {
  selector: "ImportSpecifier[imported.name='readConfig']",
  message: "Only entry points read the configuration: take the Config as an argument (decision 029).",
};

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
      // A function a reader can hold: longer ones are split into named steps (test suites into describe blocks).
      "max-lines-per-function": ["error", { max: 120, IIFEs: true }],
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
    files: ["index.ts"],
    rules: { "no-restricted-syntax": ["error", noScriptsOrTests] },
  },
  {
    files: ["server/**"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", noScriptsOrTests, configHandedDown] },
  },
  {
    files: ["app/**"],
    ignores: ["app/settings.server.ts"],
    rules: { "no-restricted-syntax": ["error", configHandedDown] },
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
  serverBoundary(
    "subscriptions",
    ["http", "monitor"],
    "subscriptions/ tells what the public status shows; it reads the status, never the monitor, and http/ serves it.",
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
  {
    // The chrome every public page loads is plain DOM code: a framework here would load on every page.
    files: ["app/chrome/**"],
    ignores: ["app/chrome/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: fromServer, message: "app/ reaches server/ only through a *.server.ts module." },
            {
              group: ["react", "react-dom", "react-dom/*", "lucide-react", "#app/islands/registry.ts"],
              message: "app/chrome/ is plain DOM code, loaded by every public page: no framework, no components.",
            },
          ],
        },
      ],
    },
  },
  {
    // Islands are rendered by React and hydrated by Preact, whose useId values differ (decision 030).
    files: ISLAND_COMPONENTS,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: fromServer, message: "app/ reaches server/ only through a *.server.ts module." }],
          paths: [
            {
              name: "react",
              importNames: ["useId"],
              message: "An island hydrates on Preact, whose ids differ from React's: give it a fixed id.",
            },
          ],
        },
      ],
    },
  },
);
