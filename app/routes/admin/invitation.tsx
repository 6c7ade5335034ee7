import { UserPlus } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { acceptInvitation, lookupInvitation, type Invitation } from "#app/admin/auth-client.ts";
import { ErrorMessage, Field, primaryButtonClass } from "#app/admin/fields.tsx";
import { PasswordRules } from "#app/admin/password-rules.tsx";
import { useStaffText } from "#app/admin/staff-language.tsx";

/** Open to everyone: the invitation's token, not a session, says who may create an account here. */
export const permission = null;

type Lookup =
  | { state: "reading" }
  | { state: "invalid" }
  | { state: "failed"; error: string }
  | { state: "open"; token: string; invitation: Invitation };

async function readInvitation(hash: string): Promise<Lookup> {
  const token = decodeURIComponent(hash.slice(1)).trim();
  if (!token) return { state: "invalid" };
  const result = await lookupInvitation(token);
  if (result.ok) return { state: "open", token, invitation: result.data };
  return result.status === 404 ? { state: "invalid" } : { state: "failed", error: result.error };
}

/**
 * Accepting an invitation: the token is in the URL's fragment (/admin/invitation#token), which browsers never
 * send, so it reaches no server log; only this page's script reads it and asks the API what it offers.
 */
export default function InvitationPage() {
  const { t } = useStaffText();
  const [lookup, setLookup] = useState<Lookup>({ state: "reading" });
  useEffect(() => {
    let active = true;
    void readInvitation(window.location.hash).then((next) => {
      if (active) setLookup(next);
    });
    return () => {
      active = false;
    };
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-8">
      <title>{t("common.documentTitle", { page: t("invitation.title") })}</title>
      <div
        className={
          "w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-lg " +
          "dark:border-slate-700 dark:bg-slate-900"
        }
      >
        <div className="flex flex-col items-center text-center">
          <UserPlus aria-hidden="true" className="size-10 text-brand-700 dark:text-brand-300" />
          <h1 className="mt-3 text-2xl font-bold">{t("invitation.heading")}</h1>
        </div>
        <p
          role="note"
          className={
            "no-js-only mt-4 rounded-md bg-amber-50 p-3 text-sm " +
            "text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          }
        >
          {t("invitation.needsScript")}
        </p>
        {lookup.state === "reading" ? (
          <p role="status" className="js-only mt-4 text-center">
            {t("invitation.reading")}
          </p>
        ) : null}
        {lookup.state === "invalid" ? <p className="mt-4">{t("invitation.invalid")}</p> : null}
        {lookup.state === "failed" ? (
          <div className="mt-4">
            <ErrorMessage>{lookup.error}</ErrorMessage>
          </div>
        ) : null}
        {lookup.state === "open" ? (
          <AcceptForm
            token={lookup.token}
            invitation={lookup.invitation}
            onInvalid={() => setLookup({ state: "invalid" })}
          />
        ) : null}
      </div>
    </main>
  );
}

type AcceptProps = { token: string; invitation: Invitation; onInvalid: () => void };

/** The new account's username and password; created, it is signed in and goes on to add second factors. */
function AcceptForm({ token, invitation, onInvalid }: AcceptProps) {
  const { t } = useStaffText();
  const navigate = useNavigate();
  const [username, setUsername] = useState(invitation.suggestedUsername);
  const [password, setPassword] = useState("");
  const [repeated, setRepeated] = useState("");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeated) {
      setProblems({ repeated: t("invitation.mismatch") });
      return;
    }
    setBusy(true);
    setProblems({});
    setError(null);
    const result = await acceptInvitation(token, username.trim(), password);
    if (result.ok) {
      await navigate("/admin/account");
      return;
    }
    setBusy(false);
    if (result.status === 404) return onInvalid();
    setProblems(result.fields ?? {});
    setError(result.error);
  };

  return (
    <form method="post" onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
      <p>{t("invitation.invitedAs", { role: invitation.role, email: invitation.email })}</p>
      <Field
        label={t("invitation.username")}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        problem={problems.username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <Field
        label={t("invitation.password")}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        problem={problems.password}
        hint={(id) => <PasswordRules id={id} password={password} username={username} />}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Field
        label={t("invitation.confirmPassword")}
        type="password"
        autoComplete="new-password"
        required
        value={repeated}
        problem={problems.repeated}
        onChange={(event) => setRepeated(event.target.value)}
      />
      <ErrorMessage>{error}</ErrorMessage>
      <button
        type="submit"
        disabled={busy || !username.trim() || !password || !repeated}
        className={`${primaryButtonClass} w-full`}
      >
        {busy ? t("invitation.creating") : t("invitation.create")}
      </button>
    </form>
  );
}
