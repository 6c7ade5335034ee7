import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

describe("parseConfig", () => {
  it("applies defaults", () => {
    expect(parseConfig({})).toMatchObject({ PORT: 3000, SITE_URL: "http://localhost:3000", NODE_ENV: "production" });
  });

  it("without SITE_URL, names this machine at the port it listens on", () => {
    expect(parseConfig({ PORT: "4300" }).SITE_URL).toBe("http://localhost:4300");
    expect(parseConfig({ PORT: "4300", SITE_URL: "https://www.example.com" }).SITE_URL).toBe("https://www.example.com");
  });

  it("strips a trailing slash from SITE_URL", () => {
    expect(parseConfig({ SITE_URL: "https://www.example.com/" }).SITE_URL).toBe("https://www.example.com");
  });

  it("takes SITE_URL as a bare origin, which pages can name as it is", () => {
    expect(parseConfig({ SITE_URL: "https://WWW.Example.com:443" }).SITE_URL).toBe("https://www.example.com");
    for (const url of [
      "https://www.example.com/site",
      "https://www.example.com/?a=1&b=2",
      "https://user:pw@www.example.com",
    ]) {
      expect(() => parseConfig({ SITE_URL: url }), url).toThrow(/SITE_URL: must be an origin/);
    }
  });

  it("names every bad variable", () => {
    let error: unknown;
    try {
      parseConfig({ PORT: "99999", SITE_URL: "ftp://example.com" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.some((p) => p.startsWith("PORT:"))).toBe(true);
    expect(problems.some((p) => p.startsWith("SITE_URL:"))).toBe(true);
  });
});

describe("parseConfig: server settings", () => {
  const problems = (env: Record<string, string>) => {
    try {
      parseConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it("accepts a postgres URL, and an empty one as SQLite", () => {
    expect(parseConfig({ DATABASE_URL: "postgres://u@db:5432/app" }).DATABASE_URL).toBe("postgres://u@db:5432/app");
    expect(parseConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ DATABASE_URL: "mysql://db/app" }, "DATABASE_URL"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
    [{ ADMIN_USERNAME: "ops" }, "ADMIN_PASSWORD"],
    [{ ADMIN_PASSWORD: "a long enough password" }, "ADMIN_USERNAME"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ WEB_CONCURRENCY: "0" }, "WEB_CONCURRENCY"],
    [{ CONTACT_RETENTION_DAYS: "-1" }, "CONTACT_RETENTION_DAYS"],
  ])("names the bad variable: %o", (env, name) => {
    expect(problems(env).some((p) => p.startsWith(`${name}:`))).toBe(true);
  });

  it("splits the checks into MONITOR_SHARDS on PostgreSQL only: 0 by default, refused on SQLite, saying why", () => {
    expect(parseConfig({}).MONITOR_SHARDS).toBe(0);
    expect(parseConfig({ DATABASE_URL: "postgres://u@db:5432/app", MONITOR_SHARDS: "16" }).MONITOR_SHARDS).toBe(16);
    expect(problems({ MONITOR_SHARDS: "16" })).toEqual([
      "MONITOR_SHARDS: needs PostgreSQL (DATABASE_URL): on SQLite one server runs every check, so leave it 0 or unset",
    ]);
    const negative = problems({ DATABASE_URL: "postgres://u@db:5432/app", MONITOR_SHARDS: "-1" });
    expect(negative[0]).toMatch(/^MONITOR_SHARDS:/);
  });

  it("reads TRUST_PROXY as a flag", () => {
    expect(parseConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
  });

  it("reads BACKUP_DIR (unset or empty: no scheduled backup) and BACKUP_KEEP (at least 1, 7 by default)", () => {
    expect(parseConfig({}).BACKUP_DIR).toBeUndefined();
    expect(parseConfig({}).BACKUP_KEEP).toBe(7);
    expect(parseConfig({ BACKUP_DIR: "" }).BACKUP_DIR).toBeUndefined();
    expect(parseConfig({ BACKUP_DIR: "/srv/backups", BACKUP_KEEP: "30" })).toMatchObject({
      BACKUP_DIR: "/srv/backups",
      BACKUP_KEEP: 30,
    });
    expect(problems({ BACKUP_KEEP: "0" }).some((p) => p.startsWith("BACKUP_KEEP:"))).toBe(true);
  });
});
