import { describe, expect, it } from "vitest";
import { CONTACT_ERRORS_EN } from "#shared/contact/contact-limits.ts";
import { de } from "#app/i18n/de.ts";
import { en } from "#app/i18n/en.ts";
import { translate } from "#app/i18n/language.tsx";
import { contactErrorMessages } from "./contact-form-messages.ts";

describe("contact form messages", () => {
  it("in English are exactly the API's messages", () => {
    expect(contactErrorMessages((key) => translate(en, key))).toEqual(CONTACT_ERRORS_EN);
  });

  it("in German are all translated", () => {
    const german = contactErrorMessages((key) => translate(de, key));
    for (const [name, text] of Object.entries(german))
      expect(text, name).not.toBe(CONTACT_ERRORS_EN[name as keyof typeof CONTACT_ERRORS_EN]);
  });
});
