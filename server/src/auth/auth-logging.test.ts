// Logs must never carry passwords, tokens or cookies: capture pino's output (at trace level) around a
// sign-in, a password change, a user created with a password, expired / forged / `alg: none` tokens in
// the cookie and the Authorization header, and a file upload.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, TEST_ADMIN, testConfig, type TestApp } from "../test/build-test-app.ts";
import { captureLogLines } from "../test/log-lines.ts";

const CSRF = { "x-requested-with": "care-portal" };

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** A HS256 JWT signed with `secret` (the server's, for an expired token; another one, for a forged token). */
function jwt(payload: object, secret: string, header: object = { alg: "HS256", typ: "JWT" }): string {
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

let t: TestApp;
const { lines, stream } = captureLogLines();

beforeAll(async () => {
  t = await buildTestApp({ logger: { level: "trace", stream } });
});
afterAll(async () => {
  await t?.cleanup();
});

it("logs requests without the password or the session cookie", async () => {
  const cookie = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  const token = cookie.split("=")[1]!;
  await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers: { cookie, authorization: `Bearer ${token}` } });
  await t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    headers: { "x-requested-with": "t" },
    payload: { email: TEST_ADMIN.email, password: "wrong but secret password" },
  });
  t.app.log.info({ body: { password: TEST_ADMIN.password }, headers: { cookie } }, "explicitly logged object");
  const log = lines.join("");
  expect(log).toContain("/api/v1/auth/login");
  expect(log).toContain("explicitly logged object");
  expect(log).not.toContain(TEST_ADMIN.password);
  expect(log).not.toContain("wrong but secret password");
  expect(log).not.toContain(token);
});

it("logs a password change, a new user, bad tokens and an upload without any secret", async () => {
  const from = lines.length;
  const cookie = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  const token = cookie.split("=")[1]!;
  const secrets = {
    newPassword: "a brand new secret passphrase",
    userPassword: "the new staff member's secret",
    expired: jwt({ sid: "s", sub: t.admin.id, iat: 1, exp: 2 }, testConfig().sessionSecret),
    forged: jwt({ sid: "s", sub: t.admin.id }, "not the server's secret at all"),
    none: `${base64url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${base64url(JSON.stringify({ sid: "s", sub: t.admin.id }))}.`,
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, headers: { ...CSRF, cookie, ...headers }, payload });

  expect(
    (
      await post("/api/v1/auth/users", {
        email: "new.staff@example.test",
        password: secrets.userPassword,
        role: "house-manager",
      })
    ).statusCode,
  ).toBe(201);
  const changed = await post("/api/v1/auth/password", {
    currentPassword: TEST_ADMIN.password,
    newPassword: secrets.newPassword,
  });
  expect(changed.statusCode).toBe(204);
  const newCookie = String(changed.headers["set-cookie"] ?? "").match(/care_session=([^;]+)/)?.[1] ?? token;
  for (const bad of [secrets.expired, secrets.forged, secrets.none]) {
    const viaCookie = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/me",
      headers: { cookie: `care_session=${bad}` },
    });
    expect(viaCookie.statusCode).toBe(401);
    const viaHeader = await t.app.inject({
      method: "GET",
      url: "/api/v1/residents?limit=1",
      headers: { authorization: `Bearer ${bad}` },
    });
    expect(viaHeader.statusCode).toBe(401);
  }
  const boundary = "----care-logging-test";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="facilityId"\r\n\r\nhome-a\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.pdf"\r\n`),
    Buffer.from("Content-Type: application/pdf\r\n\r\n%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n\r\n"),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const uploaded = await t.app.inject({
    method: "POST",
    url: "/api/v1/files",
    headers: {
      ...CSRF,
      cookie: `care_session=${newCookie}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  expect(uploaded.statusCode).toBeLessThan(500);

  const log = lines.slice(from).join("");
  expect(log).toContain("/api/v1/auth/password");
  expect(log).toContain("/api/v1/files");
  for (const [name, secret] of Object.entries({ ...secrets, password: TEST_ADMIN.password, token, newCookie })) {
    expect(
      log.includes(secret),
      `the log contains the ${name}: ${lines.find((l) => l.includes(secret))?.slice(0, 1500)}`,
    ).toBe(false);
    // Not even the signature part of a token.
    const signature = secret.split(".")[2];
    if (signature) expect(log.includes(signature), `the log contains the ${name}'s signature`).toBe(false);
  }
  expect(log).not.toMatch(/Bearer [A-Za-z0-9_-]{10,}/);
  expect(log).not.toMatch(/care_session=[A-Za-z0-9_-]{10,}/);
});
