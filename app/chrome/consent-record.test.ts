import { describe, expect, it } from "vitest";
import { CONSENT_VERSION } from "#shared/site/storage-keys.ts";
import { parseConsentRecord } from "./consent-record.ts";

const valid = {
  necessary: true,
  analytics: false,
  marketing: true,
  timestamp: "2026-01-02T03:04:05.000Z",
  version: CONSENT_VERSION,
};

describe("parseConsentRecord", () => {
  it("accepts a record of the current version", () => {
    expect(parseConsentRecord(JSON.stringify(valid))).toEqual(valid);
  });

  it.each([
    ["nothing", null],
    ["not JSON", "{oops"],
    ["JSON null", "null"],
    ["an older version", JSON.stringify({ ...valid, version: CONSENT_VERSION - 1 })],
    ["no version (a record from before versions)", JSON.stringify({ ...valid, version: undefined })],
    ["necessary off", JSON.stringify({ ...valid, necessary: false })],
    ["a category that is not a boolean", JSON.stringify({ ...valid, analytics: "yes" })],
    ["a bad timestamp", JSON.stringify({ ...valid, timestamp: "yesterday" })],
  ])("treats %s as no answer", (_name, raw) => {
    expect(parseConsentRecord(raw)).toBeNull();
  });
});
