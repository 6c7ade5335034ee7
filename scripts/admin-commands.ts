// The commands of `npm run admin` (scripts/admin.ts is the process around them).
import { parseArgs } from "node:util";
import pino from "pino";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#shared/auth/password-rules.ts";
import { isRole, ROLES } from "#shared/auth/permissions.ts";
import { staffEmailAddress, staffEmailProblem } from "#shared/auth/staff-email.ts";
import { DEFAULT_ROLE, StaffInputError } from "#server/auth/staff.ts";
import { type Config, ConfigError, readConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { createServices, type Services } from "#server/services.ts";
import { BackupError } from "#server/backup/backup-file.ts";
import { runBackup, runRestore } from "./backup-commands.ts";
import { forgetSealedSecrets } from "./forget-sealed-secrets.ts";

const PASSWORD_RULES =
  `Passwords: ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters (a passphrase is welcome), ` +
  "not containing the username, not one of the passwords leaked most often.";

const USAGE = `Usage: npm run admin -- <command>
  create <username> [--role ${ROLES.join("|")}] [--email <address>] [--password-stdin]
      (the first account is an owner whatever is asked; later ones default to ${DEFAULT_ROLE};
      without --email the account has no e-mail address)
  role <username> <role>
  disable <username>
  enable <username>
  reset-password <username> [--password-stdin]
  reset-factors <username>
  list
  delete <username>
  forget-sealed-secrets
      (the secrets key is lost: removes the authenticator apps it sealed, so the server starts with a new key)
  backup <file>
      (a consistent copy of the database while the server runs; the sealing key stays apart)
  restore <file>
      (checks the copy, then replaces the database with it; stop the server first)
${PASSWORD_RULES}`;

/** Each command and how many names it takes after it. */
const COMMANDS: Record<string, number> = {
  create: 1,
  role: 2,
  disable: 1,
  enable: 1,
  "reset-password": 1,
  "reset-factors": 1,
  list: 0,
  delete: 1,
  "forget-sealed-secrets": 0,
  backup: 1,
  restore: 1,
};

type Command = {
  name: string;
  args: string[];
  role: string | undefined;
  email: string | undefined;
  passwordStdin: boolean;
};

/** The command line, or undefined when it does not fit the usage. */
function parseCommand(argv: string[]): Command | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { role: { type: "string" }, email: { type: "string" }, "password-stdin": { type: "boolean" } },
    });
  } catch {
    return undefined;
  }
  const [name, ...args] = parsed.positionals;
  if (!name || COMMANDS[name] !== args.length) return undefined;
  const { role, email } = parsed.values;
  if ((role !== undefined || email !== undefined) && name !== "create") return undefined;
  return { name, args, role, email, passwordStdin: parsed.values["password-stdin"] ?? false };
}

/** A role named on the command line, checked before anything is asked or changed. */
function checkedRole(role: string): string {
  if (!isRole(role)) throw new StaffInputError(`Unknown role "${role}": use one of ${ROLES.join(", ")}`);
  return role;
}

/** An address named on the command line, checked before the password is asked for. */
function checkedEmail(email: string): string {
  const parsed = staffEmailAddress.safeParse(email.trim());
  if (!parsed.success) throw new StaffInputError(staffEmailProblem(parsed.error));
  return parsed.data;
}

/** Where a command reads its password and writes its answers: the process's terminal, or a test's buffers. */
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
  /** All of standard input, without its final newline. */
  readStdin(): Promise<string>;
  /** Asks on a terminal without echo; undefined when there is no terminal. */
  askHidden: ((question: string) => Promise<string>) | undefined;
}

async function readPassword(io: AdminIo, fromStdin: boolean): Promise<string> {
  if (fromStdin) return io.readStdin();
  if (!io.askHidden) throw new StaffInputError("No terminal to ask for the password: pass it with --password-stdin");
  // The rules come before the first prompt, not one refusal at a time after typing twice.
  io.err(PASSWORD_RULES);
  const first = await io.askHidden("Password: ");
  const second = await io.askHidden("Repeat the password: ");
  if (first !== second) throw new StaffInputError("The passwords do not match");
  return first;
}

