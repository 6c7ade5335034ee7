import { afterEach, describe, expect, it } from "vitest";
import { createStaffStore } from "#server/auth/staff.ts";
import { TEST_HASH_OPTIONS } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { migrate, MIGRATIONS } from "./migrate.ts";

describe.each(testDatabases())("the staff roles migration on $dialect", ({ open }) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it("makes every existing account an owner, enabled; accounts made later start as viewers", async () => {
    const db = await open();
    cleanup = db.cleanup;
    const before = MIGRATIONS.findIndex((m) => m.name === "011-staff-roles");
    await migrate(db.handle, MIGRATIONS.slice(0, before));
    await db.handle.db
      .insertInto("staff_users")
      .values([
        { username: "ops", password_hash: "x", created_at: 1, updated_at: 1 },
        { username: "deploy", password_hash: "x", created_at: 2, updated_at: 2 },
      ])
      .execute();
    expect(await migrate(db.handle, MIGRATIONS.slice(0, before + 1))).toEqual(["011-staff-roles"]);
    // The later migrations (the store reads their columns) leave the roles as 011 set them.
    await migrate(db.handle);
    const staff = createStaffStore(db.handle.db, TEST_HASH_OPTIONS);
    expect((await staff.list()).map(({ username, role, disabled }) => ({ username, role, disabled }))).toEqual([
      { username: "deploy", role: "owner", disabled: false },
      { username: "ops", role: "owner", disabled: false },
    ]);
    expect((await staff.create("carol", "a perfectly good passphrase")).role).toBe("viewer");
    // A row written without a role (older code) holds the least privilege.
    await db.handle.db
      .insertInto("staff_users")
      .values({ username: "legacy", password_hash: "x", created_at: 3, updated_at: 3 })
      .execute();
    expect((await staff.find("legacy"))?.role).toBe("viewer");
  });
});
