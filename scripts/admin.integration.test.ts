import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(join(tmpdir(), "admin-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function admin(args: string[], input?: string) {
  const { DATABASE_URL: _url, ...env } = process.env;
  const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", ...args], {
    input,
    env: { ...env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

// Each run starts a process and hashes with the production cost.
describe("npm run admin", { timeout: 30_000 }, () => {
  it("says how to create the first account while there is none", () => {
    expect(admin(["list"]).out).toContain("npm run admin -- create <username>");
  });

  it("creates, lists, resets and deletes an account", () => {
    expect(admin(["create", "ops", "--password-stdin"], "correct horse battery staple\n")).toMatchObject({ code: 0 });
    const list = admin(["list"]);
    expect(list.out).toMatch(/^ops\tops@example\.com\tcreated /m);
    expect(admin(["reset-password", "ops", "--password-stdin"], "another long passphrase\n").out).toContain(
      "signed it out everywhere",
    );
    expect(admin(["delete", "ops"])).toMatchObject({ code: 0 });
    expect(admin(["list"]).out).toContain("No staff accounts");
  });

  it("refuses weak passwords, duplicates and unknown accounts, changing nothing", () => {
    const weak = admin(["create", "alice", "--password-stdin"], "password1234\n");
    expect(weak.code).toBe(1);
    expect(weak.err).toContain("Password is too common");
    expect(admin(["create", "alice", "--password-stdin"], "short\n").err).toContain("at least 12 characters");
    expect(admin(["list"]).out).not.toContain("alice");
    expect(admin(["create", "bob", "--password-stdin"], "a perfectly good passphrase\n").code).toBe(0);
    const duplicate = admin(["create", "bob", "--password-stdin"], "another good passphrase\n");
    expect(duplicate.code).toBe(1);
    expect(duplicate.err).toContain('Account "bob" already exists');
    expect(admin(["delete", "nobody"]).err).toContain('No account "nobody"');
    expect(admin(["create", "Bad Name!", "--password-stdin"], "a perfectly good passphrase\n").err).toContain(
      "Username must be",
    );
  });

  it("prints its usage for a bad command", () => {
    const result = admin(["frobnicate"]);
    expect(result.code).toBe(2);
    expect(result.err).toContain("Usage: npm run admin");
  });

  it("asks for --password-stdin when there is no terminal", () => {
    const result = admin(["create", "carol"], "");
    expect(result.code).toBe(1);
    expect(result.err).toContain("--password-stdin");
  });
});
