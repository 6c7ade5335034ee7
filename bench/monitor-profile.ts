// `npm run bench:monitor -- --profile`: the server's CPU profile of the
// steady cycles, told as the parts of a check (each part's share of the
// server's busy CPU) and the functions that cost the most themselves.
// The engine's parts go by its functions' names (the server bundle keeps
// them), a sample counting for a part when one of them is on its stack; the
// HTTP stack's work runs from the event loop (a socket's data, a parser's
// callback, a timer), so node's modules count by their own CPU only (what a
// timer resumes is not the timer's cost).
import { readProfile, summarizeProfile, type ProfilePart } from "./cpu-profile.ts";

/** Node's own modules, by their own CPU: what they call back into (the check, the engine) is counted there. */
const byUrl = (label: string, pattern: RegExp): ProfilePart => ({
  label,
  matches: (frame) => pattern.test(frame.url),
  self: true,
});
const byName = (label: string, pattern: RegExp): ProfilePart => ({
  label,
  matches: (frame) => pattern.test(frame.functionName),
});

const PARTS: ProfilePart[] = [
  byUrl("HTTP client: request, parser, response (node:_http_*), own CPU", /^node:_http_/),
  byUrl("sockets and streams (node:net, streams), own CPU: connect() is most", /^node:(net|internal\/stream)/),
  byUrl("TLS (node:_tls_wrap, node:tls), own CPU", /^node:(_tls_|tls)/),
  byUrl(
    "timers, abort signals and events, own CPU",
    /^node:(internal\/(timers|abort_controller|event_target)|timers|events)/,
  ),
  byName("the check's own code (run, attempt, httpGet, readBody)", /^(runTarget|run|attempt|httpGet|readBody|open)$/),
  byName("body judged (judgeHealthBody)", /^judgeHealthBody$/),
  byName("conditions", /^(evaluateCondition|createConditionContext)$/),
  byName("score, state and result record", /^(recordHost|recordSubServices|applyOutcome|hostObservation)$/),
  byName("metrics (recordCheck)", /^recordCheck$/),
  byName("engine scheduling (checkJob, pause, limiter)", /^(checkJob|checkOne|pause|limited)$/),
  {
    label: "storage (writeCycle, Kysely, better-sqlite3)",
    matches: (frame) => frame.functionName === "writeCycle" || /kysely|better-sqlite3/.test(frame.url),
  },
  byUrl("logging (pino)", /pino/),
  byName("garbage collector", /^\(garbage collector\)$/),
  byName("native, not attributed to a function ((program))", /^\(program\)$/),
];

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** Prints the profile in `dir` between two instants of the monotonic clock (µs). */
export function reportProfile(dir: string, fromUs: number, toUs: number): void {
  const summary = summarizeProfile(readProfile(dir), PARTS, fromUs, toUs);
  console.log(
    `\nThe server's CPU profile of the steady cycles (${summary.busySamples} busy samples; profile in ${dir}). ` +
      "A part's share counts the samples with a frame of it on the stack (parts overlap), node's modules only their " +
      "own:\n" +
      "| part | share of busy CPU |\n|---|---|",
  );
  for (const part of summary.parts) console.log(`| ${part.label} | ${percent(part.share)} |`);
  console.log("\nFunctions by their own CPU:\n| function | self share |\n|---|---|");
  for (const entry of summary.selfTop) console.log(`| ${entry.name} | ${percent(entry.share)} |`);
}
