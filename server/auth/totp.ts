// Time-based one-time passwords (RFC 6238) with the parameters every authenticator app
// understands: SHA1, 6 digits, 30-second steps. Anything else and some apps silently show
// wrong codes, so these are fixed rather than configurable.
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";

export const TOTP_PERIOD_SECONDS = 30;

const DIGITS = 6;
const ALGORITHM = "SHA1";

function totpFor(secret: string, account = "", issuer = ""): TOTP {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** A new random secret, base32 (160 bits). */
export function createTotpSecret(): string {
  // 160 bits: RFC 4226's recommended length, and the HMAC-SHA1 block it keys is no longer.
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads (issuer = company name, label = account). */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totpFor(secret, account, issuer).toString();
}

/** The URI as an inline SVG (uqr's renderSVG), for the enrolment page; no external image. */
export function qrSvg(text: string): string {
  return renderSVG(text);
}

/**
 * Checks a code at `nowMs` with one step of drift either way. A code is accepted only for a time step
 * later than `lastStep` (the last one accepted for this factor), so a used code, or an older one, is refused.
 * Returns the accepted step, to store as the new lastStep.
 */
export function verifyTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): { ok: true; step: number } | { ok: false } {
  // Apps show codes grouped ("123 456") and people paste them that way.
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return { ok: false };
  const delta = totpFor(secret).validate({ token, timestamp: nowMs, window: 1 });
  if (delta === null) return { ok: false };
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
  // RFC 6238 section 5.2: a code is good once; a step at or before the last accepted one is a replay.
  if (lastStep !== null && step <= lastStep) return { ok: false };
  return { ok: true, step };
}

/** The code for a time (tests and the enrolment check use it). */
export function totpCode(secret: string, nowMs: number): string {
  return totpFor(secret).generate({ timestamp: nowMs });
}
