// The sealed values in the database and the key that opens them, put right at
// start. A check value sealed with the current key tells whether this is the
// key the database was sealed with: a server started on a copy of the
// database without its key (or with another instance's) refuses to start,
// rather than turning every authenticator code away later. Values sealed with
// an earlier key (SECRETS_KEY_PREVIOUS during a rotation, or the key the
// database itself held before the key moved out of it) are sealed again with
// the current one, row by row, each update conditional on the value it read,
// so workers starting together do the work once and lose nothing.
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { seal, unseal } from "./sealed.ts";

/** The name of the check value in server_secrets. */
export const SEALING_CHECK = "sealing-key-check";

export type SealingKeys = {
  /** What seals from now on. */
  current: Buffer;
  /** Keys that may have sealed what is stored: a rotation's previous key, the database's own from before. */
  previous: readonly Buffer[];
};

export type SealingReport = { resealed: number; unreadable: number; rotated: boolean };

export class SealingKeyMismatch extends Error {
  constructor() {
    super(
      "SECRETS_KEY (or DATA_DIR/secrets.key) is not the key this database's second factors were sealed with. " +
        "Start with the key it was sealed with (restore the key file or set SECRETS_KEY); during a rotation, set the " +
        "old one as SECRETS_KEY_PREVIOUS. If the key is lost, `npm run admin -- forget-sealed-secrets` removes the " +
        "authenticator apps it sealed (docs/operations.md, 'The secrets key').",
    );
    this.name = "SealingKeyMismatch";
  }
}

function opens(key: Buffer, sealed: string): string | undefined {
  try {
    return unseal(key, sealed);
  } catch {
    return undefined;
  }
}

type Opened = { by: "current" } | { by: "previous"; plain: string };

/** Which of the keys opens the value: "current", "previous" with its text, or undefined. */
function openWith(keys: SealingKeys, sealed: string): Opened | undefined {
  if (opens(keys.current, sealed) !== undefined) return { by: "current" };
  for (const key of keys.previous) {
    const plain = opens(key, sealed);
    if (plain !== undefined) return { by: "previous", plain };
  }
  return undefined;
}

/** Every sealed TOTP secret not sealed with the current key is sealed with it, when an earlier key opens it. */
async function resealFactors(db: Kysely<Database>, keys: SealingKeys): Promise<Omit<SealingReport, "rotated">> {
  const rows = await db
    .selectFrom("staff_factors")
    .select(["id", "secret"])
    .where("kind", "=", "totp")
    .where("secret", "is not", null)
    .execute();
  let resealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    const opened = openWith(keys, row.secret!);
    if (!opened) unreadable += 1;
    if (opened?.by !== "previous") continue;
    const result = await db
      .updateTable("staff_factors")
      .set({ secret: seal(keys.current, opened.plain) })
      .where("id", "=", row.id)
      .where("secret", "=", row.secret)
      .executeTakeFirst();
    resealed += Number(result.numUpdatedRows);
  }
  return { resealed, unreadable };
}

async function readCheck(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", SEALING_CHECK)
    .executeTakeFirst();
  return row?.value;
}

/**
 * Checks the current key against the database and seals again what an earlier key sealed. Throws
 * SealingKeyMismatch when the database was sealed with a key that is neither the current nor a previous one.
 */
export async function prepareSealedSecrets(
  db: Kysely<Database>,
  keys: SealingKeys,
  now: () => number = Date.now,
): Promise<SealingReport> {
  const check = await readCheck(db);
  const checked = check === undefined ? undefined : openWith(keys, check);
  if (check !== undefined && !checked) throw new SealingKeyMismatch();
  if (checked?.by === "current") return { resealed: 0, unreadable: 0, rotated: false };
  const report = await resealFactors(db, keys);
  const value = seal(keys.current, SEALING_CHECK);
  if (check === undefined) {
    await db
      .insertInto("server_secrets")
      .values({ name: SEALING_CHECK, value, created_at: now() })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  } else {
    await db.updateTable("server_secrets").set({ value }).where("name", "=", SEALING_CHECK).execute();
  }
  // Another instance starting at the same moment with another key wrote its check first: that is a mismatch too.
  const written = await readCheck(db);
  if (written === undefined || opens(keys.current, written) === undefined) throw new SealingKeyMismatch();
  return { ...report, rotated: check !== undefined };
}

/**
 * For a lost key: removes the authenticator apps no key given opens, and the check, so the server starts with the
 * current key. Returns the owners of the removed apps (user ids, with repeats) for the record.
 */
export async function forgetUnreadableSecrets(db: Kysely<Database>, keys: SealingKeys): Promise<number[]> {
  const rows = await db
    .selectFrom("staff_factors")
    .select(["id", "user_id", "secret"])
    .where("kind", "=", "totp")
    .where("secret", "is not", null)
    .execute();
  const lost = rows.filter((row) => !openWith(keys, row.secret!));
  return db.transaction().execute(async (trx) => {
    for (const row of lost) await trx.deleteFrom("staff_factors").where("id", "=", row.id).execute();
    await trx.deleteFrom("server_secrets").where("name", "=", SEALING_CHECK).execute();
    return lost.map((row) => row.user_id);
  });
}
