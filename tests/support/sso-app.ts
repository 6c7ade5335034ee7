// Single sign-on for API tests: a real OpenID Connect provider on loopback for the test file, a fresh app with
// single sign-on on a fresh database for each test, and the steps of a sign-in through both.
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { startOidcProvider, type ProviderAccounts } from "#tests/peers/oidc-provider.ts";
import { browserHeaders, createTestApp } from "./test-app.ts";
import type { TestDatabase } from "./test-databases.ts";

const CLIENT_ID = "staff-website";
const CLIENT_SECRET = "test-client-secret-of-the-staff-website";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The value of the cookie a response sets under `name` (not one it clears). */
export function cookieNamed(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => pair.startsWith(`${name}=`) && pair !== `${name}=`);
}

/** The provider of a test file, whose accounts (subject to claims) the tests may change between sign-ins. */
export function oidcProviderForFile(accounts: ProviderAccounts) {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    provider = await startOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: "http://localhost/api/auth/oidc/callback",
      accounts,
    });
  });
  afterAll(() => provider.stop());
  return {
    get provider() {
      return provider;
    },
    clientId: CLIENT_ID,
    env: (extra: Record<string, string> = {}): Record<string, string> => ({
      SITE_URL: "http://localhost",
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      ...extra,
    }),
  };
}

export function useSsoApp(open: TestDatabase["open"], idp: ReturnType<typeof oidcProviderForFile>) {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, idp.env());
  });
  afterEach(() => cleanup());

  /** The start: the browser's sign-in cookie and where the provider was asked to send it. */
  async function begin(app = t) {
    const started = await app.app.request("http://localhost/api/auth/oidc/start", { headers: browserHeaders() });
    if (started.status !== 302) throw new Error(`oidc start: ${started.status} ${await started.text()}`);
    return { cookie: cookieNamed(started, "sso")!, location: started.headers.get("location")! };
  }

  return {
    get t() {
      return t;
    },
    begin,
    /** The whole round: start, the provider's login as `accountId`, and the app's answer to the callback. */
    async signInAs(accountId: string, app = t) {
      const { cookie, location } = await begin(app);
      const callback = await idp.provider.signIn(location, accountId);
      return app.app.request(callback.href, { headers: browserHeaders({ cookie }) });
    },
    /** The session a response's cookie opened, as GET /api/auth/session tells it. */
    async sessionOf(response: Response) {
      const cookie = cookieNamed(response, "session");
      if (!cookie) return undefined;
      const answer = await t.app.request("http://localhost/api/auth/session", { headers: browserHeaders({ cookie }) });
      return (await answer.json()) as { user: { id: number; username: string; role: string } };
    },
    accountRow: (username: string) =>
      t.services.database.db.selectFrom("staff_users").selectAll().where("username", "=", username).executeTakeFirst(),
  };
}
