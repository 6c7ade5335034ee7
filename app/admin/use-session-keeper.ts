import { useEffect, useRef } from "react";
import { fetchSession, refreshSession } from "./auth-client.ts";

export const SESSION_CHECK_MS = 30_000;
export const REFRESH_WHEN_LEFT_MS = 90_000;
export const AUTH_DEBOUNCE_MS = 100;

/**
 * Keeps a staff session alive while the dashboard is open: checks it every
 * 30 s, refreshes it when less than 90 s remain, and reports a lost session
 * (debounced by 100 ms, so losses reported together sign out once).
 */
export function useSessionKeeper(onSignedOut: () => void) {
  const signedOut = useRef(onSignedOut);
  useEffect(() => {
    signedOut.current = onSignedOut;
  }, [onSignedOut]);

  useEffect(() => {
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const lost = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => signedOut.current(), AUTH_DEBOUNCE_MS);
    };
    const check = async () => {
      try {
        const session = await fetchSession();
        if (!session) return lost();
        if (session.expiresAt - Date.now() < REFRESH_WHEN_LEFT_MS && (await refreshSession()) === null) lost();
      } catch (error) {
        console.warn("Session check failed; will retry", error);
      }
    };
    const timer = setInterval(() => void check(), SESSION_CHECK_MS);
    // A page restored from the back/forward cache must be checked at once.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void check();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => {
      clearInterval(timer);
      clearTimeout(debounce);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, []);
}
