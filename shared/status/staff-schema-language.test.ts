import { describe, expect, it } from "vitest";
import { fieldErrors } from "#shared/field-errors.ts";
import { statusUpdateSchema, statusUpdateSchemaIn } from "./status-update-schema.ts";
import { statusWebhookSchema, statusWebhookSchemaIn } from "./status-webhook-schema.ts";

const update = { state: "resolved", titleEn: "", titleDe: "x".repeat(121), messageEn: "ok", messageDe: "ok" };
const webhook = { customer: "", url: "ftp://example.com/hook", services: [] };

describe("the staff forms' schemas in the staff language", () => {
  it("word a status update's field errors in English, or in German for a German reader", () => {
    const english = statusUpdateSchema.safeParse({ ...update, state: "gone" });
    expect(english.success || fieldErrors(english.error)).toEqual({
      state: "state must be one of investigating, identified, monitoring, resolved",
      titleEn: "titleEn is required",
      titleDe: "titleDe has at most 120 characters",
    });
    const german = statusUpdateSchemaIn("de").safeParse(update);
    expect(german.success || fieldErrors(german.error)).toEqual({
      titleEn: "Bitte füllen Sie titleEn aus",
      titleDe: "titleDe darf höchstens 120 Zeichen haben",
    });
  });

  it("word a webhook's field errors in English, or in German for a German reader", () => {
    const english = statusWebhookSchema.safeParse(webhook);
    expect(english.success || fieldErrors(english.error)).toEqual({
      customer: "customer is required",
      url: "url must be an http(s) URL",
      services: "services: choose at least one, or leave it out for all",
    });
    const german = statusWebhookSchemaIn("de").safeParse(webhook);
    expect(german.success || fieldErrors(german.error)).toEqual({
      customer: "Bitte geben Sie customer (den Kunden) an",
      url: "url muss eine http(s)-URL sein",
      services: "services: Wählen Sie mindestens einen Dienst, oder lassen Sie das Feld für alle weg",
    });
  });
});
