import { termsOfService } from "#content/pages/terms-of-service.ts";
import { LegalPage } from "#app/components/legal-page.tsx";
import { pageData } from "#app/i18n/messages.server.ts";
import type { Route } from "./+types/terms-of-service";

export const loader = ({ request }: Route.LoaderArgs) => pageData(request, termsOfService);

export default function TermsOfServicePage({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.content} path="/terms-of-service" />;
}
