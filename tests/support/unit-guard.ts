// The unit tier's rule, enforced: a unit test is pure, so it starts no
// server, opens no connection and runs no process. A test that needs a peer
// is an integration test (its file is named *.integration.test.ts), and a
// test that prints says something nobody reads: both fail here.
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";
import { afterEach, beforeEach } from "vitest";

const refuse = (what: string) => () => {
  throw new Error(`A unit test ${what}: a test that needs a peer goes in a *.integration.test.ts file.`);
};
net.Server.prototype.listen = refuse("started a server") as never;
net.Socket.prototype.connect = refuse("opened a connection") as never;
for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = refuse("ran a process");
}
syncBuiltinESMExports();

// Output a test did not ask for fails it: the console stays quiet on a green run.
const printed: string[] = [];
const original = { log: console.log, info: console.info, warn: console.warn, error: console.error };
beforeEach(() => {
  printed.length = 0;
  for (const level of Object.keys(original) as (keyof typeof original)[]) {
    console[level] = (...args: unknown[]) => void printed.push(`console.${level}: ${args.map(String).join(" ")}`);
  }
});
afterEach(() => {
  Object.assign(console, original);
  if (printed.length > 0) throw new Error(`The test printed what nobody reads:\n${printed.join("\n")}`);
});
