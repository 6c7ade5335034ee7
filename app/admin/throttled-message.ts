// What a held sign-in step tells the person: how long to wait, in words a
// person reads at a glance (a held code budget lasts hours, not seconds), and
// what else works meanwhile.

/** "45 seconds", "15 minutes", "5 hours 20 minutes": rounded up, never shorter than the server said. */
export function waitText(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 90) return plural(whole, "second");
  const minutes = Math.ceil(whole / 60);
  if (minutes < 90) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} ${plural(rest, "minute")}`;
}

/** The message of a 429: too many attempts, or (reason "codes") too many wrong codes for the account. */
export function throttledMessage(retryAfterSeconds: number, reason?: string): string {
  const wait = waitText(retryAfterSeconds);
  if (reason === "codes")
    return (
      `Too many wrong codes were tried for this account. Please try again in ${wait}, ` +
      "or use a recovery code or a passkey."
    );
  return `Too many sign-in attempts. Please try again in ${wait}.`;
}
