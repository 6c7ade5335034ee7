// The visitor's consent answer, shared by the banner, the buttons that reopen
// it and the welcome popup (which waits for an answer). Read from storage once.
import { readConsentRecord, writeConsentRecord, type ConsentChoices, type ConsentRecord } from "./consent-record.ts";

export type ConsentState = {
  record: ConsentRecord | null;
  /** Reopened by the visitor from the floating button or the footer link. */
  settingsOpen: boolean;
};

let state: ConsentState | undefined;
const listeners = new Set<(state: ConsentState) => void>();

export function consentState(): ConsentState {
  state ??= { record: readConsentRecord(), settingsOpen: false };
  return state;
}

function update(patch: Partial<ConsentState>) {
  state = { ...consentState(), ...patch };
  for (const listener of listeners) listener(state);
}

/** Calls listener now and on every change. */
export function onConsentChange(listener: (state: ConsentState) => void): void {
  listeners.add(listener);
  listener(consentState());
}

export function setSettingsOpen(settingsOpen: boolean): void {
  update({ settingsOpen });
}

export function answerConsent(choices: ConsentChoices): ConsentRecord {
  const record = writeConsentRecord(choices);
  document.documentElement.removeAttribute("data-consent");
  update({ record, settingsOpen: false });
  return record;
}
