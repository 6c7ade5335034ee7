import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/** Whether this browser can use passkeys: null on the server and while hydrating, then the browser's answer. */
export function useWebAuthnSupport(): boolean | null {
  return useSyncExternalStore(unchanging, browserSupportsWebAuthn, () => null);
}
