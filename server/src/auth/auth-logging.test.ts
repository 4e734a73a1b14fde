// Logs must never carry passwords, tokens or cookies: capture pino's output around a sign-in.
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../test/build-test-app.ts";

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
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
