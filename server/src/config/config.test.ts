import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const tempDir = () => mkdtempSync(join(tmpdir(), "care-config-"));

describe("loadConfig", () => {
  it("applies the defaults", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir,
      logLevel: "info",
      cookieSecure: "auto",
      trustProxy: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
    expect(config.webDist).toMatch(/web[/\\]dist$/);
  });

  it("lists every problem at once", () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        SESSION_SECRET: "short",
        ADMIN_EMAIL: "admin@example.com",
        LOG_LEVEL: "loud",
        COOKIE_SECURE: "maybe",
        TRUST_PROXY: "sometimes",
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join("\n");
    for (const name of [
      "PORT",
      "DATABASE_URL",
      "SESSION_SECRET",
      "ADMIN_PASSWORD",
      "LOG_LEVEL",
      "COOKIE_SECURE",
      "TRUST_PROXY",
    ]) {
      expect(problems).toContain(`${name}:`);
    }
    expect((caught as ConfigError).problems).toHaveLength(7);
    expect((caught as ConfigError).message).not.toContain("    at ");
  });

  it("wants ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADMIN_PASSWORD: "long enough password" })).toThrow(
      /ADMIN_EMAIL: Required/,
    );
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ADMIN_EMAIL: "Boss@Example.com",
      ADMIN_PASSWORD: "long enough password",
    });
    expect(config.admin).toEqual({ email: "boss@example.com", password: "long enough password" });
  });

  it("generates a session secret once, keeps it with mode 0600 and reuses it", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, "session-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it("takes TRUST_PROXY as the proxies' addresses and ranges, and refuses one that is not", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: "172.30.79.2, 10.0.0.0/8,fd00::/8" });
    expect(config.trustProxy).toEqual(["172.30.79.2", "10.0.0.0/8", "fd00::/8"]);
    for (const wrong of ["10.0.0.0/33", "proxy.local", "172.30.79.2,"])
      expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
  });

  it("uses SESSION_SECRET when given and parses the other variables", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SESSION_SECRET: "s".repeat(40),
      PORT: "8080",
      DATABASE_URL: "postgresql://app:app@db:5432/app",
      COOKIE_SECURE: "true",
      TRUST_PROXY: "2",
      LOG_LEVEL: "warn",
    });
    expect(config).toMatchObject({
      sessionSecret: "s".repeat(40),
      port: 8080,
      databaseUrl: "postgresql://app:app@db:5432/app",
      cookieSecure: true,
      trustProxy: 2,
      logLevel: "warn",
    });
  });

  it("builds the database URL from separate variables, whatever characters the password holds", () => {
    const dataDir = tempDir();
    const nonBlank = fc.string({ unit: "grapheme", minLength: 1 }).filter((s) => s.trim() !== "");
    fc.assert(
      fc.property(nonBlank, nonBlank, fc.stringMatching(/^[a-zA-Z_][\w $-]{0,20}$/), (user, password, name) => {
        const { databaseUrl } = loadConfig({
          DATA_DIR: dataDir,
          DATABASE_HOST: "db",
          DATABASE_USER: user,
          DATABASE_PASSWORD: password,
          DATABASE_NAME: name,
        });
        const client = new pg.Client({ connectionString: databaseUrl });
        expect(client).toMatchObject({ host: "db", port: 5432, user, database: name });
        // node-postgres keeps the password out of enumerable properties.
        expect(client.password).toBe(password);
      }),
    );
    const awkward = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_HOST: "db",
      DATABASE_PORT: "6543",
      DATABASE_USER: "care",
      DATABASE_PASSWORD: "p/a#s:w@rd%?&$ x",
      DATABASE_NAME: "care",
    });
    expect(awkward.databaseUrl).toBe("postgresql://care:p%2Fa%23s%3Aw%40rd%25%3F%26%24%20x@db:6543/care");
  });

  it("refuses DATABASE_URL together with the separate variables, and the separate ones without a host", () => {
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgresql://a@b/c", DATABASE_PASSWORD: "secret" }),
    ).toThrow(/DATABASE_URL: Give either DATABASE_URL or DATABASE_PASSWORD, not both/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_USER: "care", DATABASE_PASSWORD: "secret" })).toThrow(
      /DATABASE_HOST: Required when DATABASE_USER, DATABASE_PASSWORD is set/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_HOST: "db", DATABASE_NAME: "care/main" })).toThrow(
      /DATABASE_NAME: Must not contain/,
    );
    expect(loadConfig({ DATA_DIR: tempDir() }).databaseUrl).toBeUndefined();
  });
});
