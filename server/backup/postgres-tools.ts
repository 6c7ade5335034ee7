// pg_dump and pg_restore, PostgreSQL's own tools (Debian's postgresql-client):
// they must be installed where the command runs, at a version no older than
// the server's (pg_dump refuses a newer server). The password goes to them in
// the environment, never on a command line that `ps` shows to every user.
import { spawn } from "node:child_process";
import { BackupError } from "./backup-file.ts";

export type ToolRun = { code: number | null; stdout: string; stderr: string };

/** The connection for the tools: the URL without its password, and the password as PGPASSWORD. */
export function connectionFor(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a tool to its end; a tool that is not installed is refused with how to install it. */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(
              `${command} is not installed: apt-get install postgresql-client (a version at least the server's)`,
            )
          : error,
      ),
    );
    child.on("close", (code) =>
      resolve({ code, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") }),
    );
  });
}

/** Runs a tool and refuses with its own words when it fails. */
export async function runToolOrRefuse(
  what: string,
  command: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<string> {
  const run = await runTool(command, args, env);
  if (run.code !== 0) throw new BackupError(`${what}: ${command} failed: ${run.stderr.trim().slice(0, 2_000)}`);
  return run.stdout;
}
