// npm run admin -- <command>: manage staff accounts.
//   create <username> [--password-stdin]
//   reset-password <username> [--password-stdin]   (signs the account out everywhere)
//   list
//   delete <username>
// Without --password-stdin the password is asked for twice, without echo.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import pino from "pino";
import { StaffInputError } from "#server/auth/staff.ts";
import { ConfigError, readConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { createServices } from "#server/services.ts";

const USAGE = `Usage: npm run admin -- <command>
  create <username> [--password-stdin]
  reset-password <username> [--password-stdin]
  list
  delete <username>`;

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

async function readPassword(args: string[]): Promise<string> {
  if (args.includes("--password-stdin")) return readStdin();
  if (!process.stdin.isTTY)
    throw new StaffInputError("No terminal to ask for the password: pass it with --password-stdin");
  const first = await askHidden("Password: ");
  const second = await askHidden("Repeat the password: ");
  if (first !== second) throw new StaffInputError("The passwords do not match");
  return first;
}

async function run(args: string[]): Promise<number> {
  const [command, username] = args.filter((a) => !a.startsWith("--"));
  const needsName = ["create", "reset-password", "delete"].includes(command ?? "");
  if (!command || !["create", "reset-password", "list", "delete"].includes(command) || (needsName && !username)) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(database);
    const { staff } = createServices({ config, database, logger: pino({ level: "silent" }) });
    switch (command) {
      case "create": {
        const user = await staff.create(username!, await readPassword(args));
        console.log(`Created ${user.username} (${user.email}).`);
        break;
      }
      case "reset-password": {
        const user = await staff.resetPassword(username!, await readPassword(args));
        console.log(`Set a new password for ${user.username} and signed it out everywhere.`);
        break;
      }
      case "list": {
        const users = await staff.list();
        if (users.length === 0) console.log("No staff accounts. Create one with: npm run admin -- create <username>");
        for (const user of users)
          console.log(`${user.username}\t${user.email}\tcreated ${new Date(user.createdAt).toISOString()}`);
        break;
      }
      case "delete": {
        if (!(await staff.remove(username!))) throw new StaffInputError(`No account "${username}"`);
        console.log(`Deleted ${username} and its sessions.`);
        break;
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof StaffInputError || error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