type AdminServices = Pick<Services, "staff" | "audit" | "factors" | "recoveryCodes" | "sessions">;

/** The way back for someone who lost every factor and recovery code (the last owner included). */
async function resetFactors({ staff, factors, recoveryCodes, sessions }: AdminServices, username: string) {
  const user = await staff.find(username);
  if (!user) throw new StaffInputError(`No account "${username}"`);
  const removed = await factors.removeAll(user.id);
  await recoveryCodes.removeAll(user.id);
  await sessions.revokeAll(user.id);
  return { user, removed };
}

async function runCommand(services: AdminServices, command: Command, io: AdminIo): Promise<void> {
  const { staff, audit } = services;
  const [username = "", second = ""] = command.args;
  // Whoever runs the command line on the host is "cli": the audit trail cannot know more.
  const record = (action: string, detail?: Record<string, unknown>) =>
    audit.record({ actor: "cli", action, target: username, ...(detail ? { detail } : {}) });
  switch (command.name) {
    case "create": {
      const role = checkedRole(command.role ?? DEFAULT_ROLE);
      const email = command.email === undefined ? undefined : checkedEmail(command.email);
      const password = await readPassword(io, command.passwordStdin);
      const user = await staff.create(username, password, role, email === undefined ? {} : { email });
      const note = user.role === role ? "" : " (the first account is always an owner)";
      await record("account.created", { role: user.role });
      io.out(`Created ${user.username} (${user.email ?? "no e-mail address"}) as ${user.role}${note}.`);
      if (!user.email) io.out("No e-mail address was given (--email <address>), so none is set.");
      break;
    }
    case "role": {
      const user = await staff.setRole(username, checkedRole(second));
      await record("account.role-changed", { role: user.role });
      io.out(`${user.username} is now ${user.role}.`);
      break;
    }
    case "disable":
      await staff.disable(username);
      await record("account.disabled");
      io.out(`Disabled ${username}: it cannot sign in, and its sessions have ended.`);
      break;
    case "enable":
      await staff.enable(username);
      await record("account.enabled");
      io.out(`Enabled ${username}: it can sign in again.`);
      break;
    case "reset-password": {
      const user = await staff.resetPassword(username, await readPassword(io, command.passwordStdin));
      await record("account.password-reset");
      io.out(`Set a new password for ${user.username} and signed it out everywhere.`);
      break;
    }
    case "reset-factors": {
      const { user, removed } = await resetFactors(services, username);
      await record("account.factors-reset", { removed });
      io.out(`Removed ${removed} second factor(s) and the recovery codes of ${user.username}; signed it out.`);
      break;
    }
    case "list": {
      const users = await staff.list();
      if (users.length === 0) io.out("No staff accounts. Create one with: npm run admin -- create <username>");
      for (const user of users) {
        const state = user.disabled ? "\tdisabled" : "";
        const created = new Date(user.createdAt).toISOString();
        io.out(`${user.username}\t${user.email ?? "-"}\tcreated ${created}\t${user.role}${state}`);
      }
      break;
    }
    case "delete":
      if (!(await staff.remove(username))) throw new StaffInputError(`No account "${username}"`);
      await record("account.deleted");
      io.out(`Deleted ${username} and its sessions.`);
      break;
  }
}

/** Runs one command line; answers its exit code (0 done, 1 refused, 2 usage). */
export async function runAdmin(argv: string[], io: AdminIo, loadConfig: () => Config = readConfig): Promise<number> {
  const command = parseCommand(argv);
  if (!command) {
    io.err(USAGE);
    return 2;
  }
  try {
    const config = loadConfig();
    if (command.name === "backup" || command.name === "restore") {
      await (command.name === "backup" ? runBackup : runRestore)(config, command.args[0]!, io);
      return 0;
    }
    const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    try {
      await migrate(database);
      const services = createServices({ config, database, logger: pino({ level: "silent" }) });
      if (command.name === "forget-sealed-secrets") await forgetSealedSecrets(config, database, services, io);
      else await runCommand(services, command, io);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof StaffInputError || error instanceof ConfigError || error instanceof BackupError))
      throw error;
    io.err(error.message);
    return 1;
  }
}
