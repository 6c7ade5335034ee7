// The rules a new staff password must meet (OWASP ASVS 5: length and not a leaked password, no composition
// rules), listed up front beside every field that sets one, and which of them a typed password meets already.

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

/** `met` is null where the browser cannot tell (the leaked-password list is the server's). */
export type PasswordRule = { id: "length" | "username" | "common"; text: string; met: boolean | null };

export function passwordRules(password: string, username?: string): PasswordRule[] {
  const length = [...password].length;
  const name = username?.trim().toLowerCase();
  return [
    {
      id: "length",
      text: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters (spaces count: a passphrase is welcome)`,
      met: length >= MIN_PASSWORD_LENGTH && length <= MAX_PASSWORD_LENGTH,
    },
    {
      id: "username",
      text: "Does not contain your username",
      met: name ? password !== "" && !password.toLowerCase().includes(name) : null,
    },
    { id: "common", text: "Not one of the passwords leaked most often (checked when you save)", met: null },
  ];
}
