import { useEffect, type RefObject } from "react";

/**
 * Closes an open <details> disclosure when the pointer goes down outside it or
 * Escape is pressed; Escape returns focus to its toggle (the <summary>).
 *
 * The listeners stay attached and read the element's own `open` state at
 * event time: the browser opens a <details> before React hears its toggle
 * event, so a quick Enter, Tab, Escape must not depend on a re-render.
 */
export function useDismiss(ref: RefObject<HTMLDetailsElement | null>, close: () => void) {
  useEffect(() => {
    const isOpen = () => ref.current?.open === true;
    const dismiss = () => {
      if (ref.current) ref.current.open = false;
      close();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (isOpen() && ref.current && !ref.current.contains(event.target as Node)) dismiss();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !isOpen()) return;
      dismiss();
      ref.current?.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [ref, close]);
}
