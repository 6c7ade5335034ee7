// Which of the processes sharing a full database tells staff: the first to
// make the marker, until it gives it back; a marker whose writer died is taken
// over; where no marker can be made, every process tells rather than none.
import { mkdtempSync, rmSync, writeFileSync, readdirSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTellOnce } from "./storage-alarm-gate.ts";

describe("the full disk's teller", () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), "storage-teller-"));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it("lets one of the workers on a database tell, until it gives the marker back", () => {
    const first = createTellOnce("/var/lib/site", folder);
    const second = createTellOnce("/var/lib/site", folder);
    expect(first.claim()).toBe(true);
    expect(second.claim()).toBe(false);
    expect(first.claim()).toBe(true);
    first.release();
    expect(second.claim()).toBe(true);
    expect(first.claim()).toBe(false);
  });

  it("keeps databases apart, and writes only a hash of the name (a URL may carry a password)", () => {
    expect(createTellOnce("postgres://app:secret@db/site", folder).claim()).toBe(true);
    expect(createTellOnce("/var/lib/other", folder).claim()).toBe(true);
    expect(readdirSync(folder).join(" ")).not.toContain("secret");
  });

  it("takes over a marker whose writer is gone", () => {
    const gone = createTellOnce("/var/lib/site", folder);
    expect(gone.claim()).toBe(true);
    const [marker] = readdirSync(folder);
    // Process ids are below 2^22 on Linux: this one runs nowhere.
    writeFileSync(join(folder, marker!), String(2 ** 22 + 7));
    expect(createTellOnce("/var/lib/site", folder).claim()).toBe(true);
  });

  it("tells where no marker can be made", () => {
    chmodSync(folder, 0o500);
    const teller = createTellOnce("/var/lib/site", join(folder, "missing"));
    expect(teller.claim()).toBe(true);
    chmodSync(folder, 0o700);
  });
});
