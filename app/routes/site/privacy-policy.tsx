import { privacyPolicy } from "../../../content/pages/privacy-policy.ts";
import { LegalPage } from "../../components/legal-page.tsx";
import { pageData } from "../../i18n/messages.server.ts";
import { contactRetentionDays } from "../../settings.server.ts";
import type { Route } from "./+types/privacy-policy";

export const loader = ({ request }: Route.LoaderArgs) =>
  pageData(request, privacyPolicy({ contactRetentionDays: contactRetentionDays() }));

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.content} path="/privacy-policy" />;
}
