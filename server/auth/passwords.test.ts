import { describe, expect, it } from "vitest";
import { staffText } from "#shared/i18n/staff/staff-language.ts";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";

describe("passwordProblem", () => {
  it.each([
    ["short", "Password must be at least 12 characters"],
    ["x".repeat(129) + "yz", "Password must be at most 128 characters"],
    ["qwerty123456", "Password is too common"],
    ["1q2w3e4r5t6y", "Password is too common"],
    ["aaaaaaaaaaaaaa", "Password is too common"],
    ["ops-is-my-password", "Password must not contain the username"],
  ])("%s -> %s", async (password, problem) => {
    const found = await passwordProblem(password, "ops");
    expect(found && staffText("en", found.key, found.vars)).toBe(problem);
  });

  it("accepts a long passphrase, emoji and all, without composition rules", async () => {
    expect(await passwordProblem("correct horse battery staple", "ops")).toBeNull();
    expect(await passwordProblem("🦊 im Wald läuft 🦊", "ops")).toBeNull();
  });
});

describe("argon2id hashing", () => {
  it("verifies the right password only", async () => {
    const hash = await hashPassword("correct horse battery staple", { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(hash, "correct horse battery stapler")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });
});
