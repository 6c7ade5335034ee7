import type { ReactNode } from "react";
import { pageColumn } from "./ui.tsx";

export function PageHeader({ heading, intro, children }: { heading: string; intro?: string; children?: ReactNode }) {
  return (
    <header className="bg-gradient-to-b from-brand-50 to-white py-16 dark:from-slate-900 dark:to-slate-950">
      <div className={pageColumn}>
        <h1 className="max-w-4xl text-4xl font-extrabold tracking-tight sm:text-5xl">{heading}</h1>
        {intro ? <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{intro}</p> : null}
        {children}
      </div>
    </header>
  );
}
