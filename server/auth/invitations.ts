// Invitations to the staff area: an owner names an e-mail address and a role;
// the person gets a one-time link valid 24 hours and chooses a username and a
// password. Only the link token's sha256 is stored; accepting marks the
// invitation used in the same transaction that creates the account.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { isRole, type Role } from "#shared/auth/permissions.ts";
import type { Database } from "#server/db/schema.ts";
import { hashToken } from "./sessions.ts";
import type { StaffStore, StaffUser } from "./staff.ts";

export const INVITATION_VALID_MS = 24 * 60 * 60_000;

export type Invitation = {
  id: number;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
};

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type Row = {
  id: number;
  email: string;
  role: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
};

const invitationOf = (row: Row): Invitation => ({
  id: row.id,
  email: row.email,
  role: isRole(row.role) ? row.role : "viewer",
  invitedBy: row.invited_by,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
});

const COLUMNS = ["id", "email", "role", "invited_by", "created_at", "expires_at"] as const;

/** A username to offer: the address's local part, reduced to what usernames allow. */
export function suggestedUsername(email: string): string {
  const local = (email.split("@")[0] ?? "").toLowerCase().replace(/[^a-z0-9._-]/g, "");
  return local.replace(/^[._-]+/, "").slice(0, 64);
}

export function createInvitations(db: Kysely<Database>, staff: StaffStore, now: () => number = Date.now) {
  async function open(token: string): Promise<Invitation | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const row = await db
      .selectFrom("staff_invitations")
      .select(COLUMNS)
      .where("token_hash", "=", hashToken(token))
      .where("accepted_at", "is", null)
      .where("expires_at", ">", now())
      .executeTakeFirst();
    return row ? invitationOf(row) : undefined;
  }

  return {
    /** A new invitation; returns it with the link's token (shown nowhere but in the mail). */
    async create(email: string, role: Role, invitedBy: string): Promise<{ invitation: Invitation; token: string }> {
      const token = randomBytes(32).toString("base64url");
      const time = now();
      const row = await db
        .insertInto("staff_invitations")
        .values({
          token_hash: hashToken(token),
          email,
          role,
          invited_by: invitedBy,
          created_at: time,
          expires_at: time + INVITATION_VALID_MS,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return { invitation: invitationOf(row), token };
    },

    lookup: open,

    /** Creates the account the invitation offers; undefined when it is used, withdrawn or expired. */
    async accept(token: string, username: string, password: string): Promise<StaffUser | undefined> {
      const invitation = await open(token);
      if (!invitation) return undefined;
      // Claim it first: of two requests with one link, one creates an account.
      const claimed = await db
        .updateTable("staff_invitations")
        .set({ accepted_at: now() })
        .where("id", "=", invitation.id)
        .where("accepted_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return undefined;
      try {
        return await staff.create(username, password, invitation.role, { email: invitation.email });
      } catch (error) {
        // A username taken or a weak password: the link stays good for another try.
        await db.updateTable("staff_invitations").set({ accepted_at: null }).where("id", "=", invitation.id).execute();
        throw error;
      }
    },

    /** Invitations not yet accepted nor expired, newest first. */
    async listOpen(): Promise<Invitation[]> {
      const rows = await db
        .selectFrom("staff_invitations")
        .select(COLUMNS)
        .where("accepted_at", "is", null)
        .where("expires_at", ">", now())
        .orderBy("id", "desc")
        .execute();
      return rows.map(invitationOf);
    },

    /** Withdraws an open invitation; its link stops working. */
    async withdraw(id: number): Promise<Invitation | undefined> {
      const row = await db
        .deleteFrom("staff_invitations")
        .where("id", "=", id)
        .where("accepted_at", "is", null)
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? invitationOf(row) : undefined;
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
