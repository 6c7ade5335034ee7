// Load for the backup tests: contact messages posted one after another and
// monitor rounds run, both until stopped, on a test app; each accepted message
// is noted with the moment its answer came.
import { setImmediate as nextTurn } from "node:timers/promises";
import { MIN_FORM_AGE_MS } from "#server/contact/form-token.ts";
import { browserHeaders, type createTestApp } from "./test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type Load = {
  /** Subjects of accepted messages, in the order their 202 came. */
  accepted: string[];
  rounds: () => number;
  stop: () => Promise<void>;
};

async function postMessage(t: TestApp, subject: string): Promise<boolean> {
  const token = t.services.formTokens.issue();
  t.advance(MIN_FORM_AGE_MS);
  const response = await t.app.request("http://localhost/api/contact", {
    method: "POST",
    headers: browserHeaders(),
    body: JSON.stringify({
      name: "Erika Mustermann",
      email: "erika@example.org",
      subject,
      message: "We would like to talk about a data pipeline.",
      website: "",
      token,
    }),
  });
  return response.status === 202;
}

export function startLoad(t: TestApp): Load {
  const accepted: string[] = [];
  let rounds = 0;
  let stopped = false;
  const writing = (async () => {
    for (let i = 0; !stopped; i += 1) {
      if (await postMessage(t, `Message ${i}`)) accepted.push(`Message ${i}`);
      // SQLite answers synchronously: without a turn of the event loop here, no timer or child process would run.
      await nextTurn();
    }
  })();
  const checking = (async () => {
    while (!stopped) {
      await t.services.probes!.lead();
      await t.services.monitor!.engine.runCycle();
      rounds += 1;
      await nextTurn();
    }
  })();
  return {
    accepted,
    rounds: () => rounds,
    stop: async () => {
      stopped = true;
      await Promise.all([writing, checking]);
    },
  };
}

/** Resolves once `ready` holds, looking every 20 ms. */
export async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 20));
}
