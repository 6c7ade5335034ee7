import { describe, expect, it } from "vitest";
import { PERMISSIONS, refusal, type Permission } from "#shared/auth/permissions.ts";
import { staffDe } from "./de.ts";
import { staffEn, type StaffKey } from "./en.ts";
import { isStaffKey, staffLanguage, staffText } from "./staff-language.ts";

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe("the staff dictionaries", () => {
  it("hold identical keys in en and de", () => {
    expect(Object.keys(staffDe).sort()).toEqual(Object.keys(staffEn).sort());
  });

  it("use the same placeholders in both languages", () => {
    for (const key of Object.keys(staffEn) as StaffKey[])
      expect(placeholders(staffDe[key]), key).toEqual(placeholders(staffEn[key]));
  });

  it("have no empty or unfinished values", () => {
    for (const dictionary of [staffEn, staffDe])
      for (const [key, value] of Object.entries(dictionary)) {
        expect(value.trim(), key).not.toBe("");
        expect(value, key).not.toMatch(/lorem|\bTODO\b|\bTBD\b/i);
      }
  });

  it("address the reader formally in German", () => {
    for (const [key, value] of Object.entries(staffDe)) expect(value, key).not.toMatch(/\b(du|dein|deine|dich|dir)\b/i);
  });
});

describe("the staff language of a request", () => {
  it("prefers the saved choice, then the cookie, then Accept-Language", () => {
    expect(staffLanguage({ saved: "de", cookie: "staffLanguage=en", acceptLanguage: "en" })).toBe("de");
    expect(staffLanguage({ saved: null, cookie: "a=b; staffLanguage=de", acceptLanguage: "en" })).toBe("de");
    expect(staffLanguage({ cookie: "staffLanguage=fr", acceptLanguage: "de-AT,en;q=0.5" })).toBe("de");
    expect(staffLanguage({ acceptLanguage: "fr, en;q=0.8" })).toBe("en");
    expect(staffLanguage({})).toBe("en");
  });

  it("does not take the public site's language cookie for the staff area's", () => {
    expect(staffLanguage({ cookie: "preferredLanguage=de" })).toBe("en");
  });
});

describe("staffText", () => {
  it("fills placeholders and the brand", () => {
    expect(staffText("de", "api.refused.staff:manage", { role: "viewer" })).toBe(
      "Ihre Rolle (viewer) darf keine Mitarbeiterkonten verwalten.",
    );
    expect(staffText("en", "mail.invitation.subject")).not.toContain("{brand}");
  });

  it("refuses in English exactly as the permission check words it", () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[])
      expect(staffText("en", `api.refused.${permission}`, { role: "viewer" })).toBe(refusal("viewer", permission));
  });

  it("knows its keys", () => {
    expect(isStaffKey("api.notFound")).toBe(true);
    expect(isStaffKey("Not found")).toBe(false);
    expect(isStaffKey("toString")).toBe(false);
  });
});
