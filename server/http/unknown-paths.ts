// Which paths nothing answers but the not-found page: no route of the Hono
// app and no React Router route other than the catch-all ("*") matches them.
// The Node listener answers those from memory with the prerendered 404 page,
// so a flood of made-up URLs costs no render. Both route tables are read as
// they are built, so a new route is never mistaken for an unknown path. When
// in doubt (odd spellings, router data and manifest requests, trailing
// slashes, which redirect) a path is left to the app.
import type { ServerBuild } from "react-router";

type RouteTable = Pick<ServerBuild, "routes" | "routeDiscovery">;

/** A route pattern ("/news/:id", "/api/*", "/files/:name{.+}") as a regular expression; wide rather than narrow. */
function patternToRegExp(pattern: string): RegExp {
  const segments = pattern.split("/").filter(Boolean);
  let source = "";
  for (const segment of segments) {
    if (segment === "*") {
      source += "(?:/.*)?";
      break;
    }
    const optional = segment.endsWith("?");
    const part = segment.startsWith(":")
      ? "/[^/]+"
      : `/${segment.replace(/\?$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    // A parameter with its own pattern (Hono's ":name{...}") may span segments: match anything.
    if (segment.startsWith(":") && segment.includes("{")) {
      source += "(?:/.*)?";
      break;
    }
    source += optional ? `(?:${part})?` : part;
  }
  return new RegExp(`^${source || "/"}$`, "i");
}

/** Every React Router route's full path but the catch-all's. */
function routerPatterns(build: RouteTable): string[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  return Object.keys(routes)
    .filter((id) => routes[id]?.path !== undefined || routes[id]?.index)
    .map((id) => fullPath(id) || "/")
    .filter((path) => path !== "/*");
}

export function createUnknownPathCheck(
  build: RouteTable,
  serverPaths: readonly string[],
): (pathname: string) => boolean {
  const patterns = [...routerPatterns(build), ...serverPaths.filter((path) => path !== "*" && path !== "/*")].map(
    patternToRegExp,
  );
  const manifestPath = build.routeDiscovery?.manifestPath ?? "/__manifest";
  return (pathname) => {
    if (pathname === "/" || pathname.endsWith("/") || pathname.includes("//") || pathname.includes("\\")) return false;
    if (pathname.endsWith(".data") || pathname === manifestPath) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    return !patterns.some((pattern) => pattern.test(pathname) || pattern.test(decoded));
  };
}
