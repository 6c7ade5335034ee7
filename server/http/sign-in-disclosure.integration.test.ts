// What a failed sign-in gives away. Listing accounts by timing: every failure,
// whatever the account (local, single sign-on only, disabled, none), costs one
// argon2 check against a real hash of the same cost. And what it keeps: a name
// no account has may be a password typed into the wrong field, so neither the
// audit trail nor the throttle stores it.
import { describe, expect, it } from "vitest";
import { SSO_ONLY_PASSWORD_HASH } from "#server/auth/oidc-accounts.ts";
import { verifyPassword } from "#server/auth/passwords.ts";
import { checkPassword, createSignIn } from "#server/auth/sign-in.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { STAFF_PASSWORD } from "#tests/support/staff-roles.ts";
import { auditTrail, useStaffApp } from "#tests/support/staff-browser.ts";

type App = ReturnType<typeof useStaffApp>;

/** The sign-in with its password checks counted: the hash each was made against. */
function countedSignIn(s: App) {
  const hashes: string[] = [];
  const deps = {
    ...s.t.services.signInDeps,
    verify: (hash: string, password: string) => {
      hashes.push(hash);
      return verifyPassword(hash, password);
    },
  };
  return { signIn: createSignIn(deps), deps, hashes };
}

/** An account single sign-on made: it has no password of its own. */
async function ssoOnlyAccount(s: App, username: string) {
  const time = s.t.clock.now;
  await s.t.services.database.db
    .insertInto("staff_users")
    .values({
      username,
      password_hash: SSO_ONLY_PASSWORD_HASH,
      role: "viewer",
      email: `${username}@corp.example`,
      oidc_subject: `sub-${username}`,
      created_at: time,
      updated_at: time,
    })
    .execute();
}

/** The cost part of an argon2 hash ("$argon2id$v=19$m=...,t=...,p=..."): what decides how long a check takes. */
const costOf = (hash: string) => /^\$argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+\$/.exec(hash)?.[0];

describe.each(testDatabases())("sign-in on $dialect: what a failure gives away", ({ open }) => {
  const s = useStaffApp(open);

  it("does the same argon2 work for a single sign-on account, a disabled one, none, and a local one", async () => {
    await ssoOnlyAccount(s, "carol");
    await s.t.services.staff.create("gone", STAFF_PASSWORD, "viewer");
    await s.t.services.staff.disable("gone");
    const { signIn, hashes } = countedSignIn(s);
    const client = { ip: "203.0.113.5" };
    const local = (await s.t.services.staff.findWithHash("ops"))!.password_hash;
    for (const username of ["ops", "carol", "gone", "nobody"]) {
      hashes.length = 0;
      expect(await signIn(username, "a wrong password", client), username).toEqual({
        kind: "invalid",
        ...(username === "nobody" ? {} : { username }),
      });
      expect(hashes, username).toHaveLength(1);
      expect(costOf(hashes[0]!), username).toBe(costOf(local));
    }
    // The single sign-on account's marker is never what a password is checked against.
    hashes.length = 0;
    await signIn("carol", SSO_ONLY_PASSWORD_HASH, client);
    expect(hashes).not.toContain(SSO_ONLY_PASSWORD_HASH);
  });

  it("checks a confirmation's password against a real hash too, for an account without one", async () => {
    const { deps, hashes } = countedSignIn(s);
    const local = (await s.t.services.staff.findWithHash("ops"))!.password_hash;
    expect(await checkPassword(deps, SSO_ONLY_PASSWORD_HASH, SSO_ONLY_PASSWORD_HASH)).toBe(false);
    expect(await checkPassword(deps, undefined, "anything")).toBe(false);
    expect(await checkPassword(deps, local, STAFF_PASSWORD)).toBe(true);
    expect(hashes.map(costOf)).toEqual([costOf(local), costOf(local), costOf(local)]);
  });

  it("records a name no account has without the text typed; an account's name as it is", async () => {
    const { t } = s;
    await t.services.staff.create("gone", STAFF_PASSWORD, "viewer");
    await t.services.staff.disable("gone");
    const typed = ["Tr0ub4dor&3-my-password", "OPS", "gone"];
    for (const username of typed) expect((await s.browser().signIn(username, "wrong")).status).toBe(401);
    const failed = (await auditTrail(t)).filter((e) => e.action === "sign-in.failed");
    expect(failed.map((e) => [e.target, e.detail])).toEqual([
      [null, { unknownAccount: true }],
      ["ops", null],
      ["gone", null],
    ]);
    const stored = JSON.stringify([
      await t.services.database.db.selectFrom("audit_events").selectAll().execute(),
      await t.services.database.db.selectFrom("auth_failures").selectAll().execute(),
    ]).toLowerCase();
    expect(stored).not.toContain("tr0ub4dor");
    expect(stored).not.toContain(encodeURIComponent("tr0ub4dor&3"));
  });
});
