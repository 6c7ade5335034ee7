// Every absolute time in the staff area: the company's zone, named ("27 Nov
// 2026, 10:26 CET"), identical in the server's HTML and the first browser
// render, so hydration agrees; once hydrated, a staff member whose clock reads
// otherwise also gets their own time beside it.
import { createContext, useContext, useSyncExternalStore } from "react";
import { COMPANY_TIME_ZONE, visitorTimeZone, zonedTime, type ZonedStyle } from "#shared/time/zoned-time.ts";
import { useStaffText } from "./staff-language.tsx";

/** The company's zone, from the monitoring configuration (the staff layout's loader provides it). */
export const CompanyTimeZone = createContext<string>(COMPANY_TIME_ZONE);

const noSubscription = () => () => {};

/** The browser's zone after hydration; null on the server and in the render that hydrates its HTML. */
export function useVisitorTimeZone(): string | null {
  return useSyncExternalStore(noSubscription, visitorTimeZone, () => null);
}

/** The moment as a <time> element's machine-readable value. */
export function isoTime(moment: number | string): string | undefined {
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** "27 Nov 2026, 10:26 CET (your time: 27 Nov 2026, 04:26 GMT-5)", in the staff language; "–" for no moment. */
export function When({
  at,
  style,
  seconds,
  stacked,
}: {
  at: number | string | null | undefined;
  style?: ZonedStyle;
  seconds?: boolean;
  /** The visitor's time on a line of its own: for narrow table cells. */
  stacked?: boolean;
}) {
  const companyZone = useContext(CompanyTimeZone);
  const { lang, t } = useStaffText();
  const visitorZone = useVisitorTimeZone();
  if (at === null || at === undefined) return <>–</>;
  const { company, visitor } = zonedTime(at, { lang, companyZone, visitorZone, style, seconds });
  return (
    <>
      <time dateTime={isoTime(at)}>{company}</time>
      {visitor ? (
        <span data-visitor-time="" className={stacked ? "block" : undefined}>
          {" "}
          {t("time.yours", { time: visitor })}
        </span>
      ) : null}
    </>
  );
}
