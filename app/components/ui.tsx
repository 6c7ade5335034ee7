// Small building blocks shared by the public pages.
import type { ReactNode } from "react";

export const buttonPrimary =
  "inline-flex min-h-12 items-center justify-center rounded-md " +
  "bg-brand-700 px-6 font-semibold text-white hover:bg-brand-900";
export const buttonSecondary =
  "inline-flex min-h-12 items-center justify-center rounded-md border border-slate-400 px-6 " +
  "font-semibold hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800";
export const textLink = "font-medium text-brand-700 underline hover:no-underline dark:text-brand-300";
/**
 * The page's column, as the navbar, footer and ticker have it: the padding
 * inside the 72rem width, so every left edge lines up with the logo.
 */
export const pageColumn = "mx-auto max-w-6xl px-4";

export function Section({
  heading,
  intro,
  children,
  tone = "plain",
  id,
}: {
  heading: string;
  intro?: string;
  children: ReactNode;
  tone?: "plain" | "muted";
  id?: string;
}) {
  return (
    <section
      id={id}
      className={`py-16 ${tone === "muted" ? "bg-slate-50 dark:bg-slate-900" : ""}`}
      aria-labelledby={id ? `${id}-heading` : undefined}
    >
      <div className={pageColumn}>
        <h2 id={id ? `${id}-heading` : undefined} className="text-3xl font-bold tracking-tight">
          {heading}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={
        `rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900 ` +
        `${className}`
      }
    >
      {children}
    </div>
  );
}

export function Tag({ children }: { children: ReactNode }) {
  return (
    <span
      className={
        "inline-flex items-center rounded-full bg-brand-50 px-3 py-1 text-xs " +
        "font-semibold text-brand-900 dark:bg-slate-800 dark:text-brand-100"
      }
    >
      {children}
    </span>
  );
}

const CTA_TONES = {
  plain: { section: "", text: "text-slate-700 dark:text-slate-300", button: buttonPrimary },
  muted: {
    section: "bg-slate-50 dark:bg-slate-900",
    text: "text-slate-700 dark:text-slate-300",
    button: buttonSecondary,
  },
  brand: {
    section: "bg-brand-700 text-white",
    text: "text-brand-50",
    button: "inline-flex min-h-12 items-center rounded-md bg-white px-6 font-semibold text-brand-900 hover:bg-brand-50",
  },
};

/** A closing call to action: heading, one paragraph, one button. */
export function CallToAction(props: {
  heading: string;
  text: string;
  button: string;
  href: string;
  tone?: keyof typeof CTA_TONES;
}) {
  const tone = CTA_TONES[props.tone ?? "plain"];
  return (
    <section className={`px-4 py-16 ${tone.section}`}>
      <div className="mx-auto max-w-3xl text-center">
        <h2 className="text-3xl font-bold tracking-tight">{props.heading}</h2>
        <p className={`mt-4 text-lg ${tone.text}`}>{props.text}</p>
        <a href={props.href} className={`${tone.button} mt-8`}>
          {props.button}
        </a>
      </div>
    </section>
  );
}
