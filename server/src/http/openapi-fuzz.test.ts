/**
 * Issue 6, bad input: property-based fuzzing (fast-check) of every operation in `/api/v1/openapi.json`,
 * signed in as an admin with the CSRF header. Path parameters, query parameters and bodies get invalid,
 * huge (a 1 MB string, past the body limit, and 900 KB, under it), unicode, `__proto__` / `constructor`
 * keys and SQL-looking values; bodies are sometimes not JSON at all. Every answer must be below 500 and
 * JSON, and every error must carry `error.code` (the shape of `sendAppError` in error-handler.ts).
 * Cursors are fuzzed too: every type of sort value on every sort field of every collection.
 * Bounded for CI: FUZZ_RUNS runs per operation (default 20) and a per-operation time limit.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { META_SORT_FIELDS } from "@care/core/list-query";
import { collections, isCollectionName, type TCollectionName } from "@care/core/registry";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const TIME_LIMIT_MS = 4_000;
const CSRF = { "x-requested-with": "care-portal" };

type TJsonSchema = { type?: string | string[]; properties?: Record<string, TJsonSchema>; items?: TJsonSchema };
interface Operation {
  method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT";
  path: string;
  parameters: { in: string; name: string }[];
  bodyTypes: string[];
  bodySchema?: TJsonSchema;
  /** The content types of its successful answers other than JSON (a file's bytes, an export's ZIP). */
  okTypes: string[];
}

const SQL = [
  "' OR 1=1 --",
  "1; DROP TABLE residents; --",
  '" OR ""="',
  "x' UNION SELECT password_hash FROM users --",
  "%' AND pg_sleep(5) --",
];
const SPECIAL = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "",
  " ",
  "\u0000",
  "%00",
  "../../etc/passwd",
  "NaN",
  "-1",
  "1e309",
  "9007199254740993",
  "null",
  "true",
  "[]",
  "{}",
  "2024-02-30",
  "0000-00-00T25:61:61Z",
  "🏠".repeat(500),
  "\u202eevil\u202c",
  "Ünïcødé 名前 اسم",
  "<script>alert(1)</script>",
];

const HUGE = "x".repeat(1024 * 1024);
const LARGE = "é".repeat(450 * 1024);

/** A hostile scalar: SQL-looking, special, unicode, long, or a random string/number. */
const arbScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...SQL, ...SPECIAL),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant("a".repeat(5_000)),
);

/** A hostile value that may also be an array or an object with prototype-polluting keys. */
const arbValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: arbScalar },
  { weight: 1, arbitrary: fc.array(arbScalar, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom("__proto__", "constructor", "isAdmin", "role"), arbScalar), { maxLength: 3 })
      .map((entries) => new RawObject(entries)),
  },
);

/** An object serialized with its keys as given, so `__proto__` is sent as a real JSON key. */
class RawObject {
  constructor(readonly entries: [string, unknown][]) {}
}

function toJson(value: unknown): string {
  if (value instanceof RawObject)
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  return JSON.stringify(value) ?? "null";
}

/** An object shaped like the schema (its property names, one level of nesting) with hostile values. */
function arbShaped(schema: TJsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const names = Object.keys(schema?.properties ?? {});
  if (names.length === 0 || depth > 1) return arbValue;
  const keys = fc.constantFrom(...names, "__proto__", "constructor", "unknownField");
  return fc
    .array(
      keys.chain((key) => {
        const inner = schema?.properties?.[key];
        return fc.tuple(fc.constant(key), inner?.properties ? arbShaped(inner, depth + 1) : arbValue);
      }),
      { maxLength: 8 },
    )
    .map((entries) => new RawObject(entries));
}

