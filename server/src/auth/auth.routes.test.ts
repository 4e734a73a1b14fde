import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";

const H = { "x-requested-with": "care-portal" };

describe("auth routes", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("signs in, answers me, signs out", async () => {
    const cookie = await t.login(t.admin.email, t.admin.password);
    const me = await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: t.admin.email, role: "admin", facilityIds: null });
  });
});
