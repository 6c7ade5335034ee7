// The browser's side of staff authentication: calls to /api/auth. The
// session itself lives in an HttpOnly cookie that scripts never see.
import type { Role } from "#shared/auth/permissions.ts";

export type StaffUser = { id: number; username: string; email: string; role: Role };
export type SessionInfo = { user: StaffUser; expiresAt: number };

export type SignInOutcome =
  | { kind: "ok"; session: SessionInfo }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSeconds: number }
  | { kind: "error" };

const json = { "Content-Type": "application/json" };

export async function signIn(username: string, password: string): Promise<SignInOutcome> {
  try {
    const response = await fetch("/api/auth/sign-in", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ username, password }),
    });
    if (response.ok) return { kind: "ok", session: (await response.json()) as SessionInfo };
    if (response.status === 401) return { kind: "invalid" };
    if (response.status === 429)
      return {
        kind: "throttled",
        retryAfterSeconds: ((await response.json()) as { retryAfterSeconds: number }).retryAfterSeconds,
      };
    return { kind: "error" };
  } catch {
    return { kind: "error" };
  }
}

/** The current session, or null when signed out; throws when the server cannot be reached. */
export async function fetchSession(): Promise<SessionInfo | null> {
  const response = await fetch("/api/auth/session", { cache: "no-store" });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`Session check failed with status ${response.status}`);
  return (await response.json()) as SessionInfo;
}

export async function refreshSession(): Promise<number | null> {
  const response = await fetch("/api/auth/refresh", { method: "POST" });
  if (!response.ok) return null;
  return ((await response.json()) as { expiresAt: number }).expiresAt;
}

export async function signOut(): Promise<void> {
  const response = await fetch("/api/auth/sign-out", { method: "POST" });
  if (!response.ok) throw new Error(`Sign-out failed with status ${response.status}`);
}
