// An app for API tests: a real database, a fake clock, cheap password hashing
// and no pages (React Router is never reached by /api requests).
import pino, { type Logger } from "pino";
import { parseConfig, type Config } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import type { SendMail } from "#server/mail/smtp-sender.ts";
import { migrate } from "#server/db/migrate.ts";
import { createServices } from "#server/services.ts";
import { createApp } from "#server/http/app.ts";

export const TEST_HASH_OPTIONS = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export async function createTestApp(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  options: {
    send?: SendMail;
    monitoring?: Parameters<typeof createServices>[0]["monitoring"];
    /** Where the app logs; silent by default. */
    logger?: Logger;
  } = {},
) {
  await migrate(database);
  const clock = { now: Date.parse("2026-01-05T09:00:00Z") };
  const config: Config = parseConfig({ DATA_DIR: "unused", ...env });
  const services = createServices({
    config,
    database,
    now: () => clock.now,
    hashOptions: TEST_HASH_OPTIONS,
    ...options,
    logger: options.logger ?? pino({ level: "silent" }),
  });
  const app = createApp({ build: () => Promise.reject(new Error("no pages in API tests")), mode: "test", services });
  return {
    app,
    services,
    clock,
    advance: (ms: number) => {
      clock.now += ms;
    },
  };
}

/** Headers a same-origin browser request to http://localhost carries. */
export function browserHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { host: "localhost", origin: "http://localhost", "content-type": "application/json", ...extra };
}

export function cookieFrom(response: Response): string {
  const setCookie = response.headers.get("set-cookie") ?? "";
  return setCookie.split(";")[0]!;
}
