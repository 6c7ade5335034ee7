// A refusal worded by the staff dictionary: the API answers it in the staff language of the request, the command
// line prints its English message.
import { staffText, type StaffKey, type StaffVars } from "#shared/i18n/staff/staff-language.ts";

/** A sentence of the staff dictionary with the values of its placeholders. */
export type StaffSentence = { key: StaffKey; vars?: StaffVars };

export class SentenceError extends Error {
  /** Absent for a sentence given as English text only (the command line's own refusals). */
  readonly sentence: StaffSentence | undefined;

  constructor(reason: string | StaffSentence) {
    super(typeof reason === "string" ? reason : staffText("en", reason.key, reason.vars));
    this.sentence = typeof reason === "string" ? undefined : reason;
  }
}
