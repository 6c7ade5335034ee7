// A monitoring configuration's `services:` for the status page's groups: many
// public services spread over a few groups, written by a loop rather than by
// hand so a test can ask for 20 or 300 of them, and hosts that answer for
// them.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type GroupedFleet = {
  /** The YAML lines to put under `services:`. */
  yaml: string;
  /** Each group's service ids, in the order of the configuration. */
  groups: Map<string, string[]>;
};

/**
 * `perGroup` public services in each named group, dealt round-robin (a, b, c, a, b, c, ...) so that a group's
 * services are not side by side in the configuration; each has one host at `url(id)`.
 */
export function groupedPublicServices(options: {
  groups: readonly string[];
  perGroup: number;
  url: (id: string) => string;
}): GroupedFleet {
  const groups = new Map(options.groups.map((name) => [name, [] as string[]]));
  const lines: string[] = [];
  for (let index = 0; index < options.groups.length * options.perGroup; index += 1) {
    const group = options.groups[index % options.groups.length]!;
    const id = `service-${index + 1}`;
    groups.get(group)!.push(id);
    lines.push(
      `  - { id: ${id}, name: Service ${index + 1}, public: true, publicGroup: ${JSON.stringify(group)},` +
        ` hosts: { main: { url: ${JSON.stringify(options.url(id))} } } }`,
    );
  }
  return { yaml: lines.join("\n"), groups };
}

/** A whole monitoring configuration of the fleet, checked once (every ten minutes) and at once (no stagger). */
export function groupedFleetConfig(fleet: GroupedFleet): string {
  return (
    `alerts: { to: ops@example.com }\ndefaults: { intervalSeconds: 600, staggerSeconds: 0, retries: 0 }\n` +
    `services:\n${fleet.yaml}\n`
  );
}

/** Hosts on loopback that answer 200 for every service's path but the ones named failing (503). */
export async function startGroupHosts(failing: ReadonlySet<string>) {
  const hosts = createServer((request, response) => {
    response.statusCode = failing.has(request.url?.slice(1) ?? "") ? 503 : 200;
    response.end();
  });
  await new Promise<void>((resolve) => hosts.listen(0, "127.0.0.1", resolve));
  return {
    url: (id: string) => `http://127.0.0.1:${(hosts.address() as AddressInfo).port}/${id}`,
    stop: () => new Promise((resolve) => hosts.close(resolve)),
  };
}
