// `npm run admin` for tests, two ways: its commands in this process (the same
// code on a real SQLite file, in milliseconds) and the real process (what a
// person at a terminal gets: exit codes, standard input), which costs seconds
// to start and so is kept for what only a process can show.
import { spawn, spawnSync } from "node:child_process";
import { runAdmin } from "#scripts/admin-commands.ts";
import { parseConfig } from "#server/config.ts";

export type AdminResult = { code: number | null; out: string; err: string };

/** The environment a command sees: this run's, on the given data directory, without a database URL or seed account. */
function adminEnv(dataDir: string): Record<string, string | undefined> {
  const { DATABASE_URL: _url, ADMIN_USERNAME: _user, ADMIN_PASSWORD: _password, ...env } = process.env;
  return { ...env, DATA_DIR: dataDir };
}

/** Runs a command line in this process; `input` is what standard input holds (no terminal). */
export async function admin(dataDir: string, args: string[], input = ""): Promise<AdminResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(
    args,
    {
      out: (line) => out.push(`${line}\n`),
      err: (line) => err.push(`${line}\n`),
      readStdin: async () => input.replace(/\r?\n$/, ""),
      askHidden: undefined,
    },
    () => parseConfig(adminEnv(dataDir)),
  );
  return { code, out: out.join(""), err: err.join("") };
}

/** Runs `npm run admin -- …` as its own process (through tsx, as npm does). */
export function adminProcess(dataDir: string, args: string[], input?: string): AdminResult {
  const run = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", ...args], {
    input,
    env: adminEnv(dataDir),
    encoding: "utf8",
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

/** The same process, without blocking this one: the test goes on writing while the command runs. */
export function adminChild(dataDir: string, args: string[]): Promise<AdminResult> {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", ...args], {
    env: adminEnv(dataDir),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, out, err })));
}
