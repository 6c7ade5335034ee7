import { Eye, EyeOff, KeyRound, LockKeyhole } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { redirect, useNavigate } from "react-router";
import { signIn, signInWithPasskey, type SecondFactorMethod, type SignInOutcome } from "#app/admin/auth-client.ts";
import { buttonClass, ErrorMessage, inputClass as input } from "#app/admin/fields.tsx";
import { SecondFactorStep } from "#app/admin/second-factor-step.tsx";
import { throttledMessage } from "#app/admin/throttled-message.ts";
import { currentSession } from "#app/admin/session.server.ts";
import { useStaffText, type StaffTextValue } from "#app/admin/staff-language.tsx";
import { useWebAuthnSupport } from "#app/admin/use-webauthn-support.ts";
import { Interpolated } from "#app/components/status/interpolated.tsx";
import type { Route } from "./+types/sign-in";

/** Open to everyone: the one staff page that declares no permission (checked by a test). */
export const permission = null;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = await currentSession(request, context);
  if (session) throw redirect("/admin/dashboard");
  return {
    hasAccounts: (await services.staff.count()) > 0,
    sso: services.config.OIDC_ISSUER !== undefined,
    ssoFailed: new URL(request.url).searchParams.get("sso") === "failed",
  };
}

export default function SignInPage({ loaderData }: Route.ComponentProps) {
  const { t } = useStaffText();
  const form = useSignIn(loaderData.ssoFailed ? t("signIn.ssoFailed") : null);

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <title>{t("common.documentTitle", { page: t("signIn.title") })}</title>
      <div
        className={
          "w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 " +
          "shadow-lg dark:border-slate-700 dark:bg-slate-900"
        }
      >
        <div className="flex flex-col items-center text-center">
          <LockKeyhole aria-hidden="true" className="size-10 text-brand-700 dark:text-brand-300" />
          <h1 className="mt-3 text-2xl font-bold">{t("signIn.heading")}</h1>
        </div>
        {loaderData.hasAccounts ? null : (
          <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
            <Interpolated
              text={t("signIn.noAccounts")}
              slots={{ "{command}": <code className="font-mono">npm run admin -- create &lt;username&gt;</code> }}
            />
          </p>
        )}
        {/* The staff area runs in the browser: without JavaScript the form cannot send, so say so. */}
        <p
          role="note"
          className={
            "no-js-only mt-4 rounded-md bg-amber-50 p-3 text-sm " +
            "text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          }
        >
          {t("signIn.needsScript")}
        </p>
        {form.methods ? (
          <SecondFactorStep
            methods={form.methods}
            busy={form.busy}
            error={form.error}
            attempt={form.attempt}
            onRestart={form.restart}
          />
        ) : (
          <>
            <SignInForm form={form} />
            <OtherWays form={form} sso={loaderData.sso} />
          </>
        )}
      </div>
    </main>
  );
}

/** What a failed sign-in step says to the visitor. */
function failureMessage(
  outcome: Exclude<SignInOutcome, { kind: "ok" | "second-factor" }>,
  { t, lang }: StaffTextValue,
): string {
  switch (outcome.kind) {
    case "invalid":
      return outcome.message ?? t("signIn.invalid");
    case "throttled":
      return throttledMessage(outcome.retryAfterSeconds, outcome.reason, lang);
    case "expired":
      return t("signIn.expired");
    case "cancelled":
      return t("signIn.noPasskey");
    case "error":
      return t("signIn.error");
  }
}

/**
 * The sign-in's steps: the password form (or a passkey instead), then a second factor when the account has one.
 * Signed in, it goes to the dashboard, or to the account page when the team requires a factor not yet added.
 */
