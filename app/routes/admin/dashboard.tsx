import { LogOut } from "lucide-react";
import { useCallback } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { signOut } from "../../admin/auth-client.ts";
import { RouteGuard } from "../../admin/route-guard.tsx";
import { currentSession } from "../../admin/session.server.ts";
import { useSessionKeeper } from "../../admin/use-session-keeper.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = await currentSession(request, context);
  if (!session) throw redirect("/admin");
  const [pending, failed] = await Promise.all([services.inbox.list({ status: "pending", page: 1 }), services.inbox.list({ status: "failed", page: 1 })]);
  return { user: session.user, contact: { pending: pending.total, failed: failed.total }, mailConfigured: !!services.delivery };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const toSignIn = useCallback(() => void navigate("/admin", { replace: true }), [navigate]);
  useSessionKeeper(toSignIn);

  const logout = async () => {
    try {
      await signOut();
    } catch (error) {
      // The spec: a failed logout is logged, and the visitor is signed out all the same.
      console.warn("Logout failed", error);
    }
    toSignIn();
  };

  return (
    <RouteGuard>
      <title>Admin Dashboard</title>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4">
          <h1 className="text-xl font-bold">Admin Dashboard</h1>
          <button
            type="button"
            onClick={() => void logout()}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-400 px-4 font-semibold hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800"
          >
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </button>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <p className="text-lg">
          Signed in as <strong>{loaderData.user.username}</strong> ({loaderData.user.email}).
        </p>
        <section aria-labelledby="contact-heading" className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <h2 id="contact-heading" className="text-lg font-bold">
            Contact messages
          </h2>
          <p className="mt-2">
            {loaderData.contact.pending} waiting for delivery, {loaderData.contact.failed} failed.{" "}
            <Link to="/admin/messages" className="font-medium text-brand-700 underline dark:text-brand-300">
              Open the inbox
            </Link>
          </p>
          {loaderData.mailConfigured ? null : (
            <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
              Mail delivery is not configured: messages are stored and wait. Set SMTP_URL, SMTP_FROM and CONTACT_TO on the server.
            </p>
          )}
        </section>
      </main>
    </RouteGuard>
  );
}
