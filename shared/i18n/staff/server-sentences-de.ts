// The staff area's German text for server sentences: the keys and placeholders of server-sentences-en.ts.
import type { serverSentencesEn } from "./server-sentences-en.ts";

export const serverSentencesDe: Record<keyof typeof serverSentencesEn, string> = {};
