// bench:web --status-fleet=N: a monitoring configuration of N public services
// in ten groups on hosts that answer on loopback, one service failing, so the
// status page is measured at the size of a real company's.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { groupedFleetConfig, groupedPublicServices, startGroupHosts } from "#tests/support/public-groups.ts";

const GROUPS = [
  "Websites",
  "Kundenportale",
  "APIs & Schnittstellen",
  "E-Mail",
  "KI-Dienste",
  "Zahlungen",
  "Suche",
  "Dateien",
  "Telefonie",
  "Interne Werkzeuge",
];

export async function startStatusFleet(services: number) {
  const failing = new Set<string>();
  const hosts = await startGroupHosts(failing);
  const fleet = groupedPublicServices({
    groups: GROUPS,
    perGroup: Math.ceil(services / GROUPS.length),
    url: hosts.url,
  });
  failing.add(fleet.groups.get("Kundenportale")![0]!);
  const dir = mkdtempSync(join(tmpdir(), "bench-status-fleet-"));
  writeFileSync(join(dir, "monitoring.yaml"), groupedFleetConfig(fleet));
  return {
    env: { DATA_DIR: join(dir, "data"), MONITORING_CONFIG: join(dir, "monitoring.yaml"), LOG_LEVEL: "warn" },
    /** Resolves once the first round is on the status page (every group has a state but unknown). */
    async checked(origin: string) {
      for (let i = 0; i < 120; i += 1) {
        const status = (await (await fetch(`${origin}/api/status`)).json()) as { groups?: { state: string }[] };
        if (status.groups?.length === GROUPS.length && status.groups.every((group) => group.state !== "unknown"))
          return;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      throw new Error("the status fleet's first round did not reach the status page within 120 s");
    },
    async stop() {
      await hosts.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
