import { describe, expect, it } from "vitest";
import { CONTACT_ERRORS_EN } from "./contact-limits.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import { contactFieldsSchema } from "./contact-schema.ts";

const valid = { name: "Erika", email: "erika@example.org", subject: "Project", message: "Ten chars or more." };

describe("the contact schema", () => {
  it("trims the fields and normalises line breaks in the message", () => {
    const parsed = contactFieldsSchema().parse({ ...valid, name: "  Erika  ", message: "line one\r\nline two  " });
    expect(parsed).toEqual({ ...valid, message: "line one\nline two" });
  });

  it("a name of only spaces is too short", () => {
    const result = contactFieldsSchema().safeParse({ ...valid, name: "     " });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ name: "Name must be at least 2 characters" });
  });

  it("speaks the caller's language", () => {
    const result = contactFieldsSchema({ ...CONTACT_ERRORS_EN, subjectMin: "Der Betreff ist zu kurz" }).safeParse({
      ...valid,
      subject: "Hi",
    });
    expect(fieldErrors(result.error!)).toEqual({ subject: "Der Betreff ist zu kurz" });
  });
});
