// `npm start` runs this first: builds when there is no build or when the
// sources or build-time settings changed since the last one.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadDotEnv } from "#server/config.ts";
import { BUILD_INFO, inputsFingerprint } from "./build-steps.ts";

loadDotEnv();

const root = process.cwd();
let built: string | undefined;
try {
  built = (JSON.parse(readFileSync(join(root, BUILD_INFO), "utf8")) as { fingerprint?: string }).fingerprint;
} catch {
  built = undefined;
}
if (built !== inputsFingerprint(root, process.env)) {
  console.log(built ? "Sources changed since the last build: building." : "No build yet: building.");
  execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "scripts/build.ts")], {
    stdio: "inherit",
  });
}
