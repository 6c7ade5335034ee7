import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seal, unseal } from "./sealed.ts";

const KEY = randomBytes(32);
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** The sealed text with one bit of part `index` (1 iv, 2 tag, 3 ciphertext) flipped, spelled canonically. */
function flipBit(sealed: string, index: number): string {
  const parts = sealed.split(".");
  const bytes = Buffer.from(parts[index]!, "base64url");
  bytes[0]! ^= 1;
  parts[index] = bytes.toString("base64url");
  return parts.join(".");
}

describe("seal and unseal", () => {
  it.each([SECRET, "", "Grüße, 🦊", "x".repeat(10_000)])("round-trips %#", (plain) => {
    const sealed = seal(KEY, plain);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]*$/);
    expect(unseal(KEY, sealed)).toBe(plain);
  });

  it("seals the same text differently each time", () => {
    const first = seal(KEY, SECRET);
    const second = seal(KEY, SECRET);
    expect(first).not.toBe(second);
    expect(first).not.toContain(SECRET);
  });

  it.each([
    ["the iv", 1],
    ["the tag", 2],
    ["the ciphertext", 3],
  ])("throws when %s was altered", (_, index) => {
    expect(() => unseal(KEY, flipBit(seal(KEY, SECRET), index))).toThrow();
  });

  it("throws when a character was appended to or changed in a part", () => {
    const sealed = seal(KEY, SECRET);
    const parts = sealed.split(".");
    for (const index of [1, 2, 3]) {
      const longer = parts.map((part, i) => (i === index ? `${part}A` : part)).join(".");
      expect(() => unseal(KEY, longer)).toThrow();
    }
    // The tag's last character carries spare bits: another spelling of the same bytes is refused too.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const tag = parts[2]!;
    const respelled = tag.slice(0, -1) + alphabet[alphabet.indexOf(tag.at(-1)!) ^ 1];
    expect(Buffer.from(respelled, "base64url")).toEqual(Buffer.from(tag, "base64url"));
    expect(() => unseal(KEY, [parts[0], parts[1], respelled, parts[3]].join("."))).toThrow();
  });

  it("throws with another key", () => {
    expect(() => unseal(randomBytes(32), seal(KEY, SECRET))).toThrow();
  });

  it("refuses keys that are not 32 bytes", () => {
    expect(() => seal(randomBytes(16), SECRET)).toThrow(/32 bytes/);
    expect(() => unseal(randomBytes(31), seal(KEY, SECRET))).toThrow(/32 bytes/);
  });

  it.each(["", "v1", "v1...", "v2.a.b.c", "v1.a.b", "v1.a.b.c.d", "v1.!!!!.????.****", SECRET])(
    "throws on malformed input %j",
    (input) => {
      expect(() => unseal(KEY, input)).toThrow();
    },
  );

  it("throws on a different version prefix of a good seal", () => {
    expect(() => unseal(KEY, seal(KEY, SECRET).replace(/^v1/, "v2"))).toThrow();
  });
});
