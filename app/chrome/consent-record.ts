// The stored consent record: the three categories (necessary, analytics,
// marketing) and when they were chosen, plus a version. A record of an
// older version counts as no answer, so the dialog asks again only when the
// categories or their purposes change.
import { CONSENT_STORAGE_KEY, CONSENT_VERSION } from "#shared/site/storage-keys.ts";
import { readStorage, writeStorage } from "#app/components/browser-storage.ts";

export type ConsentChoices = { analytics: boolean; marketing: boolean };

export type ConsentRecord = ConsentChoices & {
  necessary: true;
  timestamp: string;
  version: number;
};

export function parseConsentRecord(raw: string | null): ConsentRecord | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const record = value as Record<string, unknown>;
    if (record.version !== CONSENT_VERSION || record.necessary !== true) return null;
    if (typeof record.analytics !== "boolean" || typeof record.marketing !== "boolean") return null;
    if (typeof record.timestamp !== "string" || Number.isNaN(Date.parse(record.timestamp))) return null;
    return record as ConsentRecord;
  } catch {
    return null;
  }
}

export function readConsentRecord(): ConsentRecord | null {
  return parseConsentRecord(readStorage("local", CONSENT_STORAGE_KEY));
}

export function writeConsentRecord(choices: ConsentChoices, now = new Date()): ConsentRecord {
  const record: ConsentRecord = {
    necessary: true,
    analytics: choices.analytics,
    marketing: choices.marketing,
    timestamp: now.toISOString(),
    version: CONSENT_VERSION,
  };
  writeStorage("local", CONSENT_STORAGE_KEY, JSON.stringify(record));
  return record;
}
