// The current time, ticking every second, for "12s ago" and countdowns. The
// first render uses the server's render time (from the loader), so the
// server's HTML and the browser's first render agree; then the clock runs.
import { createContext, useContext, useEffect, useState } from "react";

export const RenderTime = createContext(0);

export function useNow(stepMs = 1000): number {
  const renderedAt = useContext(RenderTime);
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0); // right after hydration, then every step
    const timer = setInterval(tick, stepMs);
    return () => (clearTimeout(first), clearInterval(timer));
  }, [stepMs]);
  return now;
}
