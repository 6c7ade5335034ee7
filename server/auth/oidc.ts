// Staff single sign-on by OpenID Connect: the authorization code flow with
// PKCE, state and nonce (openid-client). What the callback needs to check the
// answer is kept on the server (auth_challenges), found by the hash of a
// random token in a short-lived cookie, and used once. The provider is
// discovered at the first sign-in, not at start, so a provider that is down
// fails single sign-on alone, and a failed discovery is tried again next time.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import * as client from "openid-client";
import { ROLES, type Role } from "#shared/auth/permissions.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/schema.ts";
import type { OidcIdentity } from "./oidc-accounts.ts";
import { hashToken } from "./sessions.ts";

export const OIDC_CHALLENGE_KIND = "oidc";
export const OIDC_CHALLENGE_TTL_MS = 10 * 60_000;
export const OIDC_CALLBACK_PATH = "/api/auth/oidc/callback";
const SCOPE = "openid profile email";
const DISCOVERY_TIMEOUT_SECONDS = 10;
/** oauth4webapi's message (under openid-client's error) for a signature its key does not verify. */
const BAD_SIGNATURE = "JWT signature verification failed";

/** A refused sign-in; `reason` is meant for the audit trail and logs, so it never holds a token, code or state. */
export class OidcSignInError extends Error {
  constructor(
    readonly reason: string,
    /** Who the provider said it was, when it got that far. */
    readonly who?: string,
  ) {
    super(reason);
    this.name = "OidcSignInError";
  }
}

/**
 * The role a claim grants: "owner", "operator" or "viewer", or an array holding some of them, where the highest
 * wins. Anything else grants none, and the sign-in is refused rather than given a default role.
 */
export function roleFromClaim(value: unknown): Role | undefined {
  const values: unknown[] = Array.isArray(value) ? value : [value];
  // ROLES runs from the highest to the lowest.
  return ROLES.find((role) => values.includes(role));
}

type Challenge = { state: string; nonce: string; verifier: string };

/** A signature that no key of the provider's key set verifies, or signed by a key the set does not hold. */
function isBadSignature(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === "OAUTH_KEY_SELECTION_FAILED" || (cause instanceof Error && cause.message === BAD_SIGNATURE);
}

/** Only the error's kind: openid-client keeps the values it compared (state, tokens) in other fields. */
function failureOf(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError) return `provider answered ${error.error}`;
  if (isBadSignature(error)) return "ID token signature not verified by the provider's keys";
  if (error instanceof client.ResponseBodyError) return `token endpoint answered ${error.error}`;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `code exchange failed (${code})` : "code exchange failed";
}

function identityOf(claims: client.IDToken, roleClaim: string): OidcIdentity {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const preferredUsername = text(claims.preferred_username);
  const email = text(claims.email);
  const role = roleFromClaim(claims[roleClaim]);
  if (!role) {
    throw new OidcSignInError(`no known role in claim "${roleClaim}"`, preferredUsername ?? email ?? claims.sub);
  }
  return { subject: claims.sub, preferredUsername, email, role };
}

export function createOidcClient(options: { config: Config; db: Kysely<Database>; now: () => number }) {
  const { config, db, now } = options;
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: secret } = config;
  const redirectUri = `${config.SITE_URL}${OIDC_CALLBACK_PATH}`;
  let discovered: Promise<client.Configuration> | undefined;

  function provider(): Promise<client.Configuration> {
    if (!issuer || !clientId || !secret) return Promise.reject(new OidcSignInError("single sign-on is off"));
    const server = new URL(issuer);
    // parseConfig allows http:// only on loopback (a provider on this machine, as in tests).
    const insecure = server.protocol === "http:" ? [client.allowInsecureRequests] : [];
    // The code flow's ID token comes straight from the token endpoint, and OpenID Connect deems TLS enough; its
    // signature is checked against the provider's published keys (jwks_uri) all the same, so a token no key of the
    // provider signed is refused whatever way it came.
    const execute = [...insecure, client.enableNonRepudiationChecks];
    discovered ??= client
      .discovery(server, clientId, undefined, client.ClientSecretBasic(secret), {
        execute,
        timeout: DISCOVERY_TIMEOUT_SECONDS,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        const code = (error as { code?: unknown }).code;
        throw new OidcSignInError(`provider discovery failed${typeof code === "string" ? ` (${code})` : ""}`);
      });
    return discovered;
  }

  async function takeChallenge(token: string | undefined): Promise<Challenge> {
    if (!token) throw new OidcSignInError("no sign-in in progress in this browser");
    const row = await db
      .deleteFrom("auth_challenges")
      .where("token_hash", "=", hashToken(token))
      .where("kind", "=", OIDC_CHALLENGE_KIND)
      .returning(["value", "expires_at"])
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= now()) throw new OidcSignInError("sign-in unknown or expired");
    return JSON.parse(row.value) as Challenge;
  }

  return {
    enabled: issuer !== undefined,

    /** Begins a sign-in: the provider's URL to send the browser to, and the token for the browser's cookie. */
    async start(): Promise<{ url: string; token: string }> {
      const configuration = await provider();
      const challenge: Challenge = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const token = randomBytes(32).toString("base64url");
      const time = now();
      // Sign-ins begun and never finished would pile up: each start clears the expired ones.
      await db
        .deleteFrom("auth_challenges")
        .where("kind", "=", OIDC_CHALLENGE_KIND)
        .where("expires_at", "<=", time)
        .execute();
      await db
        .insertInto("auth_challenges")
        .values({
          token_hash: hashToken(token),
          kind: OIDC_CHALLENGE_KIND,
          user_id: null,
          value: JSON.stringify(challenge),
          expires_at: time + OIDC_CHALLENGE_TTL_MS,
        })
        .execute();
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: challenge.state,
        nonce: challenge.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(challenge.verifier),
        code_challenge_method: "S256",
      });
      return { url: url.href, token };
    },

    /**
     * Ends a sign-in: the callback's query (code, state, iss) is checked against the challenge of the cookie's token
     * and exchanged for an ID token, whose claims say who it is. Throws an OidcSignInError on any refusal.
     */
    async finish(token: string | undefined, callbackQuery: string): Promise<OidcIdentity> {
      const challenge = await takeChallenge(token);
      const configuration = await provider();
      // The redirect URI as registered: behind a proxy the request's own URL may name an inner host.
      const callbackUrl = new URL(`${redirectUri}${callbackQuery}`);
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: challenge.verifier,
          expectedState: challenge.state,
          expectedNonce: challenge.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new OidcSignInError(failureOf(error));
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcSignInError("no ID token");
      return identityOf(claims, config.OIDC_ROLE_CLAIM);
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
