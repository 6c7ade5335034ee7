import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { MIN_FORM_AGE_MS, MAX_FORM_AGE_MS } from "#server/contact/form-token.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { VALID, useContactApp, withContactMailServer } from "#tests/support/contact-app.ts";

withContactMailServer();

describe.each(testDatabases())("POST /api/contact on $dialect: form token", ({ open, dialect }) => {
  const c = useContactApp(open);
  const { submit, readyToken, stored } = c;

  it("time trap: a token younger than 3 s, an expired one and a forged one are refused", async () => {
    const fresh = c.t.services.formTokens.issue();
    c.t.advance(MIN_FORM_AGE_MS - 1_000);
    const early = await submit({ ...VALID, token: fresh });
    expect(early.status).toBe(400);
    expect(await early.json()).toEqual({
      error: "Please slow down",
      fields: { token: "Please take a moment to review your message before sending." },
      retryAfterSeconds: 1,
    });

    const old = c.t.services.formTokens.issue();
    c.t.advance(MAX_FORM_AGE_MS + 1);
    const expired = await submit({ ...VALID, token: old });
    expect(expired.status).toBe(400);
    const expiredBody = (await expired.json()) as { error: string; token: string };
    expect(expiredBody.error).toBe("Form expired");
    // The fresh token it carries works once the visitor has taken their time.
    c.t.advance(MIN_FORM_AGE_MS);
    expect((await submit({ ...VALID, token: expiredBody.token })).status).toBe(202);

    const valid = readyToken();
    const [issued, nonce] = valid.split(".");
    for (const forged of [
      `${issued}.${nonce}.AAAAAAAAAAAAAAAAAAAAAA`,
      `${(c.t.clock.now - 10 * 60_000).toString(36)}.${nonce}.${valid.split(".")[2]}`,
      "not-a-token",
      "a.b.c.d",
    ]) {
      const response = await submit({ ...VALID, token: forged });
      expect(response.status, forged).toBe(400);
      expect(await response.json()).toMatchObject({ error: "Invalid form token" });
    }
    expect(await stored()).toHaveLength(1);
  });

  it("takes the token from the form's cookie when the body has none (the prerendered page sets it)", async () => {
    const cookie = `form-token=${readyToken()}`;
    const response = await submit(VALID, { cookie });
    expect(response.status).toBe(202);
    expect(await stored()).toHaveLength(1);
    // A token in the body wins: API clients send their own.
    const early = await submit({ ...VALID, token: c.t.services.formTokens.issue() }, { cookie });
    expect(await early.json()).toMatchObject({ error: "Please slow down" });
    // Off localhost the cookie is the __Host- one; a plain-named cookie there is not ours.
    const remote = { host: "example.com", origin: "http://example.com" };
    expect((await submit(VALID, { ...remote, cookie })).status).toBe(400);
    expect((await submit(VALID, { ...remote, cookie: `__Host-${cookie}` })).status).toBe(202);
  });

  it(
    "an expired token from the cookie is answered with a fresh one in the " +
      "cookie, which works once the visitor has taken a moment",
    async () => {
      const old = c.t.services.formTokens.issue();
      c.t.advance(MAX_FORM_AGE_MS + 1);
      const expired = await submit(VALID, { cookie: `form-token=${old}` });
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ error: "Form expired" });
      const setCookie = expired.headers.get("set-cookie") ?? "";
      expect(setCookie).toMatch(/^form-token=[\w.-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=86400$/);
      c.t.advance(MIN_FORM_AGE_MS);
      expect((await submit(VALID, { cookie: setCookie.split(";")[0]! })).status).toBe(202);
    },
  );

  it("refused tokens cost no database write", async () => {
    const changes = async () =>
      dialect === "sqlite"
        ? Number((await sql<{ n: number }>`select total_changes() as n`.execute(c.t.services.database.db)).rows[0]!.n)
        : 0;
    const before = await changes();
    const early = c.t.services.formTokens.issue();
    const old = c.t.services.formTokens.issue();
    c.t.advance(MAX_FORM_AGE_MS + 1);
    for (const token of [old, "not-a-token", undefined]) expect((await submit({ ...VALID, token })).status).toBe(400);
    expect((await submit(VALID, { cookie: `form-token=${early}x` })).status).toBe(400);
    expect(await changes()).toBe(before);
    expect(await stored()).toEqual([]);
    expect(await c.t.services.database.db.selectFrom("contact_rate_limits").selectAll().execute()).toEqual([]);
  });
});
