// The schema's messages in the visitor's language, from the dictionary.
import type { ContactErrorMessages } from "#shared/contact/contact-limits.ts";
import type { MessageKey } from "#app/i18n/en.ts";

const KEYS: Record<keyof ContactErrorMessages, MessageKey> = {
  nameMin: "contact.errors.nameMin",
  nameMax: "contact.errors.nameMax",
  emailInvalid: "contact.errors.emailInvalid",
  emailMax: "contact.errors.emailMax",
  subjectMin: "contact.errors.subjectMin",
  subjectMax: "contact.errors.subjectMax",
  messageMin: "contact.errors.messageMin",
  messageMax: "contact.errors.messageMax",
  singleLine: "contact.errors.singleLine",
  controlCharacters: "contact.errors.controlCharacters",
  notText: "contact.errors.notText",
};

export function contactErrorMessages(t: (key: MessageKey) => string): ContactErrorMessages {
  return Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [name, t(key)])) as ContactErrorMessages;
}
