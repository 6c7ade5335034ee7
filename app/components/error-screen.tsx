import { isRouteErrorResponse } from "react-router";

/** The router's error screen: a heading and the status or message. */
export function ErrorScreen({ error }: { error: unknown }) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <main className="mx-auto max-w-2xl px-4 py-24">
      <title>Unexpected Application Error!</title>
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg">{detail}</p>
    </main>
  );
}
