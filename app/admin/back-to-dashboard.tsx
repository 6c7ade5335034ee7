import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { useStaffText } from "./staff-language.tsx";

/** The way back from a staff page to the dashboard. */
export function BackToDashboard() {
  const { t } = useStaffText();
  return (
    <Link
      to="/admin/dashboard"
      className="inline-flex items-center gap-1 font-medium text-brand-700 underline dark:text-brand-300"
    >
      <ArrowLeft aria-hidden="true" className="size-4" /> {t("common.dashboard")}
    </Link>
  );
}
