// Status page times are written in the company's zone ("1 Dec 2026, 22:00
// CET"), the same for every visitor and without JavaScript. A visitor whose
// clock reads otherwise also gets their own time beside each: this island
// renders nothing and adds "(your time: …)" after every marked <time>, once
// the page has hydrated, so the server's HTML and the hydrated page agree.
// Its words come as a prop (the one message, not the status page's dictionary).
import { useEffect } from "react";
import { useLanguage } from "#app/i18n/language.tsx";
import { visitorTimeZone, zonedTime } from "#shared/time/zoned-time.ts";

export const LOCAL_TIME_ATTRIBUTE = "data-local-time";

/** `yourTime` is the message with its `{time}` left in: "your time: {time}". */
export function LocalTimes({ timeZone, yourTime }: { timeZone: string; yourTime: string }) {
  const { lang } = useLanguage();
  useEffect(() => {
    const visitorZone = visitorTimeZone();
    for (const time of document.querySelectorAll<HTMLTimeElement>(`time[${LOCAL_TIME_ATTRIBUTE}]`)) {
      if (time.nextElementSibling?.hasAttribute("data-visitor-time")) continue;
      const { visitor } = zonedTime(time.dateTime, { lang, companyZone: timeZone, visitorZone });
      if (!visitor) continue;
      const local = document.createElement("span");
      local.setAttribute("data-visitor-time", "");
      local.textContent = ` (${yourTime.replace("{time}", visitor)})`;
      time.after(local);
    }
  }, [yourTime, lang, timeZone]);
  return null;
}
