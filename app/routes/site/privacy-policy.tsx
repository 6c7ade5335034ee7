import { privacyPolicy } from "#content/pages/privacy-policy.ts";
import { LegalPage } from "#app/components/legal-page.tsx";
import { pageData } from "#app/i18n/messages.server.ts";
import { contactRetentionDays } from "#app/settings.server.ts";
import type { Route } from "./+types/privacy-policy";

export const loader = ({ request }: Route.LoaderArgs) =>
  pageData(request, privacyPolicy({ contactRetentionDays: contactRetentionDays() }));

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.content} path="/privacy-policy" />;
}
