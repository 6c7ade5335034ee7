// Consent state shared by the banner, the floating button, the footer link and
// the welcome popup (which waits for an answer). Read from storage once on the
// client; the server snapshot is "unknown", which renders nothing extra.
import { useSyncExternalStore } from "react";
import { readConsentRecord, writeConsentRecord, type ConsentChoices, type ConsentRecord } from "./consent-record.ts";

export type ConsentState = {
  /** False until the stored record has been read in the browser. */
  ready: boolean;
  record: ConsentRecord | null;
  /** Reopened by the visitor from the floating button or the footer link. */
  settingsOpen: boolean;
};

const SERVER_STATE: ConsentState = { ready: false, record: null, settingsOpen: false };

let state: ConsentState | undefined;
let returnFocusTo: HTMLElement | null = null;
const listeners = new Set<() => void>();

function getState(): ConsentState {
  state ??= { ready: true, record: readConsentRecord(), settingsOpen: false };
  return state;
}

function setState(patch: Partial<ConsentState>) {
  state = { ...getState(), ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsentState(): ConsentState {
  return useSyncExternalStore(subscribe, getState, () => SERVER_STATE);
}

export function openConsentSettings() {
  returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  setState({ settingsOpen: true });
}

export function closeConsentSettings() {
  setState({ settingsOpen: false });
  returnFocusTo?.focus();
  returnFocusTo = null;
}

export function answerConsent(choices: ConsentChoices): ConsentRecord {
  const record = writeConsentRecord(choices);
  document.documentElement.removeAttribute("data-consent");
  setState({ record });
  closeConsentSettings();
  return record;
}
