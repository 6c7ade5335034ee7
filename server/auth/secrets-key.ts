// The key that lives outside the database. Secrets the server must read back
// (TOTP secrets) are sealed with keys derived from it, and device tokens are
// signed with one, so a copy of the database alone (a backup, a dump, a stolen
// disk image of the database server) opens and forges nothing. SECRETS_KEY
// from the environment comes first; else a key file in DATA_DIR, made at the
// first start with mode 0600. Every worker of an instance reads the same file;
// instances sharing one PostgreSQL database share SECRETS_KEY, and a check
// value in the database refuses a mismatch at start (sealed-secrets.ts).
import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deriveKey } from "#server/db/secrets.ts";
import { DIRECTORY_MODE, FILE_MODE } from "#server/db/private-files.ts";

export const SECRETS_KEY_FILE = "secrets.key";
const KEY_BYTES = 32;

export type SecretsKey = {
  key: Buffer;
  /** Where it came from, for the start-up log: never the key itself. */
  origin: "SECRETS_KEY" | "key file" | "new key file";
  /** The key file's path when one was read or made; whether its mode had to be tightened. */
  file?: string;
  tightened?: boolean;
};

export class SecretsKeyError extends Error {}

/** 32 bytes written as 64 hex digits or as base64 (either alphabet); undefined when the text is neither. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed, "base64");
  return bytes.length === KEY_BYTES ? bytes : undefined;
}

/** How a key is written to its file and shown to be copied into SECRETS_KEY: base64, one line. */
export const formatSecretsKey = (key: Buffer) => `${key.toString("base64")}\n`;

function readKeyFile(file: string): Buffer {
  const key = parseSecretsKey(readFileSync(file, "utf8"));
  if (!key) throw new SecretsKeyError(`${file} does not hold a key (32 bytes as base64 or 64 hex digits)`);
  return key;
}

/**
 * Makes the key file unless it exists. Written whole under a temporary name, then linked into place: a worker
 * starting at the same moment sees no file or a whole one, and link() fails rather than replace the other's key.
 */
function createKeyFile(file: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temporary, formatSecretsKey(randomBytes(KEY_BYTES)), { mode: FILE_MODE, flag: "wx" });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** SECRETS_KEY when set, else DATA_DIR's key file, made when missing. */
export function loadSecretsKey(options: { fromEnvironment: Buffer | undefined; dataDir: string }): SecretsKey {
  if (options.fromEnvironment) return { key: options.fromEnvironment, origin: "SECRETS_KEY" };
  mkdirSync(options.dataDir, { recursive: true, mode: DIRECTORY_MODE });
  const file = join(options.dataDir, SECRETS_KEY_FILE);
  let made = false;
  try {
    statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    made = createKeyFile(file);
  }
  const tightened = (statSync(file).mode & 0o777) !== FILE_MODE;
  if (tightened) chmodSync(file, FILE_MODE);
  return { key: readKeyFile(file), origin: made ? "new key file" : "key file", file, tightened };
}

/** The keys each purpose uses, derived from the one outside key, so none is used for two things. */
export const keysOf = (secretsKey: Buffer) => ({
  sealing: deriveKey(secretsKey, "sealed-secrets"),
  deviceTokens: deriveKey(secretsKey, "device-token"),
});
