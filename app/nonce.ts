import { createContext, useContext } from "react";

/** The CSP nonce of this response's server-rendered scripts (empty when prerendered). */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
