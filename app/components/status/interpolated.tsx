import { Fragment, type ReactNode } from "react";

/**
 * A translated text with elements in place of its placeholders ("Updated {time}" -> "Updated <time>…</time>"),
 * `slots` keyed by placeholder ("{time}"); a placeholder without a slot stays as written.
 */
export function Interpolated({ text, slots }: { text: string; slots: Record<string, ReactNode> }) {
  return (
    <Fragment>
      {text.split(/(\{\w+\})/).map((part, index) =>
        // The text is fixed per render, so a part's place is a stable key.
        part in slots ? <Fragment key={index}>{slots[part]}</Fragment> : part,
      )}
    </Fragment>
  );
}
