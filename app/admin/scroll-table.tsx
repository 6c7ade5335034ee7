import type { ReactNode } from "react";
import { useStaffText } from "./staff-language.tsx";

/** A table cell of the staff pages' tables; `top` for rows of several lines. */
export function cellClass(align: "middle" | "top" = "middle"): string {
  // Whole class names, so Tailwind finds them in the source.
  const vertical = align === "top" ? "align-top" : "align-middle";
  return `border-b border-slate-200 px-2 py-1.5 ${vertical} dark:border-slate-700`;
}

/**
 * A table that scrolls sideways on a narrow screen. The scrolling box is a named, focusable region, so a
 * keyboard can scroll it (axe: scrollable-region-focusable), and `relative`, so the screen-reader-only text
 * inside stays inside it instead of widening the page.
 */
export function ScrollTable({
  label,
  headings,
  align = "middle",
  className = "mt-3",
  children,
}: {
  label: string;
  headings: ReactNode[];
  align?: "middle" | "top";
  className?: string;
  children: ReactNode;
}) {
  const { t } = useStaffText();
  return (
    <div
      className={`relative ${className} overflow-x-auto`}
      tabIndex={0}
      role="region"
      aria-label={t("table.scrolls", { label })}
    >
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr>
            {headings.map((heading, index) => (
              <th key={index} scope="col" className={`${cellClass(align)} font-semibold`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
