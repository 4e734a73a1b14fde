// The OpenAPI document passes an external linter (@redocly/cli, recommended rules, redocly.yaml) without
// errors or warnings, and says how each operation authenticates: the session cookie, plus the CSRF
// header on every write; signing in needs only the header.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import type { Database } from "../db/database.ts";
import { testConfig } from "../test/build-test-app.ts";

const REPO = resolve(import.meta.dirname, "../../..");
const REDOCLY_CLI = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");

type TOperation = { security?: Record<string, string[]>[]; operationId?: string; responses: Record<string, unknown> };
let app: FastifyInstance;
let document: {
  paths: Record<string, Record<string, TOperation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};

beforeAll(async () => {
  // The document needs no database: a stand-in that is never queried.
  const database = { kind: "postgres", prisma: {}, ping: async () => {}, close: async () => {} } as unknown as Database;
  app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  document = (await app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
});

afterAll(async () => {
  await app?.close();
});

describe("the OpenAPI document", () => {
  it("passes `redocly lint` with no errors and no warnings", () => {
    const file = join(mkdtempSync(join(tmpdir(), "care-openapi-")), "openapi.json");
    writeFileSync(file, JSON.stringify(document));
    let output: string;
    try {
      output = execFileSync(
        process.execPath,
        [REDOCLY_CLI, "lint", file, "--config", join(REPO, "redocly.yaml"), "--format", "json"],
        {
          encoding: "utf8",
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    const result = JSON.parse(output.slice(output.indexOf("{"))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer?: string }[] }[];
    };
    const problems = result.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(result.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("declares the session cookie and the CSRF header, and which operations need them", () => {
    expect(document.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: "apiKey", in: "cookie", name: "care_session" }),
      csrfHeader: expect.objectContaining({ type: "apiKey", in: "header", name: "X-Requested-With" }),
    });
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(100);
    for (const { path, method, op } of operations) {
      const expected =
        path === "/api/v1/auth/login"
          ? [{ csrfHeader: [] }]
          : method === "get"
            ? [{ sessionCookie: [] }]
            : [{ sessionCookie: [], csrfHeader: [] }];
      expect(op.security, `${method} ${path}`).toEqual(expected);
      expect(op.responses["4XX"], `${method} ${path}`).toBeDefined();
    }
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths["/api/v1/residents/{id}"]!.get!.operationId).toBe("getResidentsById");
  });
});
