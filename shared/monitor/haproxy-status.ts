// How an HAProxy status reads on the dashboard (up or open is
// UP, down or closed is DOWN, anything else UNKNOWN). Shared by the server,
// which stores the display next to HAProxy's raw text, and the browser, so
// both always agree. Three statuses are not failures and keep their own
// label: MAINT (maintenance, set by an operator), NO CHECK (health checks off:
// HAProxy treats the server as up, but nobody verified it) and DRAIN (alive
// but taking no new traffic).
//
// HAProxy's texts (src/stats.c, src/listener.c): frontends OPEN, STOP or
// PAUSED; backends UP or DOWN; servers UP, DOWN, "UP 2/3" (failing checks,
// still up), "DOWN 1/2" (passing checks, still down), NOLB, DRAIN,
// "DRAIN (agent)", MAINT, "MAINT (via px/srv)", "MAINT (resolution)" and
// "no check".

export const HAPROXY_DISPLAYS = ["UP", "DOWN", "MAINT", "DRAIN", "NO CHECK", "UNKNOWN"] as const;
export type HaproxyDisplay = (typeof HAPROXY_DISPLAYS)[number];

export function haproxyDisplay(raw: string): HaproxyDisplay {
  const text = raw.trim().replace(/\s+/g, " ").toUpperCase();
  // Any MAINT text is maintenance, whatever follows ("MAINT (via px/srv)").
  if (text.startsWith("MAINT")) return "MAINT";
  if (text === "NO CHECK") return "NO CHECK";
  // Otherwise the first word decides: "UP 2/3" is still up (the counter says
  // how close it is to going down), "NOLB 1/2" and "DRAIN (agent)" drain.
  if (/^(DRAIN|NOLB)\b/.test(text)) return "DRAIN";
  if (/^(UP|OPEN)\b/.test(text)) return "UP";
  if (/^(DOWN|CLOSED)\b/.test(text)) return "DOWN";
  return "UNKNOWN";
}
