// The staff area's English text for server sentences (spread into en.ts; German: server-sentences-de.ts, same keys).
export const serverSentencesEn = {} as const;
