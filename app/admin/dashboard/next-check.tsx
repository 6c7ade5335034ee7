// "Next check in 12s" until the engine's next round is due, then "Checking
// now…" until the page has read that round (it never sits at "0s").
import { secondsToNextCheck } from "./polling.ts";

export function NextCheck({
  nextCheckAt,
  now,
  prefix = "",
  suffix = "",
}: {
  nextCheckAt: string | null;
  now: number;
  prefix?: string;
  suffix?: string;
}) {
  if (!nextCheckAt) return null;
  const seconds = secondsToNextCheck(nextCheckAt, now);
  return (
    <>
      {prefix}
      {seconds === null ? "Checking now…" : `Next check in ${seconds}s${suffix}`}
    </>
  );
}
