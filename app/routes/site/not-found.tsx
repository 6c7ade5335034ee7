import { data } from "react-router";
import { NotFoundContent } from "#app/components/not-found-content.tsx";
import { requestLanguage } from "#app/i18n/messages.server.ts";
import type { Route } from "./+types/not-found";

// Any path no other route matches: the not-found page, with HTTP status 404.
export const loader = ({ request }: Route.LoaderArgs) => data({ lang: requestLanguage(request) }, { status: 404 });

export default function NotFoundPage() {
  return <NotFoundContent />;
}
