// For tests: a real OpenID Connect provider (oidc-provider) on loopback, with
// one confidential client and accounts whose claims a test may change between
// sign-ins. signIn plays the person at the provider: it follows the redirects,
// logs in through the provider's own development login form, and returns the
// URL the provider sends the browser back to (the app's callback), for the
// test to request from the app itself.
import { createServer, type Server } from "node:http";
// @ts-expect-error -- oidc-provider ships no type declarations; this file only calls what it uses below.
import Provider from "oidc-provider";
import { freePort } from "./ports.ts";

export type ProviderAccounts = Map<string, Record<string, unknown>>;

type ProviderOptions = {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Account id (the subject) to its claims beside "sub"; read at each sign-in. */
  accounts: ProviderAccounts;
};

type Jar = Map<string, string>;
type Session = { accountId: string };
type GrantLike = { addOIDCScope: (scope: string) => void; save: () => Promise<string> };

function keepCookies(jar: Jar, response: Response): void {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const eq = pair.indexOf("=");
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
}

function cookieHeader(jar: Jar): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export async function startOidcProvider(options: ProviderOptions) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "preferred_username", "role", "roles"],
    },
    // Claims in the ID token, where the app reads them, rather than only at the userinfo endpoint.
    conformIdTokenClaims: false,
    cookies: { keys: ["test-only-cookie-key"] },
    // Set, so that the provider does not print a notice for each default it falls back on.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) => {
      const claims = options.accounts.get(id);
      return claims && { accountId: id, claims: () => ({ sub: id, ...claims }) };
    },
    // The staff application is first-party: the person is not asked to consent.
    loadExistingGrant: async (ctx: {
      oidc: { provider: { Grant: new (init: object) => GrantLike }; client: { clientId: string }; session: Session };
    }) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid profile email");
      await grant.save();
      return grant;
    },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    issuer,
    /** Logs `accountId` in at the provider from `authorizationUrl`; returns where the provider sends the browser. */
    async signIn(authorizationUrl: string, accountId: string): Promise<URL> {
      const jar: Jar = new Map();
      let next = new URL(authorizationUrl);
      for (let step = 0; step < 10; step += 1) {
        if (next.href.startsWith(options.redirectUri)) return next;
        const login = next.pathname.startsWith("/interaction/");
        const response = await fetch(next, {
          method: login ? "POST" : "GET",
          redirect: "manual",
          headers: {
            cookie: cookieHeader(jar),
            ...(login ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          },
          body: login ? new URLSearchParams({ prompt: "login", login: accountId, password: "any" }) : undefined,
        });
        keepCookies(jar, response);
        const location = response.headers.get("location");
        if (!location) throw new Error(`provider answered ${response.status} at ${next.pathname} without a redirect`);
        next = new URL(location, next);
      }
      throw new Error("provider kept redirecting");
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The app's client keeps its connections alive: close them, or close() waits for their idle timeout.
        server.closeAllConnections();
      }),
  };
}