/** A request body: shaped JSON, any JSON, a huge or large string, or not JSON at all. */
function arbBody(op: Operation): fc.Arbitrary<{ payload: string; contentType: string }> {
  const json = (value: unknown) => ({ payload: toJson(value), contentType: "application/json" });
  return fc.oneof(
    { weight: 6, arbitrary: arbShaped(op.bodySchema).map(json) },
    { weight: 2, arbitrary: arbValue.map(json) },
    { weight: 1, arbitrary: fc.constantFrom(HUGE, LARGE).map((s) => json(new RawObject([["data", { name: s }]]))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { payload: "{not json", contentType: "application/json" },
        { payload: '{"__proto__":{"polluted":true}}', contentType: "application/json" },
        { payload: "plain text", contentType: "text/plain" },
        { payload: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
        { payload: "", contentType: "application/json" },
      ),
    },
  );
}

/** A multipart body with a hostile file name, type, field name and content. */
function arbMultipart(): fc.Arbitrary<{ payload: string; contentType: string }> {
  return fc
    .record({
      field: fc.constantFrom("file", "__proto__", "constructor", "x' OR 1=1"),
      filename: fc.oneof(fc.constantFrom(...SQL, ...SPECIAL), fc.string({ unit: "grapheme", maxLength: 30 })),
      type: fc.constantFrom("application/pdf", "image/png", "text/html", "application/x-msdownload", "", "%%%"),
      content: fc.oneof(fc.constant(""), fc.string({ maxLength: 200 }), fc.constant("%PDF-1.4\n%%EOF")),
    })
    .map(({ field, filename, type, content }) => {
      const boundary = "----fuzz-boundary";
      const disposition = `form-data; name="${field.replaceAll('"', "")}"; filename="${String(filename).replaceAll('"', "").replaceAll("\r", "").replaceAll("\n", "")}"`;
      const payload = `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`;
      return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
    });
}

/** A query string value: hostile text, or a JSON `where`/`sort` with hostile keys and values. */
const arbQueryValue: fc.Arbitrary<string> = fc.oneof(
  arbScalar.map((v) => (typeof v === "string" ? v : JSON.stringify(v))),
  arbShaped({ properties: { facilityId: {}, status: {}, field: {}, direction: {}, residentId: {} } }).map(toJson),
  fc.constant("y".repeat(8_000)),
);

/** A keyset cursor (base64url JSON `[sortValue, id]`) holding a value of any type, well-formed or not. */
const arbCursor: fc.Arbitrary<string> = fc
  .oneof(
    fc.tuple(arbValue, arbValue).map((pair) => toJson(pair)),
    fc.tuple(arbValue, fc.string({ maxLength: 20 })).map((pair) => toJson(pair)),
    arbValue.map(toJson),
  )
  .map((json) => Buffer.from(json).toString("base64url"));

/** A path segment, URL-encoded when sent; a `{ raw }` one is sent as it is (malformed escapes). */
const arbPathValue: fc.Arbitrary<string | { raw: string }> = fc.oneof(
  fc.constantFrom(...SQL, ...SPECIAL).filter((s) => s !== ""),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
  fc.constant("z".repeat(2_000)),
  fc.constantFrom({ raw: "%E0%A4%A" }, { raw: "%zz" }, { raw: "%" }, { raw: "..%2F..%2F" }),
);

/** The sort fields of the collection a list path belongs to (`/api/v1/<collection>`), else one placeholder. */
function sortFieldsOf(path: string): string[] {
  const name = path.replace(/^\/api\/v1\//, "");
  if (!isCollectionName(name)) return ["createdAt"];
  return [...collections[name].sortable, ...META_SORT_FIELDS];
}

/** One sort value of every type a cursor could carry, valid for some field and wrong for the others. */
const CURSOR_VALUES: unknown[] = [
  "text",
  "",
  "2026-01-31",
  "2026-01-31T10:00:00.000Z",
  "2026-13-45T99:99:99Z",
  "a\u0000b",
  0,
  -1,
  1.5,
  1e300,
  2 ** 53 + 2,
  true,
  false,
  null,
  [],
  ["nested"],
  {},
  { gt: 1 },
];
const CURSOR_IDS: unknown[] = ["some-id", "", 5, null, "x".repeat(500), { id: "a" }];

let t: TestApp;
let cookie: string;
let operations: Operation[] = [];
const seen: { op: string; statuses: Record<number, number> }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await t.login(t.admin.email, t.admin.password);
  const response = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
  const spec = JSON.parse(response.body) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content: Record<string, { schema?: TJsonSchema }> };
          responses?: Record<string, { content?: Record<string, unknown> }>;
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        parameters: op.parameters ?? [],
        bodyTypes: Object.keys(content),
        bodySchema: content["application/json"]?.schema,
        okTypes: Object.keys(op.responses?.["2XX"]?.content ?? {}).filter((type) => type !== "application/json"),
      });
    }
  }
  // Signing out would end the session the other operations fuzz with: it goes last.
  operations = [
    ...operations.filter((op) => op.path !== "/api/v1/auth/logout"),
    ...operations.filter((op) => op.path === "/api/v1/auth/logout"),
  ];
}, 180_000);

