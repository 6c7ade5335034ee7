// The staff area's English text for account and team (spread into en.ts; German: account-and-team-de.ts, same keys).
export const accountAndTeamEn = {} as const;
