// Planned maintenance is written in the company's zone ("1 Dec 2026, 22:00
// CET"), the same for every visitor and without JavaScript. A visitor whose
// browser is in another zone also gets the time in theirs beside it: this
// island renders nothing and adds "(your time: …)" to each marked <time>.
// Its words come as a prop (the one message, not the status page's dictionary).
import { useEffect } from "react";
import { useLanguage } from "#app/i18n/language.tsx";
import { formatStatusTime } from "#shared/status/status-time.ts";

export const LOCAL_TIME_ATTRIBUTE = "data-local-time";

/** `yourTime` is the message with its `{time}` left in: "your time: {time}". */
export function LocalTimes({ timeZone, yourTime }: { timeZone: string; yourTime: string }) {
  const { lang } = useLanguage();
  useEffect(() => {
    const visitor = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!visitor || visitor === timeZone) return;
    for (const time of document.querySelectorAll<HTMLTimeElement>(`time[${LOCAL_TIME_ATTRIBUTE}]`)) {
      if (time.nextElementSibling?.hasAttribute("data-visitor-time")) continue;
      const local = document.createElement("span");
      local.setAttribute("data-visitor-time", "");
      local.textContent = ` (${yourTime.replace("{time}", formatStatusTime(time.dateTime, lang, visitor))})`;
      time.after(local);
    }
  }, [yourTime, lang, timeZone]);
  return null;
}
