// npm run admin -- <command>: manage staff accounts.
//   create <username> [--role owner|operator|viewer] [--email <address>] [--password-stdin]
//   role <username> <role>
//   disable <username> / enable <username>
//   reset-password <username> [--password-stdin]   (signs the account out everywhere)
//   reset-factors <username>   (removes second factors and recovery codes, signs out everywhere)
//   list
//   delete <username>
//   forget-sealed-secrets
//   backup <file>    (a consistent copy while the server runs; the sealing key is not in it)
//   restore <file>   (checks the copy before it replaces the database; stop the server first)
// Without --password-stdin the password is asked for twice, without echo.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { runAdmin } from "./admin-commands.ts";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

process.exitCode = await runAdmin(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  readStdin,
  askHidden: process.stdin.isTTY ? askHidden : undefined,
});
