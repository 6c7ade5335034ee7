// npm run validate: lint (with formatting), types and the unit tests (the pure tier) at once,
// each in its own process; the quick check before a commit. Output comes per
// step when it ends, so the three do not interleave.
import { spawn } from "node:child_process";

const STEPS = [
  ["lint", ["run", "lint"]],
  ["types", ["run", "typecheck"]],
  ["unit tests", ["run", "test:unit"]],
] as const;

const started = Date.now();
const results = await Promise.all(
  STEPS.map(
    ([name, args]) =>
      new Promise<{ name: string; code: number; output: string }>((resolve) => {
        const child = spawn("npm", [...args], {
          stdio: ["ignore", "pipe", "pipe"],
          env: { ...process.env, FORCE_COLOR: "1" },
        });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.on("close", (code) => resolve({ name, code: code ?? 1, output }));
      }),
  ),
);
for (const { name, code, output } of results) {
  console.log(`\n▸ ${name}: ${code === 0 ? "passed" : "FAILED"}`);
  if (code !== 0) console.log(output);
}
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
console.log(
  `\nvalidate: ${failed.length === 0 ? "all passed" : `failed: ${failed.join(", ")}`}` +
    ` in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(failed.length === 0 ? 0 : 1);
