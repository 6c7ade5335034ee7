// A browser for staff API tests: it keeps the cookies the server sets (session, device, the pending second
// step, the passkey ceremony) and sends them back, as a browser on http://localhost would; and the steps the
// second-factor and team tests share: sign-in, enrolling an authenticator app, registering a passkey.
import { afterEach, beforeEach } from "vitest";
import { totpCode } from "#server/auth/totp.ts";
import { createAuthenticator } from "./software-authenticator.ts";
import { STAFF_PASSWORD } from "./staff-roles.ts";
import { browserHeaders, createTestApp } from "./test-app.ts";
import type { TestDatabase } from "./test-databases.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type Browser = ReturnType<typeof createBrowser>;

/**
 * A fresh app and database for each test, with an owner ("owner") and an operator ("ops"); `env` adds to the
 * server's environment (TRUST_PROXY, for browsers that each come from an address of their own).
 */
export function useStaffApp(open: TestDatabase["open"], env: Record<string, string> = {}) {
  let t: TestApp;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const db = await open();
    cleanup = db.cleanup;
    t = await createTestApp(db.handle, env);
    await t.services.staff.create("owner", STAFF_PASSWORD, "owner");
    await t.services.staff.create("ops", STAFF_PASSWORD, "operator");
  });
  afterEach(() => cleanup());
  return {
    get t() {
      return t;
    },
    /** A browser; `address` is the client address it is seen from behind a trusted proxy. */
    browser: (userAgent?: string, address?: string) => createBrowser(t, userAgent, address),
    /** A browser signed in as the account (which has no second factor yet). */
    async signedIn(username: string, userAgent?: string) {
      const browser = createBrowser(t, userAgent);
      const response = await browser.signIn(username);
      if (response.status !== 200 || !browser.cookie("session")) throw new Error(`sign-in: ${response.status}`);
      return browser;
    },
    userId: async (username: string) => (await t.services.staff.find(username))!.id,
  };
}

export function createBrowser(t: TestApp, userAgent = "Test browser", address?: string) {
  const jar = new Map<string, string>();

  function keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const [name = "", value = ""] = pair.split("=");
      if (value === "" || attributes.includes("Max-Age=0")) jar.delete(name);
      else jar.set(name, value);
    }
  }

  async function request(method: string, path: string, body?: unknown): Promise<Response> {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await t.app.request(`http://localhost${path}`, {
      method,
      headers: browserHeaders({
        "user-agent": userAgent,
        ...(cookie ? { cookie } : {}),
        ...(address ? { "x-forwarded-for": address } : {}),
      }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    keep(response);
    return response;
  }

  return {
    userAgent,
    /** A cookie the browser holds now, by its name on http://localhost ("session", "sign-in-step", ...). */
    cookie: (name: string) => jar.get(name),
    forget: (name: string) => jar.delete(name),
    /** Copies a cookie to another browser (a stolen or shared one). */
    set: (name: string, value: string) => jar.set(name, value),
    send: request,
    get: (path: string) => request("GET", path),
    post: (path: string, body: unknown = {}) => request("POST", path, body),
    put: (path: string, body: unknown) => request("PUT", path, body),
    delete: (path: string) => request("DELETE", path),
    signIn: (username: string, password = STAFF_PASSWORD) =>
      request("POST", "/api/auth/sign-in", { username, password }),
    code: (code: string) => request("POST", "/api/auth/second-factor", { code }),
  };
}

/** Adds an authenticator app to the signed-in account; its secret makes codes for the fake clock. */
export async function enrolTotp(t: TestApp, browser: Browser) {
  const setup = await browser.post("/api/admin/account/totp/setup");
  if (setup.status !== 200) throw new Error(`totp setup: ${setup.status} ${await setup.text()}`);
  const { setupId, secret } = (await setup.json()) as { setupId: string; secret: string };
  const code = totpCode(secret, t.clock.now);
  const added = await browser.post("/api/admin/account/totp", { setupId, code, label: "Phone" });
  if (added.status !== 201) throw new Error(`totp: ${added.status} ${await added.text()}`);
  const body = (await added.json()) as { factor: { id: number }; recoveryCodes?: string[] };
  return { secret, code, factorId: body.factor.id, recoveryCodes: body.recoveryCodes };
}

/** Registers a software passkey for the signed-in account, through the API's ceremony. */
export async function registerPasskey(t: TestApp, browser: Browser, userId: number) {
  const authenticator = createAuthenticator(t.services.rp.origin, t.services.rp.id, `staff-${userId}`);
  const options = await browser.post("/api/admin/account/passkeys/options");
  if (options.status !== 200) throw new Error(`passkey options: ${options.status} ${await options.text()}`);
  const { challenge } = ((await options.json()) as { options: { challenge: string } }).options;
  const added = await browser.post("/api/admin/account/passkeys", {
    response: authenticator.register(challenge),
    label: "Laptop",
  });
  if (added.status !== 201) throw new Error(`passkey: ${added.status} ${await added.text()}`);
  const body = (await added.json()) as { factor: { id: number }; recoveryCodes?: string[] };
  return { authenticator, factorId: body.factor.id, recoveryCodes: body.recoveryCodes };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;

/** Asks for a passkey challenge (for the pending step, if the browser holds one) and answers it. */
export async function answerPasskey(browser: Browser, authenticator: Authenticator) {
  const options = await browser.post("/api/auth/passkey/options");
  const body = (await options.json()) as { options: { challenge: string; allowCredentials?: { id: string }[] } };
  return { options: body.options, response: authenticator.authenticate(body.options.challenge) };
}

/** The audit trail, oldest first. */
export async function auditTrail(t: TestApp) {
  const { events } = await t.services.audit.list({ limit: 200 });
  return events.reverse();
}
