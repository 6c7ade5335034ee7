import { Eye, EyeOff, LockKeyhole } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { redirect, useNavigate } from "react-router";
import { signIn } from "#app/admin/auth-client.ts";
import { currentSession } from "#app/admin/session.server.ts";
import type { Route } from "./+types/sign-in";

/** Open to everyone: the one staff page that declares no permission (checked by a test). */
export const permission = null;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = await currentSession(request, context);
  if (session) throw redirect("/admin/dashboard");
  return { hasAccounts: (await services.staff.count()) > 0 };
}

const input =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white " +
  "px-3 text-base dark:border-slate-500 dark:bg-slate-900";

export default function SignInPage({ loaderData }: Route.ComponentProps) {
  const form = useSignIn();

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <title>Admin Dashboard – Sign in</title>
      <div
        className={
          "w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 " +
          "shadow-lg dark:border-slate-700 dark:bg-slate-900"
        }
      >
        <div className="flex flex-col items-center text-center">
          <LockKeyhole aria-hidden="true" className="size-10 text-brand-700 dark:text-brand-300" />
          <h1 className="mt-3 text-2xl font-bold">Admin Dashboard</h1>
        </div>
        {loaderData.hasAccounts ? null : (
          <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
            No staff account exists yet. Create one on the server with{" "}
            <code className="font-mono">npm run admin -- create &lt;username&gt;</code>.
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
          Signing in needs JavaScript. Please turn it on for this site and reload the page.
        </p>
        <SignInForm form={form} />
      </div>
    </main>
  );
}

/** The form's fields and the sign-in request; on success it goes to the dashboard, otherwise it says why not. */
function useSignIn() {
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { username: useId(), password: useId(), error: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await signIn(username, password);
    if (outcome.kind === "ok") {
      await navigate("/admin/dashboard");
      return;
    }
    console.warn("Sign-in failed:", outcome.kind);
    setBusy(false);
    setError(
      outcome.kind === "invalid"
        ? "Invalid credentials. Please try again."
        : outcome.kind === "throttled"
          ? `Too many sign-in attempts. Please try again in ${outcome.retryAfterSeconds} seconds.`
          : "An error occurred during login. Please try again.",
    );
  };

  return { username, setUsername, password, setPassword, busy, error, ids, submit };
}

function SignInForm({ form }: { form: ReturnType<typeof useSignIn> }) {
  const { setUsername, setPassword } = form;
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
          Username
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
      {form.error ? (
        <p
          id={form.ids.error}
          role="alert"
          className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {form.error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={form.busy || !form.username || !form.password}
        className={
          "inline-flex min-h-11 w-full cursor-pointer items-center justify-center rounded-md bg-brand-700 " +
          "px-4 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60"
        }
      >
        {form.busy ? "Signing in..." : "Sign In"}
      </button>
    </form>
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
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        Password
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
          aria-label={showPassword ? "Hide password" : "Show password"}
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
