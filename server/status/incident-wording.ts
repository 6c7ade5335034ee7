// The neutral words of a public incident, in English and German, for when
// staff have written none (or the checks resolved it before staff said so):
// the services named in a list, or counted beyond three, and told in the
// right grammatical number and case.
import type { Bilingual } from "#shared/status/public-status.ts";

export type IncidentNames = { en: string; de: string; deDative: string; plural: boolean };

/** "A", "A and B", "A, B and C". */
const listed = (names: readonly string[], and: string) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;

/**
 * The services of an incident in words: "A", "A and B", "A, B and C", beyond three "5 services" (German also in the
 * dative, after "von").
 */
export function namesOf(names: readonly Bilingual[]): IncidentNames {
  if (names.length > 3)
    return {
      en: `${names.length} services`,
      de: `${names.length} Dienste`,
      deDative: `${names.length} Diensten`,
      plural: true,
    };
  const english = names.map((name) => name.en);
  const german = names.map((name) => name.de);
  const [en, de] = [listed(english, "and"), listed(german, "und")];
  return { en, de, deDative: de, plural: names.length > 1 };
}

export const NEUTRAL = {
  title: (names: IncidentNames): Bilingual => ({
    en: `Disruption of ${names.en}`,
    de: `Störung: ${names.de}`,
  }),
  open: (names: IncidentNames): Bilingual => ({
    en: `We are looking into a disruption of ${names.en}.`,
    de: `Wir gehen einer Störung von ${names.deDative} nach.`,
  }),
  resolved: (names: IncidentNames): Bilingual =>
    names.plural
      ? { en: `${names.en} are working normally again.`, de: `${names.de} arbeiten wieder normal.` }
      : { en: `${names.en} is working normally again.`, de: `${names.de} arbeitet wieder normal.` },
};
