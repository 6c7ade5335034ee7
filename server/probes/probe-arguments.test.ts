// The probe's command line: what it needs, said clearly when missing, and
// plain http refused but to this machine or when asked for by name.
import { describe, expect, it } from "vitest";
import { parseProbeArguments } from "./probe-arguments.ts";

const TOKEN = { PROBE_TOKEN: "t".repeat(48) };

describe("probe arguments", () => {
  it("reads the server, the location, the data folder and the token", () => {
    expect(parseProbeArguments(["--server", "https://status.example.com/", "--location", "fra"], TOKEN)).toEqual({
      ok: true,
      value: {
        server: "https://status.example.com",
        location: "fra",
        token: TOKEN.PROBE_TOKEN,
        dataDir: "./data/probe-fra",
      },
    });
    const local = parseProbeArguments(
      ["--server", "http://127.0.0.1:3000", "--location", "fra", "--data", "/x"],
      TOKEN,
    );
    expect(local).toMatchObject({ ok: true, value: { server: "http://127.0.0.1:3000", dataDir: "/x" } });
    const insecure = ["--server", "http://10.0.0.5:3000", "--location", "fra", "--insecure-http"];
    expect(parseProbeArguments(insecure, TOKEN)).toMatchObject({ ok: true });
  });

  it.each([
    [["--location", "fra"], TOKEN, "--server is missing"],
    [["--server", "https://s.example.com"], TOKEN, "--location is missing"],
    [["--server", "https://s.example.com", "--location", "fra"], {}, "PROBE_TOKEN is not set"],
    [["--server", "http://s.example.com", "--location", "fra"], TOKEN, "--server must be https://"],
    [["--server", "ftp://s.example.com", "--location", "fra"], TOKEN, "--server must be an https:// URL"],
    [["--server", "not a url", "--location", "fra"], TOKEN, "is not a URL"],
    [["--server", "https://s.example.com", "--location", "Fra!"], TOKEN, "is not a location id"],
    [["--server", "https://s.example.com", "--location", "fra", "--token", "x"], TOKEN, "Unknown option '--token'"],
  ])("refuses %j clearly", (argv, env, message) => {
    const parsed = parseProbeArguments(argv, env);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.error).toContain(message);
  });
});
