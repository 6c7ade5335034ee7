// A person's second factors: authenticator apps (TOTP) and passkeys. The TOTP
// secret is sealed with a key that lives outside the database (secrets-key.ts),
// so a copy of the database alone cannot make codes. A TOTP code is accepted once: the step it
// belongs to must be later than the last one accepted, checked and stored in
// one statement so two requests with the same code cannot both pass.
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { StoredPasskey } from "./passkeys.ts";
import { seal, unseal } from "./sealed.ts";
import { verifyTotp } from "./totp.ts";

export type FactorKind = "totp" | "passkey";
export type FactorSummary = {
  id: number;
  kind: FactorKind;
  label: string;
  createdAt: number;
  lastUsedAt: number | null;
};
export type UserPasskey = StoredPasskey & { id: number; userId: number };

const passkeyOf = (row: {
  id: number;
  user_id: number;
  credential_id: string | null;
  public_key: string | null;
  counter: number | null;
  transports: string | null;
}): UserPasskey => ({
  id: row.id,
  userId: row.user_id,
  credentialId: row.credential_id ?? "",
  publicKey: row.public_key ?? "",
  counter: Number(row.counter ?? 0),
  transports: row.transports ? row.transports.split(",") : [],
});

const PASSKEY_COLUMNS = ["id", "user_id", "credential_id", "public_key", "counter", "transports"] as const;

/** Passkeys: added from a verified registration, looked up by the credential id a sign-in names. */
function passkeyFactors(db: Kysely<Database>, now: () => number) {
  return {
    async addPasskey(userId: number, label: string, passkey: StoredPasskey): Promise<FactorSummary> {
      const time = now();
      const row = await db
        .insertInto("staff_factors")
        .values({
          user_id: userId,
          kind: "passkey",
          label,
          credential_id: passkey.credentialId,
          public_key: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports.join(",") || null,
          created_at: time,
          last_used_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: row.id, kind: "passkey", label, createdAt: time, lastUsedAt: null };
    },

    async passkeys(userId: number): Promise<UserPasskey[]> {
      const rows = await db
        .selectFrom("staff_factors")
        .select(PASSKEY_COLUMNS)
        .where("user_id", "=", userId)
        .where("kind", "=", "passkey")
        .execute();
      return rows.map(passkeyOf);
    },

    async passkeyById(credentialId: string): Promise<UserPasskey | undefined> {
      const row = await db
        .selectFrom("staff_factors")
        .select(PASSKEY_COLUMNS)
        .where("credential_id", "=", credentialId)
        .where("kind", "=", "passkey")
        .executeTakeFirst();
      return row ? passkeyOf(row) : undefined;
    },

    async passkeyUsed(id: number, counter: number): Promise<void> {
      await db.updateTable("staff_factors").set({ counter, last_used_at: now() }).where("id", "=", id).execute();
    },
  };
}

export function createFactors(db: Kysely<Database>, sealKey: Buffer, now: () => number = Date.now) {
  const opened = (sealed: string): string | undefined => {
    try {
      return unseal(sealKey, sealed);
    } catch {
      return undefined;
    }
  };
  return {
    ...passkeyFactors(db, now),
    /** A secret on its way to becoming a factor (a setup's minutes in the challenges table), sealed as one is. */
    sealSecret: (plain: string) => seal(sealKey, plain),
    /** The secret of a sealSecret; undefined when it does not open (sealed before a restart with another key). */
    openSecret: opened,
    async list(userId: number): Promise<FactorSummary[]> {
      const rows = await db
        .selectFrom("staff_factors")
        .select(["id", "kind", "label", "created_at", "last_used_at"])
        .where("user_id", "=", userId)
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        label: row.label,
        createdAt: Number(row.created_at),
        lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
      }));
    },

    async count(userId: number): Promise<number> {
      const row = await db
        .selectFrom("staff_factors")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Factor counts of every account, for the staff page. */
    async counts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom("staff_factors")
        .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("user_id")
        .execute();
      return new Map(rows.map((row) => [row.user_id, Number(row.n)]));
    },

    async kinds(userId: number): Promise<FactorKind[]> {
      const rows = await db.selectFrom("staff_factors").select("kind").where("user_id", "=", userId).execute();
      return [...new Set(rows.map((row) => row.kind))];
    },

    /** An authenticator app, added once a code from it was verified (the step is then the last used). */
    async addTotp(userId: number, label: string, secret: string, step: number): Promise<FactorSummary> {
      const time = now();
      const row = await db
        .insertInto("staff_factors")
        .values({
          user_id: userId,
          kind: "totp",
          label,
          secret: seal(sealKey, secret),
          last_step: step,
          created_at: time,
          last_used_at: time,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: row.id, kind: "totp", label, createdAt: time, lastUsedAt: time };
    },

    /** Checks a code against each of the person's apps; true when one accepts it (and it is then used up). */
    async useTotp(userId: number, code: string): Promise<boolean> {
      const rows = await db
        .selectFrom("staff_factors")
        .select(["id", "secret", "last_step"])
        .where("user_id", "=", userId)
        .where("kind", "=", "totp")
        .execute();
      for (const row of rows) {
        if (!row.secret) continue;
        const lastStep = row.last_step === null ? null : Number(row.last_step);
        const secret = opened(row.secret);
        // A secret no key here opens (sealed before a lost key) accepts no code: the person uses another factor.
        if (secret === undefined) continue;
        const check = verifyTotp(secret, code, now(), lastStep);
        if (!check.ok) continue;
        const result = await db
          .updateTable("staff_factors")
          .set({ last_step: check.step, last_used_at: now() })
          .where("id", "=", row.id)
          .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", check.step)]))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return true;
      }
      return false;
    },

    /** Removes one of the person's own factors; false when it is not theirs or gone. */
    async remove(userId: number, id: number): Promise<FactorSummary | undefined> {
      const row = await db
        .deleteFrom("staff_factors")
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .returning(["id", "kind", "label", "created_at", "last_used_at"])
        .executeTakeFirst();
      if (!row) return undefined;
      const lastUsedAt = row.last_used_at === null ? null : Number(row.last_used_at);
      return { id: row.id, kind: row.kind, label: row.label, createdAt: Number(row.created_at), lastUsedAt };
    },

    async removeAll(userId: number): Promise<number> {
      const result = await db.deleteFrom("staff_factors").where("user_id", "=", userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type Factors = ReturnType<typeof createFactors>;
