// What a visitor reads when a public form cannot be stored because the
// server's disk is full: the same words from the API (JSON) and from the
// pages (the dictionaries take them from here), in both languages.
import type { Language } from "./languages.ts";

export type StorageFullWords = {
  title: string;
  /** The contact form: nothing was sent, and the text is still in the form. */
  contact: string;
  /** The status subscription form. */
  subscribe: string;
};

export const STORAGE_FULL_WORDS: Readonly<Record<Language, StorageFullWords>> = {
  en: {
    title: "Temporarily unable to save",
    contact:
      "Our server cannot store new messages at the moment, so yours was not sent. " +
      "Your text is still in the form: please send it again in a few minutes.",
    subscribe: "Our server cannot store new subscriptions at the moment. Please send the form again in a few minutes.",
  },
  de: {
    title: "Speichern vorübergehend nicht möglich",
    contact:
      "Unser Server kann gerade keine neuen Nachrichten speichern, daher wurde Ihre nicht gesendet. " +
      "Ihr Text steht noch im Formular: Bitte senden Sie ihn in einigen Minuten erneut.",
    subscribe:
      "Unser Server kann gerade keine neuen Anmeldungen speichern. " +
      "Bitte senden Sie das Formular in einigen Minuten erneut.",
  },
};
