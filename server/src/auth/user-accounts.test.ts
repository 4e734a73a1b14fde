// Account management through the API: a one-time password forces a change before any other call,
// deactivation and resets end sessions at once (the next request is 401), a limited administrator lists
// only the users within their facilities, and "sign out of every other session" keeps the caller's own.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signedInStaff, TEST_ADMIN, type TestApp } from "../test/build-test-app.ts";

const CSRF = { "x-requested-with": "care-portal" };
const PASSWORD = "a long enough password";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await t?.cleanup();
});

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

function call(cookie: string, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(method === "GET" ? {} : CSRF), cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function signInAs(address: string, password: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    headers: CSRF,
    payload: { email: address, password },
  });
}

describe("one-time passwords", () => {
  it("refuses every call but me, password and logout until the user chose their own password", async () => {
    const created = await call(admin, "POST", "/auth/users", { email: email("otp"), role: "house-manager" });
    const { user, oneTimePassword } = created.json();
    const cookie = await t.login(user.email, oneTimePassword);
    const me = await call(cookie, "GET", "/auth/me");
    expect(me.json().user).toMatchObject({ email: user.email, mustChangePassword: true });
    for (const url of ["/residents", "/facilities/tull", "/insights/reminders?facilityId=tull"]) {
      const refused = await call(cookie, "GET", url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toMatchObject({ code: "FORBIDDEN", reason: "PASSWORD_CHANGE_REQUIRED" });
    }
    const changed = await call(cookie, "POST", "/auth/password", {
      currentPassword: oneTimePassword,
      newPassword: PASSWORD,
    });
    expect(changed.statusCode).toBe(204);
    expect((await call(cookie, "GET", "/facilities/tull")).statusCode).toBe(200);
    expect((await call(cookie, "GET", "/auth/me")).json().user.mustChangePassword).toBeUndefined();
    const row = await t.database.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.mustChangePassword).toBe(false);
    expect(row.lastSignInAt).toBeInstanceOf(Date);
  });

  it("works for one sign-in only, the one that leads to choosing one's own; a second is refused", async () => {
    const created = await call(admin, "POST", "/auth/users", { email: email("once"), role: "house-manager" });
    const { user, oneTimePassword, expiresAt } = created.json();
    const hours = (Date.parse(expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const first = await t.login(user.email, oneTimePassword);
    const second = await signInAs(user.email, oneTimePassword);
    expect(second.statusCode).toBe(401);
    expect(second.json().error.message).toMatch(/expired or was already used/);
    // The first sign-in still chooses the password; then that one works, and the one-time one never again.
    expect(
      (await call(first, "POST", "/auth/password", { currentPassword: oneTimePassword, newPassword: PASSWORD }))
        .statusCode,
    ).toBe(204);
    expect((await signInAs(user.email, PASSWORD)).statusCode).toBe(200);
    expect((await signInAs(user.email, oneTimePassword)).statusCode).toBe(401);
  });

  it("lets only one of many sign-ins at once use it", async () => {
    const { user, oneTimePassword } = (
      await call(admin, "POST", "/auth/users", { email: email("burst"), role: "house-manager" })
    ).json();
    const answers = await Promise.all(Array.from({ length: 6 }, () => signInAs(user.email, oneTimePassword)));
    const statuses = answers.map((a) => a.statusCode);
    // One signs in; the others are refused (401, or 429 for the one beyond the burst's limit).
    expect(statuses.filter((code) => code === 200)).toHaveLength(1);
    expect(statuses.filter((code) => code === 401).length).toBeGreaterThanOrEqual(4);
  });

  it("stops working when it expires, and a reset gives a new one with a new expiry", async () => {
    const { user, oneTimePassword } = (
      await call(admin, "POST", "/auth/users", { email: email("expired"), role: "house-manager" })
    ).json();
    await t.database.prisma.user.update({
      where: { id: user.id },
      data: { oneTimePasswordExpiresAt: new Date(Date.now() - 1000) },
    });
    const refused = await signInAs(user.email, oneTimePassword);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toMatch(/Ask an administrator for a new one/);
    const reset = await call(admin, "POST", `/auth/users/${user.id}/password-reset`);
    expect(Date.parse(reset.json().expiresAt) - Date.now()).toBeGreaterThan(71.9 * 3600_000);
    expect((await signInAs(user.email, reset.json().oneTimePassword)).statusCode).toBe(200);
    const audit = await t.database.prisma.auditEntry.findFirst({
      where: { action: "login_failed", actorId: user.id },
    });
    expect(audit?.summary).toBe("One-time password expired or already used");
  });

  it("resets a password: every session of the user ends (401), the old password fails, the new one is one-time", async () => {
    const staff = await signedInStaff(t, email("reset"), PASSWORD, ["tull"]);
    const reset = await call(admin, "POST", `/auth/users/${staff.id}/password-reset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.mustChangePassword).toBe(true);
    expect((await call(staff.cookie, "GET", "/facilities/tull")).statusCode).toBe(401);
    const row = await t.database.prisma.user.findUniqueOrThrow({ where: { id: staff.id } });
    await expect(t.login(row.email, PASSWORD)).rejects.toThrow(/401/);
    const again = await t.login(row.email, reset.json().oneTimePassword);
    expect((await call(again, "GET", "/facilities/tull")).statusCode).toBe(403);
    const audit = await t.database.prisma.auditEntry.findFirst({
      where: { action: "password_reset", recordId: staff.id },
    });
    expect(audit?.actorId).toBe(t.admin.id);
    expect((await call(admin, "POST", `/auth/users/${t.admin.id}/password-reset`)).statusCode).toBe(403);
    expect((await call(staff.cookie, "POST", `/auth/users/${t.admin.id}/password-reset`)).statusCode).toBe(401);
  });
});

describe("deactivation", () => {
  it("ends the user's sessions at once: their next request is 401, and they cannot sign in", async () => {
    const staff = await signedInStaff(t, email("off"), PASSWORD, ["tull"]);
    expect((await call(staff.cookie, "GET", "/facilities/tull")).statusCode).toBe(200);
    const record = (await call(admin, "GET", `/users/${staff.id}`)).json();
    const off = await call(admin, "PATCH", `/users/${staff.id}`, { version: record.version, patch: { active: false } });
    expect(off.statusCode).toBe(200);
    expect((await call(staff.cookie, "GET", "/facilities/tull")).statusCode).toBe(401);
    const revoked = await t.database.prisma.session.count({ where: { userId: staff.id, revokedAt: null } });
    expect(revoked).toBe(0);
    await expect(t.login(record.email, PASSWORD)).rejects.toThrow(/401/);
    const on = await call(admin, "PATCH", `/users/${staff.id}`, {
      version: off.json().version,
      patch: { active: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await call(staff.cookie, "GET", "/facilities/tull")).statusCode).toBe(401);
    expect((await call(await t.login(record.email, PASSWORD), "GET", "/facilities/tull")).statusCode).toBe(200);
  });

  it("refuses an administrator changing their own role, facilities or status, and edits of server-set fields", async () => {
    const self = (await call(admin, "GET", `/users/${t.admin.id}`)).json();
    for (const patch of [
      { active: false },
      { role: "house-manager" },
      { facilityIds: ["tull"] },
      { mustChangePassword: true },
    ]) {
      const res = await call(admin, "PATCH", `/users/${t.admin.id}`, { version: self.version, patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(Object.keys(patch));
    }
  });
});

describe("a facility-limited administrator", () => {
  it("lists, counts and reads only users limited to facilities among theirs", async () => {
    const tullAdmin = await t.database.prisma.user.create({
      data: {
        id: randomUUID(),
        email: email("tull-admin"),
        role: "administrator",
        allFacilities: false,
        facilityIds: ["tull"],
        passwordHash: (await t.database.prisma.user.findUniqueOrThrow({ where: { id: t.admin.id } })).passwordHash,
      },
    });
    const cookie = await t.login(tullAdmin.email, TEST_ADMIN.password);
    const inTull = await signedInStaff(t, email("in-tull"), PASSWORD, ["tull"]);
    const inBoth = await signedInStaff(t, email("in-both"), PASSWORD, ["tull", "newman"]);
    const listed = (await call(cookie, "GET", "/users?limit=500")).json().items.map((u: { id: string }) => u.id);
    expect(listed).toContain(inTull.id);
    expect(listed).toContain(tullAdmin.id);
    expect(listed).not.toContain(inBoth.id);
    expect(listed).not.toContain(t.admin.id);
    expect((await call(cookie, "GET", "/users/count")).json().count).toBe(listed.length);
    expect((await call(cookie, "GET", `/users/${inBoth.id}`)).statusCode).toBe(404);
    expect((await call(cookie, "POST", `/auth/users/${inBoth.id}/password-reset`)).statusCode).toBe(404);
    expect((await call(cookie, "POST", `/auth/users/${inTull.id}/password-reset`)).statusCode).toBe(200);
  });
});

describe("sign out of every other session", () => {
  it("ends the user's other sessions (401) and keeps the one asking", async () => {
    const address = email("sessions");
    const here = await signedInStaff(t, address, PASSWORD, ["tull"]);
    const elsewhere = await t.login(address, PASSWORD);
    const res = await call(here.cookie, "POST", "/auth/sessions/end-others");
    expect(res.statusCode).toBe(204);
    expect((await call(elsewhere, "GET", "/facilities/tull")).statusCode).toBe(401);
    expect((await call(here.cookie, "GET", "/facilities/tull")).statusCode).toBe(200);
    expect(
      await t.database.prisma.auditEntry.count({ where: { action: "sessions_end_others", recordId: here.id } }),
    ).toBe(1);
  });
});

describe("portal settings", () => {
  it("lets only an unrestricted administrator set the title, which every signed-in user reads", async () => {
    const staff = await signedInStaff(t, email("reader"), PASSWORD, ["tull"]);
    expect((await call(staff.cookie, "POST", "/portalSettings", { data: { title: "Mine" } })).statusCode).toBe(403);
    const created = await call(admin, "POST", "/portalSettings", { data: { title: "Sunrise Homes" } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: "portal", title: "Sunrise Homes" });
    expect((await call(staff.cookie, "GET", "/portalSettings/portal")).json().title).toBe("Sunrise Homes");
    const other = await call(admin, "POST", "/portalSettings", { id: "other", data: { title: "Two" } });
    expect(other.statusCode).toBe(400);
    expect((await call(admin, "POST", "/portalSettings", { data: { title: "" } })).statusCode).toBe(400);
  });
});