function useSignIn(initialError: string | null) {
  const navigate = useNavigate();
  const text = useStaffText();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [methods, setMethods] = useState<SecondFactorMethod[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const ids = { username: useId(), password: useId(), error: useId() };

  const attempt = useCallback(
    async (call: () => Promise<SignInOutcome>) => {
      setBusy(true);
      setError(null);
      const outcome = await call();
      if (outcome.kind === "ok") {
        await navigate(outcome.session.mustEnrol ? "/admin/account" : "/admin/dashboard");
        return;
      }
      setBusy(false);
      if (outcome.kind === "second-factor") {
        setPassword("");
        setMethods(outcome.methods);
        return;
      }
      console.warn("Sign-in failed:", outcome.kind);
      if (outcome.kind === "expired") setMethods(null);
      setError(failureMessage(outcome, text));
    },
    [navigate, text],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await attempt(() => signIn(username, password));
  };
  const restart = () => {
    setMethods(null);
    setError(null);
  };

  return { username, setUsername, password, setPassword, methods, busy, error, ids, attempt, submit, restart };
}

function SignInForm({ form }: { form: ReturnType<typeof useSignIn> }) {
  const { setUsername, setPassword } = form;
  const { t } = useStaffText();
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  // Whatever was typed or autofilled before hydration is in the DOM but not in state; adopt it,
  // or the button stays disabled over filled fields.
  useEffect(() => {
    if (usernameInput.current?.value) setUsername(usernameInput.current.value);
    if (passwordInput.current?.value) setPassword(passwordInput.current.value);
  }, [setUsername, setPassword]);

  // method="post": should the form ever submit natively, the password must not land in the URL.
  return (
    <form
      method="post"
      onSubmit={(event) => void form.submit(event)}
      className="mt-6 space-y-4"
      aria-describedby={form.error ? form.ids.error : undefined}
    >
      <div>
        <label htmlFor={form.ids.username} className="text-sm font-semibold">
          {t("signIn.username")}
        </label>
        <input
          ref={usernameInput}
          id={form.ids.username}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={form.username}
          onChange={(event) => form.setUsername(event.target.value)}
          className={input}
        />
      </div>
      <PasswordField
        id={form.ids.password}
        inputRef={passwordInput}
        value={form.password}
        onChange={form.setPassword}
      />
      <ErrorMessage id={form.ids.error}>{form.error}</ErrorMessage>
      <button
        type="submit"
        disabled={form.busy || !form.username || !form.password}
        className={
          "inline-flex min-h-11 w-full cursor-pointer items-center justify-center rounded-md bg-brand-700 " +
          "px-4 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60"
        }
      >
        {form.busy ? t("signIn.submitting") : t("signIn.submit")}
      </button>
    </form>
  );
}

/**
 * Passwordless sign-in with a passkey (shown until hydration tells whether the browser can), and single sign-on
 * when the server has an identity provider.
 */
function OtherWays({ form, sso }: { form: ReturnType<typeof useSignIn>; sso: boolean }) {
  const passkeys = useWebAuthnSupport();
  const { t } = useStaffText();
  if (passkeys === false && !sso) return null;
  // "Use a passkey", not "Sign in with...": a button named like "Sign In" would make that name ambiguous.
  return (
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4 text-center dark:border-slate-700">
      {passkeys === false ? null : (
        <button
          type="button"
          disabled={form.busy || passkeys === null}
          onClick={() => void form.attempt(signInWithPasskey)}
          className={`${buttonClass} w-full`}
        >
          <KeyRound aria-hidden="true" className="size-5" />
          {t("signIn.usePasskey")}
        </button>
      )}
      {sso ? (
        <a
          href="/api/auth/oidc/start"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline dark:text-brand-300"
        >
          {t("signIn.sso")}
        </a>
      ) : null}
    </div>
  );
}

/** The password input with a button that shows or hides what was typed. */
function PasswordField({
  id,
  inputRef,
  value,
  onChange,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
}) {
  const [showPassword, setShowPassword] = useState(false);
  const { t } = useStaffText();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {t("signIn.password")}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          name="password"
          type={showPassword ? "text" : "password"}
          autoComplete="current-password"
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${input} pr-12`}
        />
        <button
          type="button"
          onClick={() => setShowPassword((shown) => !shown)}
          aria-label={showPassword ? t("signIn.hidePassword") : t("signIn.showPassword")}
          aria-pressed={showPassword}
          className={
            "absolute top-0 right-0 inline-flex size-11 cursor-pointer " +
            "items-center justify-center text-slate-700 dark:text-slate-300"
          }
        >
          {showPassword ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
    </div>
  );
}