afterAll(async () => {
  await t?.cleanup();
  const summary = seen.map((s) => `${s.op} ${JSON.stringify(s.statuses)}`).join("\n  ");
  console.info(`[openapi-fuzz] ${seen.length} operations, ${RUNS} runs each; statuses:\n  ${summary}`);
});

/** One fuzzed request; returns a description of what was wrong, or null. */
async function fuzzOnce(
  op: Operation,
  pathValues: (string | { raw: string })[],
  query: [string, string][],
  body: { payload: string; contentType: string } | null,
  statuses: Record<number, number>,
): Promise<string | null> {
  let index = 0;
  const url = op.path.replace(/\{[^}]+\}/g, () => {
    const value = pathValues[index++] ?? "x";
    return typeof value === "string" ? encodeURIComponent(value) : value.raw;
  });
  const search = new URLSearchParams(query).toString();
  const response = await t.app.inject({
    method: op.method,
    url: search ? `${url}?${search}` : url,
    headers: {
      cookie,
      ...(op.method === "GET" ? {} : CSRF),
      ...(body ? { "content-type": body.contentType } : {}),
    },
    ...(body ? { payload: body.payload } : {}),
  });
  statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
  const what = `${op.method} ${url.slice(0, 120)}${search ? `?${search.slice(0, 200)}` : ""} body ${body?.payload.slice(0, 200) ?? "-"}`;
  if (response.statusCode >= 500) return `${response.statusCode} for ${what}: ${response.body.slice(0, 300)}`;
  if (response.statusCode === 204 || (response.statusCode < 300 && response.body === "")) return null;
  if (response.statusCode < 300 && op.okTypes.includes(String(response.headers["content-type"]))) return null;
  if (!String(response.headers["content-type"] ?? "").includes("application/json"))
    return `not JSON (${String(response.headers["content-type"])}) for ${what}`;
  let parsed: { error?: { code?: unknown; message?: unknown } };
  try {
    parsed = JSON.parse(response.body) as typeof parsed;
  } catch {
    return `unparsable JSON for ${what}`;
  }
  if (
    response.statusCode >= 400 &&
    (typeof parsed.error?.code !== "string" || typeof parsed.error.message !== "string")
  )
    return `${response.statusCode} without error.code/message for ${what}: ${response.body.slice(0, 300)}`;
  return null;
}

