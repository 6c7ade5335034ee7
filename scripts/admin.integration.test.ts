import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { admin as adminIn, adminProcess } from "#tests/support/admin-cli.ts";

const dataDir = mkdtempSync(join(tmpdir(), "admin-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const admin = (args: string[], input?: string) => adminIn(dataDir, args, input);

// The commands run in this process, each hashing with the production cost; the last three tests start the real
// process, for what only it can show (exit codes, standard input, no terminal).
describe("npm run admin", { timeout: 30_000 }, () => {
  it("says how to create the first account while there is none", async () => {
    expect((await admin(["list"])).out).toContain("npm run admin -- create <username>");
  });

  it("creates, lists, resets and deletes an account", async () => {
    const created = await admin(["create", "ops", "--password-stdin"], "correct horse battery staple\n");
    expect(created).toMatchObject({ code: 0 });
    // No address is made up for the first owner: it has none, and is told so.
    expect(created.out).toContain("Created ops (no e-mail address) as owner");
    expect(created.out).toContain("No e-mail address was given (--email <address>), so none is set.");
    const list = await admin(["list"]);
    expect(list.out).toMatch(/^ops\t-\tcreated /m);
    expect((await admin(["reset-password", "ops", "--password-stdin"], "another long passphrase\n")).out).toContain(
      "signed it out everywhere",
    );
    // The last owner stays until another account is owner: the team is never left without one.
    expect((await admin(["delete", "ops"])).err).toContain('"ops" is the last owner');
    const spare = await admin(
      ["create", "spare", "--role", "owner", "--password-stdin"],
      "a second owner's long passphrase\n",
    );
    expect(spare).toMatchObject({ code: 0 });
    expect(await admin(["delete", "ops"])).toMatchObject({ code: 0 });
    expect((await admin(["list"])).out).not.toMatch(/^ops\t/m);
  });

  it("refuses weak passwords, duplicates and unknown accounts, changing nothing", async () => {
    const weak = await admin(["create", "alice", "--password-stdin"], "password1234\n");
    expect(weak.code).toBe(1);
    expect(weak.err).toContain("Password is too common");
    expect((await admin(["create", "alice", "--password-stdin"], "short\n")).err).toContain("at least 12 characters");
    expect((await admin(["list"])).out).not.toContain("alice");
    expect((await admin(["create", "bob", "--password-stdin"], "a perfectly good passphrase\n")).code).toBe(0);
    const duplicate = await admin(["create", "bob", "--password-stdin"], "another good passphrase\n");
    expect(duplicate.code).toBe(1);
    expect(duplicate.err).toContain('Account "bob" already exists');
    expect((await admin(["delete", "nobody"])).err).toContain('No account "nobody"');
    const badName = await admin(["create", "Bad Name!", "--password-stdin"], "a perfectly good passphrase\n");
    expect(badName.err).toContain("Username must be");
  });

  it("stores an address given with --email, and refuses a bad or taken one changing nothing", async () => {
    const made = await admin(
      ["create", "erin", "--email", "Erin@Example.org", "--password-stdin"],
      "a long passphrase of hers\n",
    );
    expect(made).toMatchObject({ code: 0 });
    expect(made.out).toContain("Created erin (erin@example.org) as viewer.");
    expect((await admin(["list"])).out).toMatch(/^erin\terin@example\.org\tcreated /m);
    const bad = await admin(["create", "carol", "--email", "carol@example", "--password-stdin"], "a good passphrase\n");
    expect(bad).toMatchObject({ code: 1, err: "E-mail: enter a full address such as carol@example.com\n" });
    const taken = await admin(
      ["create", "frank", "--email", "ERIN@example.org", "--password-stdin"],
      "a long passphrase of his\n",
    );
    expect(taken).toMatchObject({ code: 1, err: "An account with the address erin@example.org exists already\n" });
    const list = (await admin(["list"])).out;
    expect(list).not.toMatch(/^(carol|frank)\t/m);
    expect((await admin(["list", "--email", "x@example.org"])).code).toBe(2);
  });

  it("names the password rules in its usage", async () => {
    expect((await admin(["help"])).err).toContain("Passwords: 12 to 128 characters");
  });

  it("as a process: reads the password from standard input and exits 0", () => {
    const created = adminProcess(dataDir, ["create", "dave", "--password-stdin"], "a process-made passphrase\n");
    expect(created).toMatchObject({ code: 0 });
    expect(created.out).toContain("Created dave");
  });

  it("as a process: prints its usage for a bad command and exits 2", () => {
    const result = adminProcess(dataDir, ["frobnicate"]);
    expect(result.code).toBe(2);
    expect(result.err).toContain("Usage: npm run admin");
  });

  it("as a process: asks for --password-stdin when there is no terminal, and exits 1", () => {
    const result = adminProcess(dataDir, ["create", "carol"], "");
    expect(result.code).toBe(1);
    expect(result.err).toContain("--password-stdin");
    expect(adminProcess(dataDir, ["list"]).out).not.toContain("carol");
  });

  it("as a process: backs up, saying where the sealing key is without printing it, and exits 0", () => {
    const key = randomBytes(32).toString("base64");
    writeFileSync(join(dataDir, "secrets.key"), `${key}\n`, { mode: 0o600 });
    const file = join(dataDir, "..", `${basename(dataDir)}-backup.sqlite`);
    try {
      const result = adminProcess(dataDir, ["backup", file]);
      expect(result).toMatchObject({ code: 0, err: "" });
      expect(result.out).toContain(`Wrote a backup of the database to ${file}.`);
      expect(result.out).toContain(`it is in the file ${join(dataDir, "secrets.key")}`);
      expect(result.out + result.err).not.toContain(key);
      const copy = readFileSync(file);
      expect(copy.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
      expect(copy.includes(key)).toBe(false);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(file, { force: true });
    }
  });
});
