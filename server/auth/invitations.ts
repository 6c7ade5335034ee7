// Invitations to the staff area: an owner names an e-mail address and a role;
// the person gets a one-time link valid 24 hours and chooses a username and a
// password. Only the link token's sha256 is stored.
//
// One address, one person: an address with an account gets no invitation, and
// an address has at most one pending invitation, which the database holds to
// (a unique index over pending invitations' addresses, migration 015), so two
// owners inviting one address at once make one invitation. Accepting claims
// the invitation, checks again that no account has its address and makes the
// account, in one transaction: while it runs the invitation is still pending
// to everyone else, so no second invitation to that address can slip in.
import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { isRole, type Role } from "#shared/auth/permissions.ts";
import { company } from "#shared/company.ts";
import { isLanguage, type Language } from "#shared/i18n/languages.ts";
import type { Database } from "#server/db/schema.ts";
import { hashPassword, passwordProblem, type HashOptions } from "./passwords.ts";
import { hashToken } from "./sessions.ts";
import { SentenceError } from "./sentence-error.ts";
import { checkedUsername, StaffInputError, toStaffUser, type StaffUser } from "./staff.ts";

export const INVITATION_VALID_MS = 24 * 60 * 60_000;

export type Invitation = {
  id: number;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
  /** The language of its mail; the account made from it starts with it. */
  language: Language;
};

/** The address is taken: an account has it, or an invitation to it is pending (HTTP 409). */
export class InvitationConflictError extends SentenceError {}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type Row = {
  id: number;
  email: string;
  role: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  language: string;
};

const invitationOf = (row: Row): Invitation => ({
  id: row.id,
  email: row.email,
  role: isRole(row.role) ? row.role : "viewer",
  invitedBy: row.invited_by,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  language: isLanguage(row.language) ? row.language : "en",
});

const COLUMNS = ["id", "email", "role", "invited_by", "created_at", "expires_at", "language"] as const;

/** A username to offer: the address's local part, reduced to what usernames allow. */
export function suggestedUsername(email: string): string {
  const local = (email.split("@")[0] ?? "").toLowerCase().replace(/[^a-z0-9._-]/g, "");
  return local.replace(/^[._-]+/, "").slice(0, 64);
}

/** Whether an account has the address: its own, or (without one) its username at the staff domain. */
async function addressTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  const staffDomain = `@${company.staffEmailDomain.toLowerCase()}`;
  const local = address.endsWith(staffDomain) ? address.slice(0, -staffDomain.length) : undefined;
  const row = await db
    .selectFrom("staff_users")
    .select("id")
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(email)`, "=", address),
        ...(local === undefined ? [] : [eb.and([eb("email", "is", null), eb("username", "=", local)])]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** A unique index refused the row (SQLite's and PostgreSQL's codes). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

const pendingConflict = (email: string) =>
  new InvitationConflictError({ key: "api.staff.invitationPending", vars: { email } });
const accountConflict = (email: string) =>
  new InvitationConflictError({ key: "api.staff.emailTaken", vars: { email } });

/** What the mail of a new invitation is queued with, in the invitation's transaction. */
export type QueueInvitationMail = (
  trx: Transaction<Database>,
  invitation: Invitation,
  token: string,
) => Promise<unknown>;

/** Inside the accepting transaction: the account, unless the address or the username is taken meanwhile. */
async function createAccount(
  trx: Transaction<Database>,
  invitation: Invitation,
  account: { username: string; hash: string; time: number },
): Promise<StaffUser> {
  if (await addressTaken(trx, invitation.email)) throw accountConflict(invitation.email);
  const { username, hash, time } = account;
  try {
    const row = await trx
      .insertInto("staff_users")
      .values({
        username,
        password_hash: hash,
        role: invitation.role,
        email: invitation.email,
        language: invitation.language,
        created_at: time,
        updated_at: time,
      })
      .returning(["id", "username", "role", "email"])
      .executeTakeFirstOrThrow();
    return toStaffUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new StaffInputError({ key: "api.staff.usernameTaken", vars: { username } });
    throw error;
  }
}

export function createInvitations(db: Kysely<Database>, hashOptions: HashOptions, now: () => number = Date.now) {
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
    /**
     * A new invitation, its mail queued in the same transaction; returns it. Refused (InvitationConflictError) when
     * an account has the address or an invitation to it is pending; one that expired unused makes way.
     */
    async create(
      email: string,
      role: Role,
      invitedBy: string,
      queueMail: QueueInvitationMail,
      language: Language = "en",
    ): Promise<Invitation> {
      const address = email.toLowerCase();
      const token = randomBytes(32).toString("base64url");
      const time = now();
      try {
        return await db.transaction().execute(async (trx) => {
          if (await addressTaken(trx, address)) throw accountConflict(address);
          await trx
            .deleteFrom("staff_invitations")
            .where("email", "=", address)
            .where("accepted_at", "is", null)
            .where("expires_at", "<=", time)
            .execute();
          const row = await trx
            .insertInto("staff_invitations")
            .values({
              token_hash: hashToken(token),
              email: address,
              role,
              invited_by: invitedBy,
              language,
              created_at: time,
              expires_at: time + INVITATION_VALID_MS,
            })
            .returning(COLUMNS)
            .executeTakeFirstOrThrow();
          const invitation = invitationOf(row);
          await queueMail(trx, invitation, token);
          return invitation;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw pendingConflict(address);
        throw error;
      }
    },

    lookup: open,

    /**
     * Creates the account the invitation offers; undefined when it is used, withdrawn or expired. Throws
     * StaffInputError for a username or password that will not do (the link stays good for another try), and
     * InvitationConflictError when an account has the address by now.
     */
    async accept(token: string, rawUsername: string, password: string): Promise<StaffUser | undefined> {
      const invitation = await open(token);
      if (!invitation) return undefined;
      const username = checkedUsername(rawUsername);
      const problem = await passwordProblem(password, username);
      if (problem) throw new StaffInputError(problem);
      // Hashed before the transaction: its locks are not held for the hash's tens of milliseconds.
      const hash = await hashPassword(password, hashOptions);
      return db.transaction().execute(async (trx) => {
        // Of two requests with one link, one claims it; a refusal below rolls the claim back.
        const claimed = await trx
          .updateTable("staff_invitations")
          .set({ accepted_at: now() })
          .where("id", "=", invitation.id)
          .where("accepted_at", "is", null)
          .where("expires_at", ">", now())
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return undefined;
        return createAccount(trx, invitation, { username, hash, time: now() });
      });
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
