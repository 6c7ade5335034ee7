import { Fragment, type ReactNode } from "react";

/** A translated text with an element in place of its placeholder ("Updated {time}" -> "Updated <time>…</time>"). */
export function Interpolated({ text, slot, children }: { text: string; slot: string; children: ReactNode }) {
  const [before, ...after] = text.split(slot);
  return (
    <Fragment>
      {before}
      {after.length > 0 ? children : null}
      {after.join(slot)}
    </Fragment>
  );
}
