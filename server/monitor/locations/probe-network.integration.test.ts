// Checks from more than one place, end to end on a real network: the server
// and the targets on the host, two probes (Frankfurt, Munich) each in a
// network namespace of its own, checking every 5 s; alerts by mail to a real
// SMTP server. One sequence: a target blocked in Munich only is "down from
// Munich only" and tells no one while a stopped target, seen from both, opens
// an incident (quorum 2); then Frankfurt's link is cut and the server's own
// reference target stops: "Probe fra is not reporting" and "Location local is
// offline", and no service incident. Without namespaces (not root, no `ip`),
// the probes run on loopback, a cut link is a stopped probe, and the blocked
// target cannot be shown: the test says so.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocationSummary } from "#shared/monitor/locations.ts";
import { createLabNetwork, type LabNetwork } from "#tests/netns/lab-network.ts";
import {
  startLabProbe,
  startLabServer,
  startLabTarget,
  type LabServer,
  type LabTarget,
} from "#tests/netns/lab-server.ts";

const TOKENS = { fra: "fra-probe-token-0123456789abcdef", muc: "muc-probe-token-0123456789abcdef" };
/** Long enough for a few 5 s rounds, a probe's three silent intervals and a notice's delivery. */
const WAIT_MS = 40_000;

type Host = {
  host: string;
  status: string;
  errorMessage: string | null;
  partial: string[] | null;
  locations: { location: string; status: string }[] | null;
};
type ServicesAnswer = { services: { serviceId: string; hosts: Host[] }[]; locations?: LocationSummary[] };
type Incident = { source: string; name: string; groupName: string; summary: string; resolvedAt: string | null };

let lab: LabNetwork;
let server: LabServer;
let dir: string;
const targets = {} as Record<"shop" | "partner" | "portal" | "localReference" | "remoteReference", LabTarget>;
const probes: ReturnType<typeof startLabProbe>[] = [];

