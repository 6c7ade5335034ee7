// Staff single sign-on against a real OpenID Connect provider (oidc-provider on
// loopback): the role comes from the provider's claim at every sign-in, a
// sign-in that proves nothing (no role, a wrong state, no cookie, a disabled
// account) ends on the sign-in page with no session, and the trail says so.
import { beforeEach, describe, expect, it } from "vitest";
import { SSO_ONLY_PASSWORD_HASH } from "#server/auth/oidc-accounts.ts";
import { verifyPassword } from "#server/auth/passwords.ts";
import { parseConfig } from "#server/config.ts";
import type { ProviderAccounts } from "#tests/peers/oidc-provider.ts";
import { cookieNamed, oidcProviderForFile, useSsoApp } from "#tests/support/sso-app.ts";
import { browserHeaders, createTestApp } from "#tests/support/test-app.ts";
import { testDatabases } from "#tests/support/test-databases.ts";

const accounts: ProviderAccounts = new Map();
const idp = oidcProviderForFile(accounts);
const ssoEnv = (extra: Record<string, string> = {}) => idp.env(extra);

beforeEach(() => {
  accounts.clear();
  accounts.set("sub-alice", { preferred_username: "Alice", email: "alice@corp.example", role: "owner" });
  accounts.set("sub-bob", { preferred_username: "bob@corp.example", email: "bob@corp.example", role: "operator" });
  accounts.set("sub-carol", { email: "Carol.Smith@corp.example", roles: ["viewer", "operator"] });
  accounts.set("sub-eve", { preferred_username: "eve", email: "eve@corp.example" });
});

