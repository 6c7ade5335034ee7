// The browser's side of one's own account: calls to /api/admin/account. The
// calls that change how one signs in need a recent sign-in; the page runs
// them through confirm-identity.tsx, which asks for one and tries again.
import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { clientFailure, requestJson, type ApiResult } from "./api-request.ts";
import type { StaffUser } from "./auth-client.ts";

export type Factor = {
  id: string | number;
  kind: "totp" | "passkey";
  label: string;
  createdAt: number;
  lastUsedAt: number | null;
};

export type AccountSession = {
  id: string | number;
  current: boolean;
  createdAt: number;
  lastSeenAt: number;
  userAgent: string | null;
};

export type Account = {
  user: StaffUser;
  requireSecondFactor: boolean;
  mustEnrol: boolean;
  /** Signs in through the identity provider: no password here. */
  sso: boolean;
  factors: Factor[];
  recoveryCodesLeft: number;
  sessions: AccountSession[];
};

export type TotpSetup = { setupId: string; secret: string; uri: string; qrSvg: string };
/** A new factor; the first one also brings the account's ten recovery codes, shown once. */
export type FactorAdded = { factor: Factor; recoveryCodes?: string[] };

const base = "/api/admin/account";

export function fetchAccount() {
  return requestJson<Account>("GET", `${base}/`);
}

/** 204, and the account's other sessions are signed out. */
export function changePassword(current: string, next: string) {
  return requestJson<undefined>("POST", `${base}/password`, { current, next });
}

export function endOtherSessions() {
  return requestJson<{ ended: number }>("POST", `${base}/sessions/end-others`);
}

export function startTotpSetup() {
  return requestJson<TotpSetup>("POST", `${base}/totp/setup`);
}

export function finishTotpSetup(setupId: string, code: string, label: string) {
  return requestJson<FactorAdded>("POST", `${base}/totp`, { setupId, code, label });
}

/** Asks the server for a challenge, the browser for a new passkey, then the server to keep it. */
export async function addPasskey(label: string): Promise<ApiResult<FactorAdded>> {
  const options = await requestJson<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    "POST",
    `${base}/passkeys/options`,
  );
  if (!options.ok) return options;
  let response: RegistrationResponseJSON;
  try {
    response = await startRegistration({ optionsJSON: options.data.options });
  } catch (error) {
    console.warn("Passkey registration ended without a passkey", error);
    return clientFailure("account.noPasskeyCreated");
  }
  return requestJson<FactorAdded>("POST", `${base}/passkeys`, { response, label });
}

export function removeFactor(id: Factor["id"]) {
  return requestJson<undefined>("DELETE", `${base}/factors/${encodeURIComponent(String(id))}`);
}

/** Ten new recovery codes; the old ones stop working. */
export function createRecoveryCodes() {
  return requestJson<{ recoveryCodes: string[] }>("POST", `${base}/recovery-codes`);
}
