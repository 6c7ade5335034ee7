// For tests: a real OpenID Connect provider (oidc-provider) on loopback, with
// one confidential client and accounts whose claims a test may change between
// sign-ins. signIn plays the person at the provider: it follows the redirects,
// logs in through the provider's own development login form, and returns the
// URL the provider sends the browser back to (the app's callback), for the
// test to request from the app itself. forgeIdTokens makes its token endpoint
// hand out ID tokens whose signature its published keys do not verify.
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
// @ts-expect-error -- oidc-provider ships no type declarations; this file only calls what it uses below.
import Provider from "oidc-provider";
import { freePort } from "./ports.ts";

export type ProviderAccounts = Map<string, Record<string, unknown>>;

/** How a forged ID token is signed: by a key of the attacker's (under the provider's key id), or not at all. */
export type IdTokenForgery = "foreign-key" | "garbage-signature";

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

/** The same header and claims, with a signature the provider's published keys do not verify. */
function forgedIdToken(idToken: string, forgery: IdTokenForgery, foreignKey: KeyObject): string {
  const [header = "", payload = "", signature = ""] = idToken.split(".");
  const { alg } = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg: string };
  if (alg !== "RS256") throw new Error(`the test provider forges RS256 tokens only, not ${alg}`);
  const forged =
    forgery === "garbage-signature"
      ? randomBytes(Buffer.from(signature, "base64url").length)
      : sign("sha256", Buffer.from(`${header}.${payload}`), foreignKey);
  return `${header}.${payload}.${forged.toString("base64url")}`;
}

/** Rewrites the ID token in the token endpoint's JSON answer as it is sent. */
function forgeIdTokenIn(response: ServerResponse, forge: (idToken: string) => string): void {
  const end = response.end.bind(response) as (chunk?: unknown) => ServerResponse;
  response.end = ((chunk?: unknown) => {
    if (typeof chunk !== "string" && !Buffer.isBuffer(chunk)) return end(chunk);
    const body = JSON.parse(chunk.toString()) as { id_token?: string };
    if (body.id_token === undefined) return end(chunk);
    const forged = JSON.stringify({ ...body, id_token: forge(body.id_token) });
    response.setHeader("content-length", Buffer.byteLength(forged));
    return end(forged);
  }) as typeof response.end;
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
  let forgery: IdTokenForgery | undefined;
  const foreignKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const answer = provider.callback() as (request: unknown, response: ServerResponse) => void;
  const server: Server = createServer((request, response) => {
    if (forgery && request.method === "POST" && request.url === "/token") {
      const kind = forgery;
      forgeIdTokenIn(response, (idToken) => forgedIdToken(idToken, kind, foreignKey));
    }
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    issuer,
    /** From now on, ID tokens go out with a signature of this kind (undefined: signed as they should be). */
    forgeIdTokens(kind: IdTokenForgery | undefined): void {
      forgery = kind;
    },
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