describe.each(testDatabases())("staff single sign-on on $dialect: signing in", ({ open }) => {
  const sso = useSsoApp(open, idp);
  const { signInAs, sessionOf, accountRow } = sso;

  it("says whether it is on, and is not there at all when it is off", async () => {
    const on = await sso.t.app.request("http://localhost/api/auth/oidc");
    expect(await on.json()).toEqual({ enabled: true });
    const off = await createTestApp(sso.t.services.database, { SITE_URL: "http://localhost" });
    expect(await (await off.app.request("http://localhost/api/auth/oidc")).json()).toEqual({ enabled: false });
    for (const path of ["/start", "/callback?code=x&state=y"]) {
      const answer = await off.app.request(`http://localhost/api/auth/oidc${path}`);
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toEqual({ error: "Single sign-on is not configured" });
    }
  });

  it("sends the browser to the provider with PKCE, state and nonce, and keeps them on the server", async () => {
    const started = await sso.t.app.request("http://localhost/api/auth/oidc/start", {
      headers: browserHeaders(),
    });
    expect(started.headers.getSetCookie()[0]).toMatch(
      /^sso=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600$/,
    );
    const url = new URL(started.headers.get("location")!);
    expect(url.origin).toBe(idp.provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: idp.clientId,
      redirect_uri: "http://localhost/api/auth/oidc/callback",
      response_type: "code",
      scope: "openid profile email",
      code_challenge_method: "S256",
    });
    const challenge = await sso.t.services.database.db
      .selectFrom("auth_challenges")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(challenge).toMatchObject({ kind: "oidc", expires_at: sso.t.clock.now + 600_000 });
    expect(JSON.parse(challenge.value)).toMatchObject({ state: url.searchParams.get("state") });
    const remote = await sso.t.app.request("http://www.example.com/api/auth/oidc/start", {
      headers: { host: "www.example.com" },
    });
    expect(remote.headers.getSetCookie()[0]).toMatch(/^__Host-sso=[A-Za-z0-9_-]{43}; .*; Secure$/);
  });

  it("signs an owner in with the role of the claim, on an account made for the subject", async () => {
    const response = await signInAs("sub-alice");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/dashboard");
    expect(response.headers.getSetCookie()[0]).toMatch(/^sso=; .*Max-Age=0/);
    expect((await sessionOf(response))?.user).toMatchObject({ username: "alice", role: "owner" });
    expect(await accountRow("alice")).toMatchObject({
      email: "alice@corp.example",
      oidc_subject: "sub-alice",
      password_hash: SSO_ONLY_PASSWORD_HASH,
      role: "owner",
    });
    // What stands in the password's place is no hash: no password, not even its own text, verifies against it.
    expect(await verifyPassword(SSO_ONLY_PASSWORD_HASH, SSO_ONLY_PASSWORD_HASH)).toBe(false);
  });

  it("signs an operator in, taking the username from an address-shaped preferred_username", async () => {
    const response = await signInAs("sub-bob");
    expect((await sessionOf(response))?.user).toMatchObject({ username: "bob", role: "operator" });
  });

  it("takes the highest role of a list, from the claim OIDC_ROLE_CLAIM names", async () => {
    const app = await createTestApp(sso.t.services.database, ssoEnv({ OIDC_ROLE_CLAIM: "roles" }));
    const response = await signInAs("sub-carol", app);
    expect(response.headers.get("location")).toBe("/admin/dashboard");
    // Without preferred_username: the e-mail's local part, lower-cased.
    expect((await sessionOf(response))?.user).toMatchObject({ username: "carol.smith", role: "operator" });
  });

  it("sets the role from the claim again at the next sign-in, on the same account", async () => {
    // Another owner remains: a claim never demotes the last one (oidc-accounts.integration.test.ts).
    await sso.t.services.staff.create("boss", "correct horse battery staple", "owner");
    const firstResponse = await signInAs("sub-alice");
    const first = await sessionOf(firstResponse);
    expect(first?.user.role).toBe("owner");
    accounts.set("sub-alice", { ...accounts.get("sub-alice"), role: "viewer" });
    const second = await sessionOf(await signInAs("sub-alice"));
    expect(second?.user).toMatchObject({ id: first?.user.id, username: "alice", role: "viewer" });
    // The session from before holds the new role too: a session reads the account's role at each request.
    expect((await sessionOf(firstResponse))?.user.role).toBe("viewer");
  });

  it("records sign-ins by single sign-on in the audit trail", async () => {
    const user = (await sessionOf(await signInAs("sub-bob")))!.user;
    const { events } = await sso.t.services.audit.list({ limit: 10 });
    expect(events).toEqual([
      expect.objectContaining({
        action: "sign-in.succeeded",
        actor: "bob",
        actorId: user.id,
        detail: { method: "sso" },
      }),
      expect.objectContaining({ action: "account.created", actor: "sso", target: "bob" }),
    ]);
  });
});

