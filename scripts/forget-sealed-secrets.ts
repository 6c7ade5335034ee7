// `npm run admin -- forget-sealed-secrets`: the way out when the secrets key
// is lost. The server refuses to start with a key that does not open the
// database's sealed second factors; this removes the authenticator apps no
// key at hand opens (and the check), so the next start seals with the key
// now in place. Those people sign in with a passkey or a recovery code, or
// an owner resets their factors. Passwords, passkeys and recovery codes are
// not sealed and stay as they are.
import type { Config } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { deriveKey, loadServerSecret } from "#server/db/secrets.ts";
import { forgetUnreadableSecrets } from "#server/auth/sealed-secrets.ts";
import { keysOf, loadSecretsKey, parseSecretsKey } from "#server/auth/secrets-key.ts";
import type { Services } from "#server/services.ts";
import type { AdminIo } from "./admin-commands.ts";

export async function forgetSealedSecrets(
  config: Config,
  database: DatabaseHandle,
  services: Pick<Services, "staff" | "audit">,
  io: Pick<AdminIo, "out">,
): Promise<void> {
  const parse = (text: string | undefined) => (text ? parseSecretsKey(text) : undefined);
  const current = loadSecretsKey({ fromEnvironment: parse(config.SECRETS_KEY), dataDir: config.DATA_DIR }).key;
  const previous = parse(config.SECRETS_KEY_PREVIOUS);
  const legacy = deriveKey(await loadServerSecret(database.db, "server"), "totp-secret");
  const owners = await forgetUnreadableSecrets(database.db, {
    current: keysOf(current).sealing,
    previous: [...(previous ? [keysOf(previous).sealing] : []), legacy],
  });
  const names: string[] = [];
  for (const id of new Set(owners)) names.push((await services.staff.findById(id))?.username ?? `#${id}`);
  await services.audit.record({
    actor: "cli",
    action: "secrets.forgotten",
    detail: { removed: owners.length, accounts: names },
  });
  io.out(
    owners.length === 0
      ? "Every authenticator app opens with the key in place; only the check was cleared."
      : `Removed ${owners.length} authenticator app(s) the key in place cannot open (${names.join(", ")}). ` +
          "They sign in with a passkey or a recovery code, or an owner resets their factors.",
  );
}
