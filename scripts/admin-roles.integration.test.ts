import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { admin as adminIn } from "#tests/support/admin-cli.ts";

const dataDir = mkdtempSync(join(tmpdir(), "admin-roles-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run admin -- …` (its commands, in this process) against this file's own SQLite database. */
const admin = (args: string[], password?: string) =>
  adminIn(dataDir, args, password === undefined ? undefined : `${password}\n`);

const PASSPHRASE = "a perfectly good passphrase";
const roles = async () =>
  Object.fromEntries(
    (await admin(["list"])).out
      .trim()
      .split("\n")
      .map((line) => line.split("\t"))
      .map(([name, , , role, state]) => [name, state ? `${role} ${state}` : role]),
  );

// The steps build on each other (one database), in order.
describe("npm run admin with roles", { timeout: 60_000 }, () => {
  it("makes the first account an owner whatever is asked, and later ones viewers unless told", async () => {
    const first = await admin(["create", "first", "--role", "viewer", "--password-stdin"], PASSPHRASE);
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toContain("as owner (the first account is always an owner)");
    expect((await admin(["create", "second", "--password-stdin"], PASSPHRASE)).out).toContain("as viewer.");
    expect((await admin(["create", "third", "--role", "operator", "--password-stdin"], PASSPHRASE)).out).toContain(
      "as operator.",
    );
    expect(await roles()).toEqual({ first: "owner", second: "viewer", third: "operator" });
  });

  it("changes a role and disables and enables an account", async () => {
    expect((await admin(["role", "second", "operator"])).out).toContain("second is now operator.");
    expect((await admin(["disable", "third"])).out).toContain("Disabled third");
    expect(await roles()).toEqual({ first: "owner", second: "operator", third: "operator disabled" });
    expect(await admin(["enable", "third"])).toMatchObject({ code: 0 });
    expect(await roles()).toEqual({ first: "owner", second: "operator", third: "operator" });
  });

  it("refuses bad input with a clear error and changes nothing", async () => {
    const unknownRole = await admin(["create", "fourth", "--role", "admin", "--password-stdin"], PASSPHRASE);
    expect(unknownRole.code).toBe(1);
    expect(unknownRole.err).toContain('Unknown role "admin": use one of owner, operator, viewer');
    expect((await admin(["role", "second", "root"])).err).toContain('Unknown role "root"');
    expect((await admin(["role", "nobody", "viewer"])).err).toContain('No account "nobody"');
    expect((await admin(["disable", "nobody"])).err).toContain('No account "nobody"');
    for (const usage of [["role", "second"], ["disable"], ["create", "x", "--role"], ["list", "--role", "owner"]]) {
      const result = await admin(usage);
      expect(result.code, usage.join(" ")).toBe(2);
      expect(result.err).toContain("role <username> <role>");
    }
    expect(await roles()).toEqual({ first: "owner", second: "operator", third: "operator" });
    const lastOwner = await admin(["role", "first", "viewer"]);
    expect(lastOwner.code).toBe(1);
    expect(lastOwner.err).toContain('"first" is the last owner');
    expect((await admin(["disable", "first"])).err).toContain('"first" is the last owner');
    expect((await admin(["delete", "first"])).err).toContain('"first" is the last owner');
    expect(await roles()).toEqual({ first: "owner", second: "operator", third: "operator" });
  });

  it("resets an account's second factors: the way back for a last owner who lost them", async () => {
    const database = openDatabase({ dataDir });
    try {
      const { id } = await database.db
        .selectFrom("staff_users")
        .select("id")
        .where("username", "=", "first")
        .executeTakeFirstOrThrow();
      const factor = { user_id: id, kind: "totp" as const, label: "Phone", secret: "sealed", created_at: 1 };
      await database.db.insertInto("staff_factors").values(factor).execute();
      await database.db.insertInto("recovery_codes").values({ user_id: id, code_hash: "x", created_at: 1 }).execute();
    } finally {
      await database.close();
    }
    const reset = await admin(["reset-factors", "first"]);
    expect(reset).toMatchObject({ code: 0 });
    expect(reset.out).toContain("Removed 1 second factor(s) and the recovery codes of first");
    expect((await admin(["reset-factors", "nobody"])).err).toContain('No account "nobody"');
    const after = openDatabase({ dataDir });
    try {
      expect(await after.db.selectFrom("staff_factors").selectAll().execute()).toEqual([]);
      expect(await after.db.selectFrom("recovery_codes").selectAll().execute()).toEqual([]);
    } finally {
      await after.close();
    }
  });

  it("records each change it made in the audit trail as cli, and none it refused", async () => {
    const database = openDatabase({ dataDir });
    try {
      const rows = await database.db
        .selectFrom("audit_events")
        .select(["actor", "action", "target", "detail", "source"])
        .orderBy("id")
        .execute();
      expect(rows.map((row) => [row.actor, row.action, row.target, row.detail, row.source])).toEqual([
        ["cli", "account.created", "first", '{"role":"owner"}', null],
        ["cli", "account.created", "second", '{"role":"viewer"}', null],
        ["cli", "account.created", "third", '{"role":"operator"}', null],
        ["cli", "account.role-changed", "second", '{"role":"operator"}', null],
        ["cli", "account.disabled", "third", null, null],
        ["cli", "account.enabled", "third", null, null],
        ["cli", "account.factors-reset", "first", '{"removed":1}', null],
      ]);
    } finally {
      await database.close();
    }
  });
});
