// A stand-in for the React Router build with the pages that take form posts,
// for tests of the HTTP layer without a build: each page's action reads the
// body the way the real ones do (request.formData()) and answers what it read;
// the document is that answer as JSON.
import type { ServerBuild } from "react-router";

export type FormPageBuild = {
  build: () => Promise<ServerBuild>;
  /** The form fields each action was called with, in order. */
  actions: { path: string; fields: Record<string, string> }[];
};

export function formPageBuild(paths: readonly string[]): FormPageBuild {
  const actions: FormPageBuild["actions"] = [];
  const page = (path: string) => ({
    id: path,
    parentId: "root",
    path: path.slice(1),
    module: {
      default: () => null,
      action: async ({ request }: { request: Request }) => {
        const fields = Object.fromEntries(
          [...(await request.formData()).entries()].map(([name, value]) => [name, String(value)]),
        );
        actions.push({ path, fields });
        return fields;
      },
    },
  });
  const document = async (_request: Request, status: number, headers: Headers, context: unknown) => {
    const { actionData } = (context as { staticHandlerContext: { actionData: unknown } }).staticHandlerContext;
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify(actionData), { status, headers });
  };
  const build = {
    entry: { module: { default: document } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      ...Object.fromEntries(paths.map((path) => [path, page(path)])),
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    future: {},
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "",
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
  return { build: async () => build, actions };
}
