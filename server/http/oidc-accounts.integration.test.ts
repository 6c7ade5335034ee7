// Single sign-on against a real provider, as someone who controls a claim or the token's path would try it: a role
// claim never takes the team's last enabled owner away, alone or racing an owner's change; what the provider's word
// does to an account is in the audit trail; an ID token that the provider's keys do not verify signs nobody in.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ProviderAccounts } from "#tests/peers/oidc-provider.ts";
import { cookieNamed, useSsoApp, oidcProviderForFile } from "#tests/support/sso-app.ts";
import { STAFF_PASSWORD } from "#tests/support/staff-roles.ts";
import { browserHeaders } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";

const accounts: ProviderAccounts = new Map();
const idp = oidcProviderForFile(accounts);

const claimRole = (subject: string, role: string) => accounts.set(subject, { ...accounts.get(subject), role });

beforeEach(() => {
  accounts.clear();
  accounts.set("sub-alice", { preferred_username: "alice", email: "alice@corp.example", role: "owner" });
  accounts.set("sub-bob", { preferred_username: "bob", email: "bob@corp.example", role: "operator" });
});

describe.each(testDatabases())("single sign-on's roles on $dialect", ({ open }) => {
  const sso = useSsoApp(open, idp);
  const { signInAs, sessionOf } = sso;
  const trail = async () => (await sso.t.services.audit.list({ limit: 50 })).events.reverse();
  const accountChanges = async () => (await trail()).filter((event) => event.action.startsWith("account."));

  it("records an account it makes, with the role the claim gave, under the provider's name", async () => {
    await signInAs("sub-bob");
    await signInAs("sub-bob");
    expect(await accountChanges()).toEqual([
      expect.objectContaining({
        actor: "sso",
        actorId: null,
        action: "account.created",
        target: "bob",
        detail: { role: "operator" },
        source: expect.any(String),
      }),
    ]);
  });

  it.each(["viewer", "operator"])(
    "keeps the only enabled owner an owner when the claim says %s, and records the refused change",
    async (claimed) => {
      expect((await sessionOf(await signInAs("sub-alice")))?.user.role).toBe("owner");
      // An owner who cannot sign in does not count.
      await sso.t.services.staff.create("boss", STAFF_PASSWORD, "owner");
      await sso.t.services.staff.disable("boss");
      claimRole("sub-alice", claimed);
      const response = await signInAs("sub-alice");
      expect(response.headers.get("location")).toBe("/admin/dashboard");
      expect((await sessionOf(response))?.user).toMatchObject({ username: "alice", role: "owner" });
      expect(await sso.t.services.staff.find("alice")).toMatchObject({ role: "owner", disabled: false });
      expect((await accountChanges()).at(-1)).toMatchObject({
        actor: "sso",
        action: "account.role-change-refused",
        target: "alice",
        detail: { role: "owner", claimed, reason: "last enabled owner" },
      });
    },
  );

  it("demotes an owner while another enabled owner remains, recording the old and the new role", async () => {
    await sso.t.services.staff.create("boss", STAFF_PASSWORD, "owner");
    await signInAs("sub-alice");
    claimRole("sub-alice", "viewer");
    expect((await sessionOf(await signInAs("sub-alice")))?.user.role).toBe("viewer");
    claimRole("sub-alice", "operator");
    await signInAs("sub-alice");
    expect(await accountChanges()).toEqual([
      expect.objectContaining({ action: "account.created", target: "alice", detail: { role: "owner" } }),
      expect.objectContaining({
        actor: "sso",
        action: "account.role-changed",
        target: "alice",
        detail: { role: "viewer", previous: "owner" },
      }),
      expect.objectContaining({ action: "account.role-changed", detail: { role: "operator", previous: "viewer" } }),
    ]);
  });

  it("leaves an enabled owner in 20 rounds of a viewer claim racing an owner's demotion of the other", async () => {
    const { staff } = sso.t.services;
    await staff.create("boss", STAFF_PASSWORD, "owner");
    await signInAs("sub-alice");
    claimRole("sub-alice", "viewer");
    for (let round = 0; round < 20; round += 1) {
      await staff.setRole("alice", "owner");
      await staff.setRole("boss", "owner");
      const started = await sso.t.app.request("http://localhost/api/auth/oidc/start", { headers: browserHeaders() });
      const callback = await idp.provider.signIn(started.headers.get("location")!, "sub-alice");
      const [, demoted] = await Promise.allSettled([
        sso.t.app.request(callback.href, { headers: browserHeaders({ cookie: cookieNamed(started, "sso")! }) }),
        staff.setRole("boss", "viewer"),
      ]);
      const owners = (await staff.list()).filter((account) => account.role === "owner" && !account.disabled);
      expect(owners.length, `round ${round}`).toBe(1);
      // Whichever came second was the one refused: the owner's demotion with a conflict, the claim by keeping owner.
      expect(owners[0]!.username).toBe(demoted.status === "fulfilled" ? "alice" : "boss");
    }
  });
});

describe.each(testDatabases())("ID token signatures on $dialect", ({ open }) => {
  const sso = useSsoApp(open, idp);
  afterEach(() => idp.provider.forgeIdTokens(undefined));

  it.each(["foreign-key", "garbage-signature"] as const)(
    "refuses an ID token with a %s: no account, no session, and the trail says why",
    async (forgery) => {
      idp.provider.forgeIdTokens(forgery);
      const response = await sso.signInAs("sub-alice");
      expect(response.headers.get("location")).toBe("/admin?sso=failed");
      expect(cookieNamed(response, "session")).toBeUndefined();
      expect(await sso.t.services.staff.count()).toBe(0);
      const { events } = await sso.t.services.audit.list({ limit: 10 });
      expect(events).toEqual([
        expect.objectContaining({
          action: "sign-in.failed",
          detail: { method: "sso", reason: "ID token signature not verified by the provider's keys" },
        }),
      ]);
    },
  );

  it("signs in with the token the provider signed, after refusing a forged one", async () => {
    idp.provider.forgeIdTokens("foreign-key");
    expect((await sso.signInAs("sub-alice")).headers.get("location")).toBe("/admin?sso=failed");
    idp.provider.forgeIdTokens(undefined);
    const response = await sso.signInAs("sub-alice");
    expect(response.headers.get("location")).toBe("/admin/dashboard");
    expect((await sso.sessionOf(response))?.user).toMatchObject({ username: "alice", role: "owner" });
  });
});
