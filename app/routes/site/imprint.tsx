import { imprint } from "#content/pages/imprint.ts";
import { LegalPage } from "#app/components/legal-page.tsx";
import { pageData } from "#app/i18n/messages.server.ts";
import type { Route } from "./+types/imprint";

export const loader = ({ request }: Route.LoaderArgs) => pageData(request, imprint);

export default function ImprintPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.content} path="/imprint" />;
}