describe("every OpenAPI operation survives hostile input (never a 5xx, always a JSON error with a code)", () => {
  it("finds the operations", () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it("fuzzes each operation", async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const statuses: Record<number, number> = {};
      const pathNames = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const queryNames = op.parameters.filter((p) => p.in === "query").map((p) => p.name);
      const arbQuery = fc.array(
        fc.oneof(
          fc.tuple(fc.constantFrom(...queryNames, "__proto__", "constructor", "where[facilityId]"), arbQueryValue),
          ...(queryNames.includes("cursor") ? [fc.tuple(fc.constant("cursor"), arbCursor)] : []),
          ...(queryNames.includes("sort") && queryNames.includes("cursor")
            ? [
                fc.tuple(
                  fc.constant("sort"),
                  fc.constantFrom(...sortFieldsOf(op.path)).map((field) => `${field}:asc`),
                ),
              ]
            : []),
        ),
        { maxLength: 5 },
      );
      const arbRequestBody =
        op.method === "GET"
          ? fc.constant(null)
          : op.bodyTypes.includes("multipart/form-data")
            ? fc.oneof(arbMultipart(), arbBody(op))
            : fc.option(arbBody(op), { nil: null, freq: 5 });
      const result = await fc.check(
        fc.asyncProperty(
          fc.array(arbPathValue, { minLength: pathNames.length, maxLength: pathNames.length }),
          arbQuery,
          arbRequestBody,
          async (pathValues, query, body) => {
            const problem = await fuzzOnce(op, pathValues, query, body, statuses);
            if (problem) throw new Error(problem);
          },
        ),
        { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, endOnFailure: true },
      );
      seen.push({ op: `${op.method} ${op.path}`, statuses });
      if (result.failed) failures.push(`${op.method} ${op.path}: ${String(result.errorInstance)}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  }, 900_000);

  it("answers a cursor of every type on every sort field of every collection with 200 or a 400 naming the cursor", async () => {
    cookie = await t.login(t.admin.email, t.admin.password);
    const failures: string[] = [];
    for (const name of Object.keys(collections) as TCollectionName[]) {
      for (const field of sortFieldsOf(`/api/v1/${name}`)) {
        for (const value of CURSOR_VALUES) {
          for (const id of value === "text" ? CURSOR_IDS : ["some-id"]) {
            const cursor = Buffer.from(JSON.stringify([value, id])).toString("base64url");
            const url = `/api/v1/${name}?${new URLSearchParams({ sort: `${field}:desc`, cursor, limit: "5" })}`;
            const response = await t.app.inject({ method: "GET", url, headers: { cookie } });
            const body = JSON.parse(response.body) as { error?: { fields?: Record<string, string> } };
            const named = response.statusCode === 400 && body.error?.fields && "cursor" in body.error.fields;
            if (response.statusCode !== 200 && !named)
              failures.push(`${name} ${field} ${JSON.stringify([value, id])}: ${response.statusCode} ${response.body}`);
          }
        }
      }
    }
    expect(failures, failures.slice(0, 20).join("\n")).toEqual([]);
  }, 300_000);

  it("refuses a NUL byte in an id or a text field with 400 (PostgreSQL cannot store it; once a 500)", async () => {
    cookie = await t.login(t.admin.email, t.admin.password);
    const content = await t.app.inject({ method: "GET", url: "/api/v1/files/%00/content", headers: { cookie } });
    expect(content.statusCode).toBe(400);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/facilities",
      headers: { cookie, ...CSRF },
      payload: { id: "nul-home", data: { name: "a\u0000b", sortOrder: 5 } },
    });
    expect(created.statusCode).toBe(400);
    expect(JSON.parse(created.body)).toMatchObject({ error: { code: "VALIDATION" } });
  });

  it("answers an over-long path parameter and a malformed URL in the API's error shape", async () => {
    const long = await t.app.inject({
      method: "GET",
      url: `/api/v1/residents/${"z".repeat(500)}`,
      headers: { cookie },
    });
    expect(long.statusCode).toBe(404);
    expect(JSON.parse(long.body)).toMatchObject({ error: { code: "NOT_FOUND" } });
    const malformed = await t.app.inject({ method: "GET", url: "/api/v1/residents/%E0%A4%A", headers: { cookie } });
    expect(malformed.statusCode).toBeLessThan(500);
    expect(JSON.parse(malformed.body).error.code).toEqual(expect.any(String));
  });

  it("still has a working session after the fuzzing, and the seeded data intact", async () => {
    cookie = await t.login(t.admin.email, t.admin.password);
    const response = await t.app.inject({ method: "GET", url: "/api/v1/facilities?limit=50", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
