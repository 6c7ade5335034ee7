import type { Kysely } from "kysely";
import type { Dialect } from "#server/db/client.ts";

export const name = "013-second-factors";

// Second factors, invitations, single sign-on and the sessions a person can see and end (decision 033).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === "postgres" ? "bigserial" : "integer";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const primaryKey = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  // An invited person's address (a username alone gives the staff domain's); the identity provider's subject.
  await db.schema.alterTable("staff_users").addColumn("email", "varchar(254)").execute();
  await db.schema.alterTable("staff_users").addColumn("oidc_subject", "varchar(255)").execute();
  await db.schema.createIndex("staff_users_oidc_subject").unique().on("staff_users").column("oidc_subject").execute();
  // When the person last proved who they are (sign-in or confirmation): changes to factors and staff ask for
  // a recent one. 0 in rows from before: their sign-in time (created_at) stands.
  await db.schema
    .alterTable("sessions")
    .addColumn("verified_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("sessions").addColumn("user_agent", "varchar(200)").execute();
  await db.schema.alterTable("sessions").addColumn("source", "varchar(64)").execute();
  await db.schema
    .createTable("staff_factors")
    .addColumn("id", id, primaryKey)
    .addColumn("user_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("label", "varchar(64)", (c) => c.notNull())
    // TOTP: the shared secret, sealed with a key derived from the server secret.
    .addColumn("secret", "text")
    // TOTP: the last time step used, so a code is accepted once.
    .addColumn("last_step", "bigint")
    // Passkey: the credential's id (base64url), public key (base64url), signature counter and transports.
    .addColumn("credential_id", "varchar(1024)")
    .addColumn("public_key", "text")
    .addColumn("counter", "bigint")
    .addColumn("transports", "varchar(200)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_used_at", "bigint")
    .execute();
  await db.schema.createIndex("staff_factors_user").on("staff_factors").column("user_id").execute();
  await db.schema
    .createIndex("staff_factors_credential")
    .unique()
    .on("staff_factors")
    .column("credential_id")
    .execute();
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", id, primaryKey)
    .addColumn("user_id", "integer", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("user_id").execute();
  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", id, primaryKey)
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("role", "varchar(16)", (c) => c.notNull())
    .addColumn("invited_by", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("accepted_at", "bigint")
    .execute();
  // One-time challenges of a sign-in in progress: the step after the password, a passkey's, single sign-on's.
  await db.schema
    .createTable("auth_challenges")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("user_id", "integer")
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_challenges_expires").on("auth_challenges").column("expires_at").execute();
  await db.schema
    .createTable("staff_settings")
    .addColumn("key", "varchar(64)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}
