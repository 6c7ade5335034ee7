// Keys the server makes for itself (form tokens, IP pseudonyms): generated on
// first start and kept in the database, so every worker and every instance
// signs and hashes alike, and a restart does not void the forms already open.
import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

export async function loadServerSecret(db: Kysely<Database>, name: string, now = Date.now): Promise<Buffer> {
  await db
    .insertInto("server_secrets")
    .values({ name, value: randomBytes(32).toString("base64"), created_at: now() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("server_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64");
}

/** A key for one purpose derived from the server secret, so no key is used twice. */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  return createHmac("sha256", secret).update(purpose).digest();
}
