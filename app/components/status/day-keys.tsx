// Makes each row of status days one tab stop instead of 90. The rows are
// static markup (no React of their own): this island renders nothing and moves
// the one tab stop along a row with the arrow keys, Home and End, as a
// toolbar does. Without it, Tab reaches today and the notable days.
import { useEffect } from "react";

export const DAY_ROW_ATTRIBUTE = "data-day-row";

/** Where an arrow key, Home or End moves from `index` among `count` days; undefined for any other key. */
export function dayAfterKey(key: string, index: number, count: number): number | undefined {
  if (key === "ArrowLeft") return Math.max(0, index - 1);
  if (key === "ArrowRight") return Math.min(count - 1, index + 1);
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return undefined;
}

/** Makes the row's `index`th day its only tab stop. */
function rove(row: Element, index: number) {
  [...row.children].forEach((day, at) => ((day as HTMLElement).tabIndex = at === index ? 0 : -1));
}

/** The day an event happened on and its row, when it happened on a day. */
function dayOf(event: Event): { row: Element; days: Element[]; index: number } | undefined {
  const day = event.target instanceof Element ? event.target : null;
  const row = day?.parentElement;
  if (!day || !row?.hasAttribute(DAY_ROW_ATTRIBUTE)) return undefined;
  const days = [...row.children];
  return { row, days, index: days.indexOf(day) };
}

export function DayKeys() {
  useEffect(() => {
    // Today is every row's tab stop: only the notable days before it give theirs up (one query, not a walk over every
    // day of every row, which on a page of hundreds of services blocked the first interaction).
    for (const day of document.querySelectorAll(`[${DAY_ROW_ATTRIBUTE}] > [tabindex="0"]:not(:last-child)`))
      (day as HTMLElement).tabIndex = -1;
    const onKey = (event: KeyboardEvent) => {
      const at = dayOf(event);
      const to = at && dayAfterKey(event.key, at.index, at.days.length);
      if (!at || to === undefined) return;
      event.preventDefault();
      rove(at.row, to);
      (at.days[to] as HTMLElement).focus();
    };
    // Tab comes back to the day last looked at, however it got focus (a click, a key).
    const onFocus = (event: FocusEvent) => {
      const at = dayOf(event);
      if (at) rove(at.row, at.index);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocus);
    };
  }, []);
  return null;
}
