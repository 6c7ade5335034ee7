// Secrets the server must read back (a TOTP secret, unlike a password, cannot be hashed) are
// sealed with AES-256-GCM before they reach the database, so a leaked backup or SQL dump
// alone does not yield them. GCM's tag makes any change to a stored value an error, not
// a silently different secret.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new Error("A sealing key must be 32 bytes");
}

/** Seals text with a 32-byte key: "v1.<iv>.<tag>.<ciphertext>" base64url parts. */
export function seal(key: Buffer, plain: string): string {
  checkKey(key);
  // A fresh random 96-bit IV per seal: GCM's security depends on never reusing one under a key.
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"));
  return [VERSION, ...parts].join(".");
}

/** Opens it; throws on a wrong key or any tampering. */
export function unseal(key: Buffer, sealed: string): string {
  checkKey(key);
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) throw new Error("Not a sealed value");
  const [iv, tag, ciphertext] = parts.slice(1).map(decodePart) as [Buffer, Buffer, Buffer];
  // Node accepts shorter tags unless told the length, which would let a truncated tag weaken the check.
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error("Not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("The sealed value was altered or sealed with another key");
  }
}

function decodePart(part: string): Buffer {
  // Buffer.from skips foreign characters and ignores a last character's spare bits: only the one canonical
  // spelling of each part opens, so no altered text decodes to the same bytes.
  const bytes = Buffer.from(part, "base64url");
  if (bytes.toString("base64url") !== part) throw new Error("Not a sealed value");
  return bytes;
}
