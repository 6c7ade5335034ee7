// The probe's log: JSON lines on standard output in the server's shape
// (level, time, pid, fields, msg), written directly rather than through
// pino, whose loading alone costs a probe about 9 MB of its 80
// (docs/decisions/059-a-light-probe.md). A probe logs a few lines a minute.

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;
type Level = keyof typeof LEVELS;

type LogFn = (fields: Record<string, unknown>, message: string) => void;
/** What the probe's parts log through (the server's pino logger fits it too). */
export type ProbeLogger = { info: LogFn; warn: LogFn; error: LogFn };

/** Writes lines at `level` and above ("silent" writes none; an unknown level counts as info). */
export function createProbeLog(level: string, write: (line: string) => void = (line) => process.stdout.write(line)) {
  const threshold = level === "silent" ? Infinity : (LEVELS[level as Level] ?? LEVELS.info);
  const at =
    (name: Level): LogFn =>
    (fields, message) => {
      if (LEVELS[name] < threshold) return;
      const line = { level: name, time: new Date().toISOString(), pid: process.pid, ...fields, msg: message };
      write(`${JSON.stringify(line)}\n`);
    };
  return { info: at("info"), warn: at("warn"), error: at("error") } satisfies ProbeLogger;
}
