// For tests of checks from more than one place: the server booted in this
// process as production boots it (engine, alerting, delivery to a real SMTP
// server on loopback), its API served on one of the lab network's host
// addresses so probes in other places reach it; small HTTP targets that can
// be stopped and started on the same port; and probes started inside places.
import type { ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { serve, type ServerType } from "@hono/node-server";
import { bootServices } from "#server/boot.ts";
import { parseConfig } from "#server/config.ts";
import { createApp } from "#server/http/app.ts";
import { parseMail, startTestMailServer } from "#tests/peers/mail-server.ts";
import { browserHeaders, cookieFrom } from "#tests/support/test-app.ts";
import type { LabNetwork } from "./lab-network.ts";

const STAFF = { username: "ops-lab", password: "a long lab passphrase for staff" };

/** A target on one host address: answers 200 `{"status":"healthy"}` while up; down closes its port. */
export async function startLabTarget(address: string) {
  let server: Server | undefined;
  let port = 0;
  const up = async () => {
    if (server) return;
    const starting = createServer((_, response) => response.end(JSON.stringify({ status: "healthy" })));
    await new Promise<void>((resolve, reject) => starting.once("error", reject).listen(port, address, resolve));
    server = starting;
    port = (starting.address() as AddressInfo).port;
  };
  const down = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    closing.closeAllConnections();
    await new Promise((resolve) => closing.close(resolve));
  };
  await up();
  return {
    get url() {
      return `http://${address}:${port}/health`;
    },
    up,
    down,
  };
}

export type LabTarget = Awaited<ReturnType<typeof startLabTarget>>;

/** The server on `address`, watching the monitoring configuration `yaml`, with its data in `dir`. */
export async function startLabServer({ address, yaml, dir }: { address: string; yaml: string; dir: string }) {
  const mail = await startTestMailServer({ dir });
  const configFile = join(dir, "monitoring.yaml");
  writeFileSync(configFile, yaml);
  const running = await bootServices(
    parseConfig({
      DATA_DIR: join(dir, "data"),
      MONITORING_CONFIG: configFile,
      SMTP_URL: mail.url,
      SMTP_CA_FILE: mail.caFile,
      ADMIN_USERNAME: STAFF.username,
      ADMIN_PASSWORD: STAFF.password,
      LOG_LEVEL: "silent",
    }),
  );
  const app = createApp({
    build: () => Promise.reject(new Error("no pages in the lab")),
    mode: "test",
    services: running.services,
  });
  const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: address });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const origin = `http://${address}:${(server.address() as AddressInfo).port}`;
  const signIn = await app.request("http://localhost/api/auth/sign-in", {
    method: "POST",
    headers: browserHeaders(),
    body: JSON.stringify(STAFF),
  });
  if (signIn.status !== 200) throw new Error(`the lab's staff sign-in answered ${signIn.status}`);
  const cookie = cookieFrom(signIn);

  const api = async <T>(path: string): Promise<T> => {
    const response = await app.request(`http://localhost/api/admin${path}`, {
      headers: browserHeaders({ cookie }),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    origin,
    api,
    /** The subjects of every mail the SMTP server received, in order. */
    mailSubjects: () => mail.received.map((received) => parseMail(received.raw).headers.subject ?? ""),
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await running.stop();
      await mail.down();
    },
  };
}

export type LabServer = Awaited<ReturnType<typeof startLabServer>>;

/** `npm run probe` for one location inside its place, its output kept for a failing test's message. */
export function startLabProbe(
  lab: LabNetwork,
  { place, origin, token, dataDir }: { place: string; origin: string; token: string; dataDir: string },
) {
  const child: ChildProcess = lab.run(
    place,
    process.execPath,
    // tsx as a loader in the probe's own process (its CLI would sit between). Plain HTTP on the lab's private links: a
    // probe refuses it unless told.
    [
      "--import",
      "tsx",
      "scripts/probe.ts",
      ...["--server", origin, "--location", place, "--data", dataDir],
      "--insecure-http",
    ],
    { env: { ...process.env, PROBE_TOKEN: token }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return {
    output: () => output.slice(-4_000),
    /** Its exit code or signal once it has ended on its own (a test's cue to stop waiting), else null. */
    ended: () => child.exitCode ?? child.signalCode,
  };
}
