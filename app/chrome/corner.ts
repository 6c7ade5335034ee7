// The floating consent button sits in the bottom-left corner of the screen.
// On a phone that corner often holds something to read (the ticker's label):
// elements marked with KEEP_CLEAR_ATTRIBUTE report when they pass through it,
// and the button steps aside meanwhile.
import { KEEP_CLEAR_ATTRIBUTE } from "./markup.ts";

/** The button's corner: 16 px from the edges, 48 px wide, 8 px to spare. */
export const CORNER_PX = 16 + 48 + 8;

/** Calls onChange(true) while an element marked to be kept clear is in the bottom-left corner of the viewport. */
export function watchCorner(onChange: (covered: boolean) => void): void {
  const targets = [...document.querySelectorAll(`[${KEEP_CLEAR_ATTRIBUTE}]`)];
  if (targets.length === 0 || typeof IntersectionObserver === "undefined") return;
  const inCorner = new Set<Element>();
  let observer: IntersectionObserver | undefined;
  const watch = () => {
    observer?.disconnect();
    inCorner.clear();
    // The root shrunk to the corner: everything above it and right of it cut away.
    const top = Math.max(0, window.innerHeight - CORNER_PX);
    const right = Math.max(0, window.innerWidth - CORNER_PX);
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) inCorner.add(entry.target);
          else inCorner.delete(entry.target);
        }
        onChange(inCorner.size > 0);
      },
      { rootMargin: `-${top}px -${right}px 0px 0px` },
    );
    for (const target of targets) observer.observe(target);
  };
  watch();
  window.addEventListener("resize", watch);
}
