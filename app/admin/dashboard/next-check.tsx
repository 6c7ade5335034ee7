// "Next check in 12s" until the engine's next round is due, then "Checking
// now…" until the page has read that round (it never sits at "0s").
import { useStaffText } from "#app/admin/staff-language.tsx";
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
  const { t } = useStaffText();
  if (!nextCheckAt) return null;
  const seconds = secondsToNextCheck(nextCheckAt, now);
  return (
    <>
      {prefix}
      {seconds === null ? t("services.checkingNow") : `${t("services.nextCheck", { seconds })}${suffix}`}
    </>
  );
}