function monitoringYaml(): string {
  return `
alerts: { to: ops@example.com, cooldownMinutes: 0, reminderMinutes: 0 }
defaults: { intervalSeconds: 5, timeoutMs: 1000, retries: 0, staggerSeconds: 0 }
locations:
  - { id: local, name: This server, connectivity: "${targets.localReference.url}" }
  - { id: fra, name: Frankfurt, token: ${TOKENS.fra}, connectivity: "${targets.remoteReference.url}" }
  - { id: muc, name: Munich, token: ${TOKENS.muc}, connectivity: "${targets.remoteReference.url}" }
services:
  - { id: shop, name: Shop, locations: [fra, muc], quorum: 2, hosts: { centron: { url: "${targets.shop.url}" } } }
  - id: partner-api
    name: Partner API
    locations: [fra, muc]
    quorum: 2
    hosts: { centron: { url: "${targets.partner.url}" } }
  - id: portal
    name: Portal
    locations: [local, fra, muc]
    quorum: 2
    hosts: { centron: { url: "${targets.portal.url}" } }
`;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let last: T | undefined;
  while (Date.now() < deadline) {
    if (probes.some((probe) => probe.ended() !== null)) break;
    last = await read();
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const outputs = probes.map((probe) => probe.output()).join("\n---\n");
  const ended = probes.some((probe) => probe.ended() !== null) ? " (a probe ended)" : "";
  throw new Error(
    `${what}: not within ${WAIT_MS / 1000} s${ended}; last seen ${JSON.stringify(last)}\nprobes:\n${outputs}`,
  );
}

const host = async (serviceId: string) => {
  const answer = await server.api<ServicesAnswer>("/services");
  return answer.services.find((service) => service.serviceId === serviceId)!.hosts[0]!;
};
const incidents = async () => (await server.api<{ incidents: Incident[] }>("/alerts")).incidents;
const told = (pattern: RegExp) => server.mailSubjects().some((subject) => pattern.test(subject));
const serviceIncidents = async () =>
  (await incidents()).filter((incident) => incident.source === "service").map((incident) => incident.groupName);

beforeAll(async () => {
  lab = createLabNetwork({ places: ["fra", "muc"], hostAddresses: 2 });
  if (lab.fallbackReason) console.warn(`Probes run on loopback, not in network namespaces: ${lab.fallbackReason}.`);
  else console.info(`Probes run in network namespaces; one target is blocked in one of them by ${lab.blockMethod}.`);
  dir = mkdtempSync(join(tmpdir(), "probe-network-"));
  const [main, second] = lab.hostAddresses as [string, string];
  targets.shop = await startLabTarget(main);
  targets.portal = await startLabTarget(main);
  targets.localReference = await startLabTarget(main);
  targets.remoteReference = await startLabTarget(main);
  // The one blocked inside Munich has an address of its own: a blackhole route blocks addresses, not ports.
  targets.partner = await startLabTarget(second);
  server = await startLabServer({ address: main, yaml: monitoringYaml(), dir });
  for (const place of ["fra", "muc"] as const)
    probes.push(
      startLabProbe(lab, { place, origin: server.origin, token: TOKENS[place], dataDir: join(dir, `probe-${place}`) }),
    );
});

afterAll(async () => {
  await lab?.remove();
  await server?.stop();
  await Promise.all(Object.values(targets).map((target) => target.down()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("checks from Frankfurt and Munich on a real network", { timeout: 180_000 }, () => {
  it("tell a target down from both, keep one down from one place quiet, blame no target for a lost place", async () => {
    const fromAll = (value: Host) =>
      value.status === "healthy" && (value.locations ?? []).every((result) => result.status === "healthy");
    await until("every host healthy from every location", () => host("portal"), fromAll);
    await until("the partner API healthy from both probes", () => host("partner-api"), fromAll);

    // A stopped target, seen from both places, is an incident; one blocked in Munich alone is "down from Munich only".
    await targets.shop.down();
    if (lab.canBlock) lab.block("muc", lab.hostAddresses[1]!);
    await until("the shop's incident told", async () => told(/Shop is unhealthy/), Boolean);
    if (lab.canBlock) {
      const partial = await until(
        "the partner API partial",
        () => host("partner-api"),
        (value) => !!value.partial,
      );
      expect(partial).toMatchObject({ status: "degraded", partial: ["Munich"] });
      expect(partial.errorMessage).toMatch(/down from Munich only/i);
      lab.unblock("muc", lab.hostAddresses[1]!);
    } else {
      console.warn("Not shown on loopback: a target blocked in one place only (partial, no notice).");
    }
    await targets.shop.up();
    await until("the shop's incident resolved", async () => told(/Shop is healthy again/), Boolean);

    // Frankfurt loses its network and this server its reference: the places' incidents, no target's.
    lab.cut("fra");
    await targets.localReference.down();
    await until(
      "Frankfurt not reporting and local offline told",
      async () => server.mailSubjects(),
      (subjects) =>
        [/Probe fra is not reporting/, /Location local is offline/].every((pattern) =>
          subjects.some((subject) => pattern.test(subject)),
        ),
    );
    const { locations } = await server.api<ServicesAnswer>("/services");
    expect(Object.fromEntries((locations ?? []).map((location) => [location.id, location.state]))).toEqual({
      local: "offline",
      fra: "not-reporting",
      muc: "online",
    });
    expect(await host("portal")).toMatchObject({ status: "healthy", partial: null });

    lab.restore("fra");
    await targets.localReference.up();
    await until(
      "Frankfurt reporting and local online again",
      () => server.api<ServicesAnswer>("/services"),
      (answer) => (answer.locations ?? []).every((location) => location.state === "online"),
    );
    expect(await serviceIncidents()).toEqual(["Shop"]);
    expect(server.mailSubjects().filter((subject) => /Partner API|Portal/.test(subject))).toEqual([]);
  });
});
