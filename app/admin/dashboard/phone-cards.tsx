// A table on a phone is a list of cards, status first: columns that only fit
// by scrolling sideways (status, days, actions, the 7 d and 30 d figures) are
// then all in view. From the breakpoint up the table itself shows; both are
// in the page, and only the shown one is in the accessibility tree.
import type { ReactNode } from "react";
import { Figures } from "./badges.tsx";

export type Breakpoint = "sm" | "md";

/** Classes for the table (from the breakpoint up) and the cards (below it); spelled out for Tailwind. */
export const SHOWN: Record<Breakpoint, { table: string; cards: string }> = {
  sm: { table: "hidden sm:block", cards: "sm:hidden" },
  md: { table: "hidden md:block", cards: "md:hidden" },
};

export function PhoneCards({ label, below, children }: { label: string; below: Breakpoint; children: ReactNode }) {
  return (
    <ul aria-label={label} className={`flex flex-col gap-2 ${SHOWN[below].cards}`}>
      {children}
    </ul>
  );
}

export function PhoneCard(props: {
  status: ReactNode;
  title: ReactNode;
  figures?: readonly (readonly [string, ReactNode])[];
  /** Grid columns of the figures. */
  figureColumns?: string;
  details?: ReactNode;
  actions?: ReactNode;
  /** data-* attributes that name the row, as its table row has them. */
  data?: Record<`data-${string}`, string>;
}) {
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700" {...props.data}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {props.status}
        <span className="min-w-0 font-semibold break-words">{props.title}</span>
      </div>
      {props.details}
      {props.figures ? <Figures items={props.figures} className={props.figureColumns ?? "grid-cols-2"} /> : null}
      {props.actions ? <div className="mt-3 flex flex-wrap gap-2">{props.actions}</div> : null}
    </li>
  );
}

/** A domain name that wraps only after its dots (never inside a label). */
export function Domain({ name }: { name: string }) {
  const labels = name.split(".");
  return (
    <span data-domain className="break-words">
      {labels.map((label, index) => (
        <span key={index}>
          {label}
          {index < labels.length - 1 ? (
            <>
              .<wbr />
            </>
          ) : null}
        </span>
      ))}
    </span>
  );
}
