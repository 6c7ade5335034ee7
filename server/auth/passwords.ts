// Staff passwords: the policy (12 to 128 characters, not a common password,
// no composition rules, per OWASP ASVS 5) and argon2id hashing.
// The limits are shared: the forms list them beside the password field.
import { hash, verify } from "@node-rs/argon2";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#shared/auth/password-rules.ts";
import type { StaffSentence } from "./sentence-error.ts";

export type HashOptions = { memoryCost: number; timeCost: number; parallelism: number };

/** argon2id, 64 MiB, 3 passes: above OWASP's minimum (19 MiB, 2 passes). */
export const PRODUCTION_HASH_OPTIONS: HashOptions = { memoryCost: 64 * 1024, timeCost: 3, parallelism: 1 };

// 49,000 passwords leaked most often (the zxcvbn-ts common list). Loaded when a
// password is first set, not at start: the list's module costs every server
// process about 11 MB of memory, and passwords are set rarely (decision 022).
let commonPasswords: Promise<Set<string>> | undefined;
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase())),
  );
  return commonPasswords;
}

/** Why a new password is refused, or null when it is acceptable. */
export async function passwordProblem(password: string, username?: string): Promise<StaffSentence | null> {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return { key: "api.password.tooShort", vars: { min: MIN_PASSWORD_LENGTH } };
  if (length > MAX_PASSWORD_LENGTH) return { key: "api.password.tooLongRule", vars: { max: MAX_PASSWORD_LENGTH } };
  const lower = password.toLowerCase();
  const common = await loadCommonPasswords();
  if (common.has(lower) || common.has(lower.replace(/\d+$/, ""))) return { key: "api.password.common" };
  if (/^(.)\1*$/u.test(password)) return { key: "api.password.common" };
  if (username && lower.includes(username.toLowerCase())) return { key: "api.password.containsUsername" };
  return null;
}

export function hashPassword(password: string, options: HashOptions): Promise<string> {
  // Algorithm 2 is argon2id.
  return hash(password, { ...options, algorithm: 2 });
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
