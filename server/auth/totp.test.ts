import { Secret } from "otpauth";
import { describe, expect, it } from "vitest";
import { createTotpSecret, qrSvg, TOTP_PERIOD_SECONDS, totpCode, totpUri, verifyTotp } from "./totp.ts";

const SECRET = createTotpSecret();
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
// Mid-step, so one step either way is a whole step away and never a boundary.
const NOW = 1_750_000_000_000 - (1_750_000_000_000 % STEP_MS) + STEP_MS / 2;
const NOW_STEP = NOW / STEP_MS - 0.5;
const codeAt = (steps: number) => totpCode(SECRET, NOW + steps * STEP_MS);

describe("verifyTotp drift window", () => {
  it.each([
    ["the current step", 0, true],
    ["one step before", -1, true],
    ["one step after", 1, true],
    ["two steps before", -2, false],
    ["two steps after", 2, false],
  ])("%s -> accepted: %s", (_, steps, accepted) => {
    const result = verifyTotp(SECRET, codeAt(steps), NOW, null);
    expect(result).toEqual(accepted ? { ok: true, step: NOW_STEP + steps } : { ok: false });
  });
});

describe("verifyTotp replay", () => {
  it("refuses the same code a second time", () => {
    const first = verifyTotp(SECRET, codeAt(0), NOW, null);
    expect(first).toEqual({ ok: true, step: NOW_STEP });
    expect(verifyTotp(SECRET, codeAt(0), NOW + 1000, NOW_STEP)).toEqual({ ok: false });
  });

  it("refuses an earlier step's code once a later one was used", () => {
    const later = verifyTotp(SECRET, codeAt(1), NOW, null);
    expect(later).toEqual({ ok: true, step: NOW_STEP + 1 });
    expect(verifyTotp(SECRET, codeAt(0), NOW, NOW_STEP + 1)).toEqual({ ok: false });
  });

  it("accepts the next step's code after this one was used", () => {
    expect(verifyTotp(SECRET, codeAt(0), NOW + STEP_MS, NOW_STEP)).toEqual({ ok: false });
    expect(verifyTotp(SECRET, codeAt(1), NOW + STEP_MS, NOW_STEP)).toEqual({ ok: true, step: NOW_STEP + 1 });
  });
});

describe("verifyTotp input", () => {
  it("accepts a code typed with spaces", () => {
    const code = codeAt(0);
    expect(verifyTotp(SECRET, ` ${code.slice(0, 3)} ${code.slice(3)} `, NOW, null)).toMatchObject({ ok: true });
  });

  it.each(["", "12345", "1234567", "12a456", "١٢٣٤٥٦", "123-456", "0x1234"])("refuses %j", (code) => {
    expect(verifyTotp(SECRET, code, NOW, null)).toEqual({ ok: false });
  });
});

describe("totpCode", () => {
  it("matches RFC 6238 appendix B (SHA1, T = 59 s: 94287082, last six digits)", () => {
    const rfcSecret = Secret.fromLatin1("12345678901234567890").base32;
    expect(totpCode(rfcSecret, 59_000)).toBe("287082");
    expect(verifyTotp(rfcSecret, "287082", 59_000, null)).toEqual({ ok: true, step: 1 });
  });
});

describe("enrolment", () => {
  it("makes 160-bit base32 secrets, different each time", () => {
    expect(SECRET).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret()).not.toBe(SECRET);
  });

  it("puts issuer, account and secret in the URI", () => {
    const uri = totpUri(SECRET, "ops@muster.de", "Muster Digital");
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const parsed = new URL(uri);
    expect(decodeURIComponent(parsed.pathname)).toContain("ops@muster.de");
    expect(parsed.searchParams.get("issuer")).toBe("Muster Digital");
    expect(parsed.searchParams.get("secret")).toBe(SECRET);
    expect(parsed.searchParams.get("digits")).toBe("6");
    expect(parsed.searchParams.get("period")).toBe("30");
  });

  it("renders the URI as an inline SVG", () => {
    expect(qrSvg(totpUri(SECRET, "ops", "Muster Digital"))).toMatch(/^<svg/);
  });
});
