// The key outside the database, as an attacker with a copy of the data sees
// it, and as an operator upgrading and rotating it.
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { admin } from "#tests/support/admin-cli.ts";
import { testDatabases } from "#tests/support/test-databases.ts";
import { bootServices } from "#server/boot.ts";
import { ConfigError, parseConfig } from "#server/config.ts";
import { migrate } from "#server/db/migrate.ts";
import { deriveKey } from "#server/db/secrets.ts";
import { createFactors } from "./factors.ts";
import { seal, unseal } from "./sealed.ts";
import { forgetUnreadableSecrets, prepareSealedSecrets, SEALING_CHECK, SealingKeyMismatch } from "./sealed-secrets.ts";
import { keysOf, loadSecretsKey, parseSecretsKey, SECRETS_KEY_FILE } from "./secrets-key.ts";
import { createTotpSecret, totpCode } from "./totp.ts";

const key = () => randomBytes(32);

describe("the secrets key file", () => {
  const dir = mkdtempSync(join(tmpdir(), "secrets-key-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is made once with mode 0600, read back by every later start, and SECRETS_KEY wins over it", () => {
    const dataDir = join(dir, "data");
    const first = loadSecretsKey({ fromEnvironment: undefined, dataDir });
    expect(first.origin).toBe("new key file");
    expect(statSync(join(dataDir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
    const again = loadSecretsKey({ fromEnvironment: undefined, dataDir });
    expect(again).toMatchObject({ origin: "key file", tightened: false });
    expect(again.key.equals(first.key)).toBe(true);
    const fromEnvironment = key();
    expect(loadSecretsKey({ fromEnvironment, dataDir }).key.equals(fromEnvironment)).toBe(true);
  });

  it("is tightened when readable by others, and refused when it holds no key", () => {
    const dataDir = join(dir, "loose");
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, SECRETS_KEY_FILE), key().toString("hex"), { mode: 0o644 });
    expect(loadSecretsKey({ fromEnvironment: undefined, dataDir }).tightened).toBe(true);
    expect(statSync(join(dataDir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
    writeFileSync(join(dataDir, SECRETS_KEY_FILE), "not a key");
    expect(() => loadSecretsKey({ fromEnvironment: undefined, dataDir })).toThrow(/does not hold a key/);
  });

  it.each([
    { name: "64 hex digits", text: "ab".repeat(32), accepted: true },
    { name: "base64 with padding", text: Buffer.alloc(32, 7).toString("base64"), accepted: true },
    { name: "base64url", text: Buffer.alloc(32, 250).toString("base64url"), accepted: true },
    { name: "31 bytes", text: Buffer.alloc(31).toString("base64"), accepted: false },
    { name: "a passphrase", text: "correct horse battery staple and more words", accepted: false },
  ])("SECRETS_KEY as $name: accepted $accepted", ({ text, accepted }) => {
    expect(parseSecretsKey(text) !== undefined).toBe(accepted);
    const parse = () => parseConfig({ SECRETS_KEY: text });
    if (accepted) expect(parse).not.toThrow();
    else expect(parse).toThrow(/SECRETS_KEY: must be 32 bytes/);
  });
});

describe.each(testDatabases())("sealed secrets on $dialect", ({ open }) => {
  async function withDatabase(run: (db: Awaited<ReturnType<typeof open>>["handle"]["db"]) => Promise<void>) {
    const { handle, cleanup } = await open();
    try {
      await migrate(handle);
      await run(handle.db);
    } finally {
      await cleanup();
    }
  }

  async function addFactor(db: Parameters<typeof createFactors>[0], sealing: Buffer) {
    const user = await db
      .insertInto("staff_users")
      .values({ username: `u${randomBytes(4).toString("hex")}`, password_hash: "x", created_at: 1, updated_at: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const secret = createTotpSecret();
    await createFactors(db, sealing, () => 0).addTotp(user.id, "Phone", secret, 0);
    return { userId: user.id, secret };
  }

  it("an upgrade seals again what the database's own key sealed, once, and records the check", async () => {
    await withDatabase(async (db) => {
      const legacy = deriveKey(key(), "totp-secret");
      const current = keysOf(key()).sealing;
      const factors = await Promise.all([addFactor(db, legacy), addFactor(db, legacy), addFactor(db, legacy)]);
      // Two workers starting at once: every row is sealed again exactly once between them.
      const reports = await Promise.all([0, 1].map(() => prepareSealedSecrets(db, { current, previous: [legacy] })));
      expect(reports.reduce((sum, report) => sum + report.resealed, 0)).toBe(3);
      const later = Date.now() + 60_000;
      for (const { userId, secret } of factors)
        expect(await createFactors(db, current, () => later).useTotp(userId, totpCode(secret, later))).toBe(true);
      const rows = await db.selectFrom("staff_factors").select("secret").execute();
      for (const row of rows) expect(() => unseal(legacy, row.secret!)).toThrow();
      expect(await prepareSealedSecrets(db, { current, previous: [legacy] })).toEqual({
        resealed: 0,
        unreadable: 0,
        rotated: false,
      });
    });
  });

  it("another key is refused and changes nothing; a rotation with the previous key moves everything", async () => {
    await withDatabase(async (db) => {
      const [a, b, c] = [key(), key(), key()].map((master) => keysOf(master).sealing) as [Buffer, Buffer, Buffer];
      const { userId, secret } = await addFactor(db, a);
      await prepareSealedSecrets(db, { current: a, previous: [] });
      const before = await db.selectFrom("staff_factors").select("secret").execute();
      await expect(prepareSealedSecrets(db, { current: b, previous: [] })).rejects.toThrow(SealingKeyMismatch);
      expect(await db.selectFrom("staff_factors").select("secret").execute()).toEqual(before);

      expect(await prepareSealedSecrets(db, { current: b, previous: [a] })).toMatchObject({
        resealed: 1,
        rotated: true,
      });
      await expect(prepareSealedSecrets(db, { current: a, previous: [] })).rejects.toThrow(SealingKeyMismatch);
      await expect(prepareSealedSecrets(db, { current: c, previous: [a] })).rejects.toThrow(SealingKeyMismatch);
      const time = Date.now();
      expect(await createFactors(db, b, () => time).useTotp(userId, totpCode(secret, time))).toBe(true);
    });
  });

  it("with the key lost, forgetting removes only what no key opens; the next start uses the new key", async () => {
    await withDatabase(async (db) => {
      const [lost, current] = [keysOf(key()).sealing, keysOf(key()).sealing];
      const gone = await addFactor(db, lost);
      const kept = await addFactor(db, current);
      await db
        .insertInto("server_secrets")
        .values({ name: SEALING_CHECK, value: seal(lost, SEALING_CHECK), created_at: 1 })
        .execute();
      await expect(prepareSealedSecrets(db, { current, previous: [] })).rejects.toThrow(SealingKeyMismatch);
      expect(await forgetUnreadableSecrets(db, { current, previous: [] })).toEqual([gone.userId]);
      expect(await prepareSealedSecrets(db, { current, previous: [] })).toMatchObject({ unreadable: 0 });
      const owners = await db.selectFrom("staff_factors").select("user_id").execute();
      expect(owners.map((row) => row.user_id)).toEqual([kept.userId]);
    });
  });
});

describe("a server started on a copy of app.db alone", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "sealed-copy-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const monitoring = join(dir, "monitoring.yaml");
  writeFileSync(monitoring, "services: []\n");
  const boot = (dataDir: string, env: Record<string, string> = {}) =>
    bootServices(parseConfig({ DATA_DIR: dataDir, MONITORING_CONFIG: monitoring, LOG_LEVEL: "silent", ...env }));

  it("cannot verify a TOTP code sealed in it; with the key beside it, it can", async () => {
    const home = join(dir, "home");
    const running = await boot(home);
    const user = await running.services.staff.create("olga", "a long enough passphrase for the test");
    const secret = createTotpSecret();
    await running.services.factors.addTotp(user.id, "Phone", secret, 0);
    await running.stop();
    // The stored value is not the secret, and the database's own secret does not open it.
    const copy = join(dir, "copy");
    mkdirSync(copy, { mode: 0o700 });
    copyFileSync(join(home, "app.db"), join(copy, "app.db"));
    const stolen = readFileSync(join(copy, "app.db"));
    expect(stolen.includes(Buffer.from(secret))).toBe(false);

    const refused = await boot(copy).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    expect(String(refused)).toMatch(/not the key this database's second factors were sealed with/);

    // The same copy with its key (restored from the backup of the key file) starts and verifies the code.
    const restored = await boot(copy, { SECRETS_KEY: readFileSync(join(home, SECRETS_KEY_FILE), "utf8").trim() });
    try {
      const time = Date.now();
      expect(await restored.services.factors.useTotp(user.id, totpCode(secret, time))).toBe(true);
    } finally {
      await restored.stop();
    }

    // The way out for a lost key (or an attacker's way past the check): the server starts on the copy's own new key,
    // and nothing it holds opens the sealed secret, which is gone; the trail says so.
    const forgotten = await admin(copy, ["forget-sealed-secrets"]);
    expect(forgotten).toMatchObject({ code: 0, err: "" });
    expect(forgotten.out).toContain("Removed 1 authenticator app(s) the key in place cannot open (olga)");
    const forced = await boot(copy);
    try {
      const time = Date.now() + 30_000;
      expect(await forced.services.factors.useTotp(user.id, totpCode(secret, time))).toBe(false);
      expect(await forced.services.factors.count(user.id)).toBe(0);
      const trail = await forced.services.audit.list({ action: "secrets.forgotten", limit: 10 });
      expect(trail.events.find((event) => event.action === "secrets.forgotten")).toMatchObject({
        actor: "cli",
        detail: { removed: 1, accounts: ["olga"] },
      });
    } finally {
      await forced.stop();
    }
  });
});
