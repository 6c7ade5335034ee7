// What depends on what (`dependsOn`), as a graph of hosts: a service's
// `dependsOn` applies to each of its hosts, a host's own to that host, and a
// sub-service follows the host it runs on. A parent written as a service id
// stands for each of that service's hosts (not its sub-services: a part that
// fails is the service's own business). Checked when the configuration loads
// (an unknown id or host, or a cycle, stops it with its path), and turned
// into the alert targets each target waits on (alerting/dependency-round.ts).
import { hostKey, subServiceKey } from "./service-targets.ts";
import { hostNames, type ServiceConfig } from "./services-config.ts";
import { groupInto } from "#shared/group-into.ts";

export type DependencyProblem = { path: (string | number)[]; message: string };

/** One declared edge: a host of a service depends on a parent host; `path` is where the YAML says so. */
type Edge = { child: string; parent: string; path: (string | number)[] };

/** Every declared edge, and a problem for each entry that names no service or host. */
function edgesOf(services: readonly ServiceConfig[]): { edges: Edge[]; problems: DependencyProblem[] } {
  const byId = new Map(services.map((service) => [service.id, service]));
  const edges: Edge[] = [];
  const problems: DependencyProblem[] = [];
  services.forEach((service, index) => {
    const declared: { refs: readonly string[]; hosts: string[]; path: (string | number)[] }[] = [
      { refs: service.dependsOn, hosts: hostNames(service), path: ["services", index, "dependsOn"] },
      ...Object.entries(service.hostDependsOn).map(([host, refs]) => ({
        refs,
        hosts: [host],
        path: ["services", index, "hosts", host, "dependsOn"],
      })),
    ];
    for (const { refs, hosts, path } of declared) {
      refs.forEach((ref, position) => {
        const [parentId, parentHost] = ref.split("/") as [string, string | undefined];
        const parent = byId.get(parentId);
        const at = [...path, position];
        if (!parent) return void problems.push({ path: at, message: `unknown service "${parentId}"` });
        if (parentHost !== undefined && !(parentHost in parent.hosts)) {
          return void problems.push({
            path: at,
            message:
              `unknown host "${parentHost}" of service "${parentId}" (its hosts: ` + `${hostNames(parent).join(", ")})`,
          });
        }
        for (const parentName of parentHost === undefined ? hostNames(parent) : [parentHost]) {
          for (const host of hosts)
            edges.push({ child: `${service.id}/${host}`, parent: `${parentId}/${parentName}`, path: at });
        }
      });
    }
  });
  return { edges, problems };
}

/**
 * Each cycle once, at the entry that closes it: "dependency cycle: a/x → b/y → a/x". Iterative, so a long chain cannot
 * overflow the stack.
 */
function cycles(edges: readonly Edge[]): DependencyProblem[] {
  const out = new Map<string, Edge[]>();
  for (const edge of edges) groupInto(out, edge.child, edge);
  const state = new Map<string, "visiting" | "done">();
  const problems: DependencyProblem[] = [];
  for (const start of out.keys()) {
    if (state.has(start)) continue;
    const stack: { node: string; next: number }[] = [{ node: start, next: 0 }];
    state.set(start, "visiting");
    while (stack.length > 0) {
      const frame = stack.at(-1)!;
      const edge = out.get(frame.node)?.[frame.next++];
      if (!edge) {
        state.set(frame.node, "done");
        stack.pop();
        continue;
      }
      const seen = state.get(edge.parent);
      if (seen === "visiting") {
        const from = stack.findIndex((entry) => entry.node === edge.parent);
        const loop = [...stack.slice(from).map((entry) => entry.node), edge.parent];
        problems.push({ path: edge.path, message: `dependency cycle: ${loop.join(" → ")}` });
      } else if (seen === undefined) {
        state.set(edge.parent, "visiting");
        stack.push({ node: edge.parent, next: 0 });
      }
    }
  }
  return problems;
}

/** Unknown services or hosts in `dependsOn`, then cycles: each with its path. */
export function dependencyProblems(services: readonly ServiceConfig[]): DependencyProblem[] {
  const { edges, problems } = edgesOf(services);
  return [...problems, ...cycles(edges)];
}

/**
 * The alert targets each target depends on (parent hosts' keys), for the targets that depend on any; found once per
 * configuration.
 */
const parentsByServices = new WeakMap<readonly ServiceConfig[], ReadonlyMap<string, readonly string[]>>();
export function dependencyParents(services: readonly ServiceConfig[]): ReadonlyMap<string, readonly string[]> {
  const known = parentsByServices.get(services);
  if (known) return known;
  const byHost = new Map<string, Set<string>>();
  for (const edge of edgesOf(services).edges) {
    const [parentId, parentHost] = edge.parent.split("/") as [string, string];
    const set = byHost.get(edge.child) ?? new Set<string>();
    set.add(hostKey(parentId, parentHost));
    byHost.set(edge.child, set);
  }
  const found = new Map<string, readonly string[]>();
  for (const service of services) {
    for (const host of hostNames(service)) {
      const set = byHost.get(`${service.id}/${host}`);
      if (!set) continue;
      const list = [...set].sort();
      found.set(hostKey(service.id, host), list);
      for (const sub of service.subServices)
        if (sub.host === host) found.set(subServiceKey(service.id, sub.name), list);
    }
  }
  parentsByServices.set(services, found);
  return found;
}
