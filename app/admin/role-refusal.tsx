import { Link } from "react-router";
import { BackToDashboard } from "./back-to-dashboard.tsx";
import { useStaffText } from "./staff-language.tsx";

/**
 * A staff page this person's role may not open: the permission check's own sentence (the one the API answers
 * with), inside the staff layout, with the way back.
 */
export function RoleRefusal({ message }: { message: string }) {
  const { t } = useStaffText();
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <title>{t("common.documentTitle", { page: t("account.refusedTitle") })}</title>
      <BackToDashboard />
      <h1 className="mt-4 text-2xl font-bold">{t("account.refusedTitle")}</h1>
      <p
        role="alert"
        className="mt-4 rounded-md bg-amber-50 p-3 font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      >
        {message}
      </p>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        {t("account.refusedHint")}{" "}
        <Link to="/admin/dashboard" className="font-medium text-brand-700 underline dark:text-brand-300">
          {t("account.backToDashboard")}
        </Link>
      </p>
    </main>
  );
}

/** The refusal's sentence, when the error is a role refusal (a 403 carrying the check's message). */
export function refusalMessage(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, data } = error as { status?: unknown; data?: unknown };
  if (status !== 403 || typeof data !== "object" || data === null) return null;
  const message = (data as { error?: unknown }).error;
  return typeof message === "string" ? message : null;
}
