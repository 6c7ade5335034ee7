// The staff area's German text for account and team: the keys and placeholders of account-and-team-en.ts.
import type { accountAndTeamEn } from "./account-and-team-en.ts";

export const accountAndTeamDe: Record<keyof typeof accountAndTeamEn, string> = {};
