import { company } from "#shared/company.ts";

/** The mark and the name; on a phone the name takes two lines where one would crowd the bar's buttons. */
export function Logo() {
  return (
    <span className="flex min-w-0 items-center gap-2 text-lg leading-tight font-bold tracking-tight">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="7" className="fill-brand-700" />
        <path d="M8 23V9h3.2l4.8 7.4L20.8 9H24v14h-3.2v-8.6l-4.8 7.2-4.8-7.2V23z" fill="#fff" />
      </svg>
      {company.brand}
    </span>
  );
}
