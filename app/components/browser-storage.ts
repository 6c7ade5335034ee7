// Access to browser storage that may be missing or throw. The key names are
// in shared/site/storage-keys.ts.

/** localStorage that may be missing or throw (private modes, blocked storage). */
export function readStorage(storage: "local" | "session", key: string): string | null {
  try {
    return (storage === "local" ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(storage: "local" | "session", key: string, value: string): void {
  try {
    (storage === "local" ? window.localStorage : window.sessionStorage).setItem(key, value);
  } catch {
    // Storage is unavailable: the choice then lasts for this page only.
  }
}
