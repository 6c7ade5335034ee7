import { describe, expect, it } from "vitest";
import { passwordRules } from "./password-rules.ts";

describe("the rules of a new staff password", () => {
  it("are worded in English unless a language is given, and ticked off as typed", () => {
    const rules = passwordRules("a long enough phrase", "anna");
    expect(rules.map((rule) => rule.text)).toEqual([
      "12 to 128 characters (spaces count: a passphrase is welcome)",
      "Does not contain your username",
      "Not one of the passwords leaked most often (checked when you save)",
    ]);
    expect(rules.map((rule) => rule.met)).toEqual([true, true, null]);
  });

  it("are worded in German for German staff, with the same verdicts", () => {
    const rules = passwordRules("short anna", "anna", "de");
    expect(rules.map((rule) => rule.text)).toEqual([
      "12 bis 128 Zeichen (Leerzeichen zählen mit: eine Passphrase ist willkommen)",
      "Enthält nicht Ihren Benutzernamen",
      "Keines der am häufigsten geleakten Passwörter (geprüft beim Speichern)",
    ]);
    expect(rules.map((rule) => rule.met)).toEqual([false, false, null]);
  });
});
