import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bootServices } from "./boot.ts";
import { parseConfig } from "./config.ts";

const dir = mkdtempSync(join(tmpdir(), "boot-admin-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const monitoring = join(dir, "monitoring.yaml");
writeFileSync(monitoring, "services: []\n");

const PASSWORD = "a long enough admin passphrase";
const boot = (admin: Record<string, string> = {}) =>
  bootServices(
    parseConfig({ DATA_DIR: join(dir, "data"), MONITORING_CONFIG: monitoring, LOG_LEVEL: "silent", ...admin }),
  );

// One SQLite database through three starts, in order; each hashes with the production cost.
describe("ADMIN_USERNAME and ADMIN_PASSWORD at start", { timeout: 60_000 }, () => {
  it("create an owner even when other accounts exist, and leave an existing account's role alone", async () => {
    const first = await boot();
    await first.services.staff.create("first", PASSWORD);
    await first.stop();

    const second = await boot({ ADMIN_USERNAME: "ops", ADMIN_PASSWORD: PASSWORD });
    expect((await second.services.staff.find("ops"))?.role).toBe("owner");
    await second.services.staff.setRole("ops", "operator");
    await second.stop();

    const third = await boot({ ADMIN_USERNAME: "ops", ADMIN_PASSWORD: PASSWORD });
    expect((await third.services.staff.find("ops"))?.role).toBe("operator");
    await third.stop();
  });
});
