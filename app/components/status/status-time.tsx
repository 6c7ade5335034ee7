// A time on the status page: the company's zone, named ("1 Dec 2026, 22:00
// CET"), the same for every visitor and without JavaScript; marked so the
// local-times island can add the visitor's own beside it.
import { useLanguage } from "#app/i18n/language.tsx";
import { formatStatusTime } from "#shared/status/status-time.ts";
import { LOCAL_TIME_ATTRIBUTE } from "./local-times.tsx";

export function StatusTime({ at, timeZone }: { at: string; timeZone: string }) {
  const { lang } = useLanguage();
  return (
    <time dateTime={at} {...{ [LOCAL_TIME_ATTRIBUTE]: "" }}>
      {formatStatusTime(at, lang, timeZone)}
    </time>
  );
}
