// Two owners changing each other at the same moment, as two people would on the staff page: whatever the order,
// the team keeps an enabled owner. Through the store with a connection each (as two worker processes hold them),
// and through the API.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrate } from "#server/db/migrate.ts";
import { useStaffApp } from "#tests/support/staff-browser.ts";
import { STAFF_PASSWORD } from "#tests/support/staff-roles.ts";
import { TEST_HASH_OPTIONS } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { createStaffStore, StaffConflictError, type StaffStore } from "./staff.ts";

const ROUNDS = 20;

type Change = (store: StaffStore, username: string) => Promise<unknown>;
const demote: Change = (store, username) => store.setRole(username, "viewer");
const disable: Change = (store, username) => store.disable(username);

/**
 * One change went through; the other was refused: 409 when it reached the rule, or earlier, 403 (its sender is no
 * owner any more) or 401 (its sender was disabled, which ends its sessions), when it came after the other's commit.
 */
function expectOneDone(answers: Response[], round: number): void {
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses, `round ${round}`).toEqual([200, expect.any(Number)]);
  expect([401, 403, 409], `round ${round}`).toContain(statuses[1]);
}

async function enabledOwners(store: StaffStore): Promise<string[]> {
  const team = await store.list();
  return team.filter((account) => account.role === "owner" && !account.disabled).map((account) => account.username);
}

describe.each(testDatabases())("the last owner on $dialect, two connections at once", ({ open }) => {
  let anna: StaffStore;
  let ben: StaffStore;
  let cleanup: () => Promise<void>;

  afterEach(() => cleanup());
  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    await migrate(db.handle);
    anna = createStaffStore(db.handle.db, TEST_HASH_OPTIONS);
    ben = createStaffStore(db.another().db, TEST_HASH_OPTIONS);
    await anna.create("anna", STAFF_PASSWORD, "owner");
    await anna.create("ben", STAFF_PASSWORD, "owner");
  });

  it.each([
    { what: "demote each other", annaDoes: demote, benDoes: demote },
    { what: "disable each other", annaDoes: disable, benDoes: disable },
    { what: "one demotes while the other disables", annaDoes: demote, benDoes: disable },
  ])(`${ROUNDS} rounds: two owners $what, and one enabled owner is left each time`, async ({ annaDoes, benDoes }) => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const changes = [() => annaDoes(anna, "ben"), () => benDoes(ben, "anna")];
      // Either one sent first, by turns.
      if (round % 2 === 1) changes.reverse();
      const outcomes = await Promise.allSettled(changes.map((change) => change()));
      expect(await enabledOwners(anna), `round ${round}`).toHaveLength(1);
      const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
      expect(refusals, `round ${round}`).toEqual([expect.any(StaffConflictError)]);
      for (const username of ["anna", "ben"]) {
        await anna.enable(username);
        await anna.setRole(username, "owner");
      }
    }
  });
});

describe.each(testDatabases())("the last owner on $dialect, through the API", ({ open }) => {
  const s = useStaffApp(open);

  it(`${ROUNDS} rounds: two signed-in owners demote each other at once: one done, one refused`, async () => {
    const { staff } = s.t.services;
    await staff.create("boss", STAFF_PASSWORD, "owner");
    const [owner, boss] = [await s.signedIn("owner"), await s.signedIn("boss")];
    for (let round = 0; round < ROUNDS; round += 1) {
      const answers = await Promise.all([
        owner.post("/api/admin/staff/boss/role", { role: "viewer" }),
        boss.post("/api/admin/staff/owner/role", { role: "viewer" }),
      ]);
      expectOneDone(answers, round);
      expect(await enabledOwners(staff), `round ${round}`).toHaveLength(1);
      await staff.setRole("owner", "owner");
      await staff.setRole("boss", "owner");
    }
  });

  it(`${ROUNDS} rounds: two signed-in owners disable each other at once: one done, one refused`, async () => {
    const { staff } = s.t.services;
    await staff.create("boss", STAFF_PASSWORD, "owner");
    const team = { owner: await s.signedIn("owner"), boss: await s.signedIn("boss") };
    for (let round = 0; round < ROUNDS; round += 1) {
      const answers = await Promise.all([
        team.owner.post("/api/admin/staff/boss/disable"),
        team.boss.post("/api/admin/staff/owner/disable"),
      ]);
      expectOneDone(answers, round);
      const [left] = await enabledOwners(staff);
      expect(await enabledOwners(staff), `round ${round}`).toHaveLength(1);
      // The one disabled was signed out: it signs in again for the next round.
      const other = left === "owner" ? "boss" : "owner";
      await staff.enable(other);
      team[other] = await s.signedIn(other);
    }
  });
});