describe.each(testDatabases())("staff single sign-on on $dialect: refusals", ({ open }) => {
  const sso = useSsoApp(open, idp);
  const { begin, signInAs, sessionOf, accountRow } = sso;

  it("refuses a sign-in without a known role: no account, no session, and the trail says why", async () => {
    const response = await signInAs("sub-eve");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin?sso=failed");
    expect(cookieNamed(response, "session")).toBeUndefined();
    expect(await accountRow("eve")).toBeUndefined();
    const { events } = await sso.t.services.audit.list({ limit: 10 });
    expect(events[0]).toMatchObject({
      action: "sign-in.failed",
      actor: null,
      target: "eve",
      detail: { method: "sso", reason: 'no known role in claim "role"' },
    });
  });

  it("refuses a wrong state, a missing or replayed sign-in cookie, and an error from the provider", async () => {
    const { cookie, location } = await begin();
    const callback = await idp.provider.signIn(location, "sub-alice");
    const forged = new URL(callback);
    forged.searchParams.set("state", "a-state-this-browser-never-began");
    const refused = await sso.t.app.request(forged.href, { headers: browserHeaders({ cookie }) });
    expect(refused.headers.get("location")).toBe("/admin?sso=failed");
    // The challenge was used up by the refused attempt: the genuine answer cannot be replayed after it.
    const replay = await sso.t.app.request(callback.href, { headers: browserHeaders({ cookie }) });
    expect(replay.headers.get("location")).toBe("/admin?sso=failed");
    const noCookie = await sso.t.app.request(callback.href, { headers: browserHeaders() });
    expect(noCookie.headers.get("location")).toBe("/admin?sso=failed");
    const denied = await begin();
    const answer = new URLSearchParams({
      error: "access_denied",
      state: new URL(denied.location).searchParams.get("state")!,
      iss: idp.provider.issuer,
    });
    const refusedByProvider = await sso.t.app.request(`http://localhost/api/auth/oidc/callback?${answer}`, {
      headers: browserHeaders({ cookie: denied.cookie }),
    });
    expect(refusedByProvider.headers.get("location")).toBe("/admin?sso=failed");
    const { events } = await sso.t.services.audit.list({ limit: 10 });
    const reasons = events.map((event) => event.detail?.reason);
    expect(reasons).toEqual([
      "provider answered access_denied",
      "no sign-in in progress in this browser",
      "sign-in unknown or expired",
      expect.stringMatching(/^code exchange failed/),
    ]);
    const trail = JSON.stringify(events);
    for (const secret of [callback.searchParams.get("code")!, callback.searchParams.get("state")!, cookie]) {
      expect(trail).not.toContain(secret.replace(/^sso=/, ""));
    }
    expect(await accountRow("alice")).toBeUndefined();
  });

  it("refuses a sign-in begun more than ten minutes before", async () => {
    const { cookie, location } = await begin();
    const callback = await idp.provider.signIn(location, "sub-alice");
    sso.t.advance(10 * 60_000);
    const response = await sso.t.app.request(callback.href, { headers: browserHeaders({ cookie }) });
    expect(response.headers.get("location")).toBe("/admin?sso=failed");
  });

  it("refuses a disabled account", async () => {
    await signInAs("sub-bob");
    await sso.t.services.staff.disable("bob");
    const response = await signInAs("sub-bob");
    expect(response.headers.get("location")).toBe("/admin?sso=failed");
    expect(cookieNamed(response, "session")).toBeUndefined();
    const { events } = await sso.t.services.audit.list({ limit: 1 });
    expect(events[0]).toMatchObject({
      action: "sign-in.failed",
      target: "bob",
      detail: { reason: "account disabled" },
    });
  });

  it("never takes over a local account of the same name: the newcomer gets a suffixed one", async () => {
    const local = await sso.t.services.staff.create("alice", "correct horse battery staple");
    accounts.set("sub-alice", { ...accounts.get("sub-alice"), role: "viewer" });
    const session = await sessionOf(await signInAs("sub-alice"));
    expect(session?.user).toMatchObject({ username: "alice-2", role: "viewer" });
    expect(await accountRow("alice")).toMatchObject({ id: local.id, role: "owner", oidc_subject: null });
    expect((await sessionOf(await signInAs("sub-alice")))?.user.username).toBe("alice-2");
  });
});

describe("single sign-on settings", () => {
  const base = { DATA_DIR: "unused", OIDC_ISSUER: "https://id.example.com/realms/staff", OIDC_CLIENT_ID: "web" };

  it("refuses half a setup, naming what is missing", () => {
    expect(() => parseConfig(base)).toThrow(/OIDC_CLIENT_SECRET: set OIDC_CLIENT_SECRET too/);
    expect(() => parseConfig({ DATA_DIR: "unused", OIDC_CLIENT_SECRET: "s" })).toThrow(
      /OIDC_ISSUER.*\n.*OIDC_CLIENT_ID/,
    );
    expect(parseConfig({ ...base, OIDC_CLIENT_SECRET: "s" }).OIDC_ROLE_CLAIM).toBe("role");
  });

  it("allows http:// only for a provider on loopback", () => {
    const secret = { ...base, OIDC_CLIENT_SECRET: "s" };
    expect(() => parseConfig({ ...secret, OIDC_ISSUER: "http://id.example.com" })).toThrow(
      /OIDC_ISSUER: must be https/,
    );
    expect(parseConfig({ ...secret, OIDC_ISSUER: "http://127.0.0.1:4000" }).OIDC_ISSUER).toBe("http://127.0.0.1:4000");
  });
});
