// Sign-in, sessions and account routes against a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL). One app for the file; each test uses its own users and client IPs so the
// database-backed throttle of one test does not touch another.
import { DEFAULT_ROLES } from "@care/core/collections/roles.collection";
import { createHash, createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, sessionCookieOf, TEST_ADMIN, type TestApp } from "../test/build-test-app.ts";
import { THROTTLE_LIMITS } from "./login-throttle.ts";
import { createUser } from "./users.ts";

const CSRF = { "x-requested-with": "care-portal" };
const PASSWORD = "a long enough password";
const SECRET = "test-session-secret-that-is-long-enough-0123456789";

let t: TestApp;
let ipCounter = 0;
/** A client address no other test uses. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.cleanup();
});

async function newUser(options: { role?: string; facilityIds?: string[] | null; active?: boolean } = {}) {
  const email = `user-${randomUUID().slice(0, 8)}@example.test`;
  const row = await createUser(
    t.database.prisma,
    {
      email,
      password: PASSWORD,
      role: options.role ?? "house-manager",
      facilityIds: options.facilityIds ?? null,
      active: options.active ?? true,
    },
    null,
  );
  return { id: row.id, email };
}

function login(email: string, password: string, ip = freshIp()) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    headers: CSRF,
    payload: { email, password },
    remoteAddress: ip,
  });
}

/**
 * A test that edits a session or user row directly makes the change as another instance (or an
 * operator) would; this instance may trust its cache for SESSION_CACHE_MS, so the test clears it.
 */
function editedElsewhere(): void {
  t.app.sessionCache.clear();
}

/** Lets every lock of the account's counters run out, as if the lock time had passed. */
async function runOutLocks(email: string): Promise<void> {
  const account = createHash("sha256").update(email.toLowerCase()).digest("base64url");
  await t.database.prisma.loginThrottle.updateMany({
    where: { key: { contains: account }, lockedUntil: { not: null } },
    data: { lockedUntil: new Date(Date.now() - 1000) },
  });
}

/** The `cookie` header value of the device cookie a successful sign-in set. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  return String(res.headers["set-cookie"])
    .split(/,(?=\s*care_)/)
    .find((c) => c.trim().startsWith("care_device="))!
    .trim()
    .split(";")[0]!;
}

function me(cookie: string) {
  return t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers: { cookie } });
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
function jwt(payload: object, options: { secret?: string; alg?: string } = {}): string {
  const header = b64({ alg: options.alg ?? "HS256", typ: "JWT" });
  const body = b64(payload);
  if (options.alg === "none") return `${header}.${body}.`;
  const signature = createHmac("sha256", options.secret ?? SECRET)
    .update(`${header}.${body}`)
    .digest("base64url");
  return `${header}.${body}.${signature}`;
}

async function sessionIdOf(cookie: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(cookie.split("=")[1]!.split(".")[1]!, "base64url").toString()) as {
    sid: string;
  };
  return payload.sid;
}

describe("login", () => {
  it("signs in with a session cookie (httpOnly, SameSite=Strict) and answers the user", async () => {
    const user = await newUser({ facilityIds: ["tull"] });
    const res = await login(user.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        email: user.email,
        displayName: null,
        role: "house-manager",
        roleName: "House manager",
        permissions: DEFAULT_ROLES["house-manager"]!.permissions,
        actions: DEFAULT_ROLES["house-manager"]!.actions,
        facilityIds: ["tull"],
      },
    });
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^care_session=[^;]+;/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toContain("Path=/");
    const cookie = sessionCookieOf(res.headers["set-cookie"]);
    expect((await me(cookie)).json().user.email).toBe(user.email);
  });

  it("wrong password and unknown e-mail get the same 401 and message; so does an inactive user", async () => {
    const user = await newUser();
    const inactive = await newUser({ active: false });
    const wrong = await login(user.email, "not the password");
    const unknown = await login("nobody@example.test", PASSWORD);
    const deactivated = await login(inactive.email, PASSWORD);
    for (const res of [wrong, unknown, deactivated]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("UNAUTHENTICATED");
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
    expect(deactivated.json().error.message).toBe(wrong.json().error.message);
  });

  it("locks an account from one IP after 5 failures with 429 and Retry-After; other IPs still sign in", async () => {
    const user = await newUser();
    const ip = freshIp();
    for (let i = 0; i < THROTTLE_LIMITS.accountIp.maxFailures; i++)
      expect((await login(user.email, "wrong password", ip)).statusCode).toBe(401);
    const locked = await login(user.email, PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe("RATE_LIMITED");
    const retryAfter = Number(locked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(locked.json().error.retryAfterSeconds).toBe(retryAfter);
    // The real user elsewhere is not locked out by a stranger's failures.
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("each further lock of the same account and IP lasts longer", async () => {
    const user = await newUser();
    const ip = freshIp();
    for (let i = 0; i < THROTTLE_LIMITS.accountIp.maxFailures; i++) await login(user.email, "wrong password", ip);
    const key = (
      await t.database.prisma.loginThrottle.findMany({
        where: { key: { startsWith: "account-ip:" }, lockedUntil: { not: null } },
      })
    ).find((r) => r.key.endsWith(`:${ip}`))!;
    // Let the first lock run out; the count started again, so it takes as many failures to lock again.
    await t.database.prisma.loginThrottle.update({
      where: { key: key.key },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    for (let i = 0; i < THROTTLE_LIMITS.accountIp.maxFailures; i++)
      expect((await login(user.email, "wrong password", ip)).statusCode).toBe(401);
    const second = await login(user.email, PASSWORD, ip);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers["retry-after"])).toBeGreaterThan(60);
  });

  it("locks an account attacked from many IPs only briefly (≤ 2 minutes)", async () => {
    const user = await newUser();
    for (let i = 0; i < THROTTLE_LIMITS.account.maxFailures; i++)
      expect((await login(user.email, "wrong password")).statusCode).toBe(401);
    const locked = await login(user.email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(120);
  });

  it("starts the count again after a lock: one wrong password now and then cannot keep the account locked", async () => {
    const user = await newUser();
    for (let i = 0; i < THROTTLE_LIMITS.account.maxFailures; i++) await login(user.email, "wrong password");
    expect((await login(user.email, PASSWORD)).statusCode).toBe(429);
    await runOutLocks(user.email);
    // Once the lock has run out, a single failure (a stranger's one guess every few minutes) locks nothing.
    expect((await login(user.email, "wrong password")).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("locks an account for strangers at most 3 times a day (a few minutes in all)", async () => {
    const user = await newUser();
    const lockedSeconds: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < THROTTLE_LIMITS.account.maxFailures; i++) await login(user.email, "wrong password");
      const attempt = await login(user.email, "wrong password");
      if (attempt.statusCode === 429) lockedSeconds.push(Number(attempt.headers["retry-after"]));
      await runOutLocks(user.email);
    }
    expect(lockedSeconds).toHaveLength(THROTTLE_LIMITS.account.maxLocksPerDay);
    expect(lockedSeconds.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(6 * 60);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("a browser that signed in before (device cookie) is not locked out by failures from elsewhere", async () => {
    const user = await newUser();
    const first = await login(user.email, PASSWORD);
    const deviceCookie = String(first.headers["set-cookie"])
      .split(/,(?=\s*care_)/)
      .find((c) => c.trim().startsWith("care_device="))!;
    expect(deviceCookie).toContain("HttpOnly");
    expect(deviceCookie).toContain("SameSite=Strict");
    expect(deviceCookie).toContain("Path=/api/v1/auth/login");
    const device = deviceCookie.trim().split(";")[0]!;
    for (let i = 0; i < THROTTLE_LIMITS.account.maxFailures; i++) await login(user.email, "wrong password");
    expect((await login(user.email, PASSWORD)).statusCode).toBe(429);
    const fromKnownBrowser = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { ...CSRF, cookie: device },
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: freshIp(),
    });
    expect(fromKnownBrowser.statusCode).toBe(200);
    // The cookie vouches for its own account only, and a tampered one vouches for nothing.
    const other = await newUser();
    for (let i = 0; i < THROTTLE_LIMITS.account.maxFailures; i++) await login(other.email, "wrong password");
    for (const cookie of [device, `${device}x`]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { ...CSRF, cookie },
        payload: { email: other.email, password: PASSWORD },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(429);
    }
  });

  it("guesses from a known browser lock only that browser's device cookie", async () => {
    const user = await newUser();
    const first = await login(user.email, PASSWORD);
    const device = String(first.headers["set-cookie"])
      .split(/,(?=\s*care_)/)
      .find((c) => c.trim().startsWith("care_device="))!
      .trim()
      .split(";")[0]!;
    const withDevice = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { ...CSRF, cookie: device },
        payload: { email: user.email, password },
        remoteAddress: freshIp(),
      });
    for (let i = 0; i < THROTTLE_LIMITS.device.maxFailures; i++)
      expect((await withDevice("wrong")).statusCode).toBe(401);
    expect((await withDevice(PASSWORD)).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("slows an address's guesses with growing delays but never locks out a correct password or a known browser", async () => {
    const ip = freshIp();
    const user = await newUser();
    const device = deviceCookieOf(await login(user.email, PASSWORD, ip));
    // Three times the free allowance of failures from one address (each a different e-mail), at once.
    const guesses = THROTTLE_LIMITS.ip.freeFailures * 3;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: guesses }, (_, i) => login(`guess-${i}-${randomUUID()}@example.test`, "wrong password", ip)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(guesses).fill(401));
    // The ones beyond the allowance waited, longer and longer, up to the longest delay.
    expect(Date.now() - started).toBeGreaterThanOrEqual(THROTTLE_LIMITS.ip.maxDelayMs - 500);
    // A correct password from that address still gets in (after the longest delay) ...
    const other = await newUser();
    const slowed = Date.now();
    expect((await login(other.email, PASSWORD, ip)).statusCode).toBe(200);
    expect(Date.now() - slowed).toBeGreaterThanOrEqual(THROTTLE_LIMITS.ip.maxDelayMs - 500);
    // ... a browser that signed in before is neither locked nor slowed ...
    const known = Date.now();
    const fromKnownBrowser = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { ...CSRF, cookie: device },
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: ip,
    });
    expect(fromKnownBrowser.statusCode).toBe(200);
    expect(Date.now() - known).toBeLessThan(THROTTLE_LIMITS.ip.firstDelayMs);
    // ... and a signed-in user there still changes their password.
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/password",
      headers: { ...CSRF, cookie: sessionCookieOf(fromKnownBrowser.headers["set-cookie"]) },
      payload: { currentPassword: PASSWORD, newPassword: "a brand new password" },
      remoteAddress: ip,
    });
    expect(changed.statusCode).toBe(204);
  }, 60_000);

  it("counts a burst of parallel guesses before checking them: no more than the limit are tested", async () => {
    const user = await newUser();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(user.email, "wrong password", ip)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((code) => code === 401)).toHaveLength(THROTTLE_LIMITS.accountIp.maxFailures);
    expect(statuses.filter((code) => code === 429)).toHaveLength(20 - THROTTLE_LIMITS.accountIp.maxFailures);
    const tested = await t.database.prisma.auditEntry.count({ where: { action: "login_failed", actorId: user.id } });
    expect(tested).toBe(THROTTLE_LIMITS.accountIp.maxFailures);
    expect((await login(user.email, PASSWORD, ip)).statusCode).toBe(429);
  });

  it("counts a burst from a known browser, and of wrong current passwords, the same way", async () => {
    const user = await newUser();
    const device = deviceCookieOf(await login(user.email, PASSWORD));
    const fromDevice = await Promise.all(
      Array.from({ length: 15 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/v1/auth/login",
          headers: { ...CSRF, cookie: device },
          payload: { email: user.email, password: "wrong password" },
          remoteAddress: freshIp(),
        }),
      ),
    );
    expect(fromDevice.filter((a) => a.statusCode === 401)).toHaveLength(THROTTLE_LIMITS.device.maxFailures);
    const cookie = await t.login(user.email, PASSWORD);
    const changes = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/v1/auth/password",
          headers: { ...CSRF, cookie },
          payload: { currentPassword: `guess number ${i}`, newPassword: "a brand new password" },
          remoteAddress: freshIp(),
        }),
      ),
    );
    expect(changes.filter((a) => a.statusCode === 400)).toHaveLength(THROTTLE_LIMITS.passwordChange.maxFailures);
    expect(changes.filter((a) => a.statusCode === 429)).toHaveLength(15 - THROTTLE_LIMITS.passwordChange.maxFailures);
  });

  it("a successful sign-in resets the account's failure count", async () => {
    const user = await newUser();
    const ip = freshIp();
    for (let i = 0; i < THROTTLE_LIMITS.accountIp.maxFailures - 1; i++) await login(user.email, "wrong password", ip);
    expect((await login(user.email, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < THROTTLE_LIMITS.accountIp.maxFailures - 1; i++) await login(user.email, "wrong password", ip);
    expect((await login(user.email, PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe("session checks", () => {
  it("a malformed cookie → 401 and the cookie is cleared", async () => {
    for (const cookie of ["care_session=garbage", "care_session=a.b.c"]) {
      const res = await me(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("UNAUTHENTICATED");
    }
    // An empty cookie is no session at all, as if signed out.
    expect((await me("care_session=")).json()).toEqual({ user: null });
    expect(String((await me("care_session=garbage")).headers["set-cookie"])).toMatch(/care_session=;/);
  });

  it("forged, alg:none and expired tokens → 401; the same token correctly signed works", async () => {
    const user = await newUser();
    const cookie = await t.login(user.email, PASSWORD);
    const sid = await sessionIdOf(cookie);
    const now = Math.floor(Date.now() / 1000);
    expect((await me(`care_session=${jwt({ sid, sub: user.id, iat: now, exp: now + 3600 })}`)).statusCode).toBe(200);
    expect(
      (
        await me(
          `care_session=${jwt({ sid, sub: user.id, iat: now, exp: now + 3600 }, { secret: "another-secret-another-secret-another" })}`,
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (await me(`care_session=${jwt({ sid, sub: user.id, iat: now, exp: now + 3600 }, { alg: "none" })}`)).statusCode,
    ).toBe(401);
    expect((await me(`care_session=${jwt({ sid, sub: user.id, iat: now - 7200, exp: now - 60 })}`)).statusCode).toBe(
      401,
    );
    expect(
      (await me(`care_session=${jwt({ sid: randomUUID(), sub: user.id, iat: now, exp: now + 3600 })}`)).statusCode,
    ).toBe(401);
  });

  it("refuses a correctly signed token without an expiry", async () => {
    const user = await newUser();
    const sid = await sessionIdOf(await t.login(user.email, PASSWORD));
    const now = Math.floor(Date.now() / 1000);
    const res = await me(`care_session=${jwt({ sid, sub: user.id, iat: now })}`);
    expect(res.statusCode).toBe(401);
    expect(String(res.headers["set-cookie"])).toMatch(/care_session=;/);
  });

  it("ends a session idle for more than 30 minutes", async () => {
    const user = await newUser();
    const cookie = await t.login(user.email, PASSWORD);
    const id = await sessionIdOf(cookie);
    await t.database.prisma.session.update({ where: { id }, data: { lastSeenAt: new Date(Date.now() - 29 * 60_000) } });
    editedElsewhere();
    expect((await me(cookie)).statusCode).toBe(200);
    await t.database.prisma.session.update({ where: { id }, data: { lastSeenAt: new Date(Date.now() - 31 * 60_000) } });
    editedElsewhere();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("refreshes lastSeenAt at most once a minute", async () => {
    const user = await newUser();
    const cookie = await t.login(user.email, PASSWORD);
    const id = await sessionIdOf(cookie);
    const recent = new Date(Date.now() - 20_000);
    await t.database.prisma.session.update({ where: { id }, data: { lastSeenAt: recent } });
    editedElsewhere();
    await me(cookie);
    expect((await t.database.prisma.session.findUniqueOrThrow({ where: { id } })).lastSeenAt.getTime()).toBe(
      recent.getTime(),
    );
    await t.database.prisma.session.update({ where: { id }, data: { lastSeenAt: new Date(Date.now() - 5 * 60_000) } });
    editedElsewhere();
    await me(cookie);
    expect((await t.database.prisma.session.findUniqueOrThrow({ where: { id } })).lastSeenAt.getTime()).toBeGreaterThan(
      Date.now() - 10_000,
    );
  });

  it("ends a session after 12 hours however active", async () => {
    const user = await newUser();
    const cookie = await t.login(user.email, PASSWORD);
    const id = await sessionIdOf(cookie);
    const session = await t.database.prisma.session.findUniqueOrThrow({ where: { id } });
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(12 * 3600_000);
    await t.database.prisma.session.update({
      where: { id },
      data: { expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() },
    });
    editedElsewhere();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("reads role and facilities fresh and refuses a deactivated user at once", async () => {
    const user = await newUser({ facilityIds: ["tull"] });
    const cookie = await t.login(user.email, PASSWORD);
    await t.database.prisma.user.update({
      where: { id: user.id },
      data: { role: "administrator", facilityIds: ["tull", "newman"] },
    });
    editedElsewhere();
    expect((await me(cookie)).json().user).toMatchObject({ role: "administrator", facilityIds: ["tull", "newman"] });
    await t.database.prisma.user.update({ where: { id: user.id }, data: { active: false } });
    editedElsewhere();
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe("logout", () => {
  it("revokes the session server-side: the old cookie no longer works", async () => {
    const user = await newUser();
    const cookie = await t.login(user.email, PASSWORD);
    const res = await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: { ...CSRF, cookie } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/^care_session=;/);
    expect((await me(cookie)).statusCode).toBe(401);
    const row = await t.database.prisma.session.findUniqueOrThrow({ where: { id: await sessionIdOf(cookie) } });
    expect(row.revokedAt).not.toBeNull();
  });

  it("answers /me without a session with 200 and no user (a signed-out visit logs no error)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/auth/me" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });
});

describe("password change", () => {
  it("needs the current password, ends the user's other sessions and keeps this one", async () => {
    const user = await newUser();
    const here = await t.login(user.email, PASSWORD);
    const elsewhere = await t.login(user.email, PASSWORD);
    const change = (cookie: string, payload: object) =>
      t.app.inject({ method: "POST", url: "/api/v1/auth/password", headers: { ...CSRF, cookie }, payload });

    const wrong = await change(here, { currentPassword: "not it at all", newPassword: "a brand new password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty("currentPassword");
    const same = await change(here, { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toHaveProperty("newPassword");
    const short = await change(here, { currentPassword: PASSWORD, newPassword: "short" });
    expect(short.json().error.fields).toHaveProperty("newPassword");

    expect((await change(here, { currentPassword: PASSWORD, newPassword: "a brand new password" })).statusCode).toBe(
      204,
    );
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, "a brand new password")).statusCode).toBe(200);
    expect(
      (await change("care_session=x", { currentPassword: PASSWORD, newPassword: "another new password" })).statusCode,
    ).toBe(401);
  });
});

describe("password change throttling and strength", () => {
  const change = (cookie: string, payload: object, ip = "10.77.0.1") =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/auth/password",
      headers: { ...CSRF, cookie },
      payload,
      remoteAddress: ip,
    });

  it("locks the change after 5 wrong current passwords (429, Retry-After), even with the right one next", async () => {
    const user = await newUser();
    const cookie = await t.login(user.email, PASSWORD);
    for (let i = 0; i < THROTTLE_LIMITS.passwordChange.maxFailures; i++)
      expect(
        (await change(cookie, { currentPassword: `guess number ${i}`, newPassword: "a brand new password" }))
          .statusCode,
      ).toBe(400);
    const locked = await change(cookie, { currentPassword: PASSWORD, newPassword: "a brand new password" });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe("RATE_LIMITED");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    const failed = await t.database.prisma.auditEntry.count({
      where: { action: "password_change_failed", recordId: user.id },
    });
    expect(failed).toBe(THROTTLE_LIMITS.passwordChange.maxFailures);
  });

  it("needs 12+ characters and refuses a common or leaked password, naming the field", async () => {
    const user = await newUser();
    const cookie = await t.login(user.email, PASSWORD);
    const short = await change(cookie, { currentPassword: PASSWORD, newPassword: "elevenchars" }, freshIp());
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.newPassword).toBe("At least 12 characters");
    for (const common of ["1qaz2wsx3edc", "QWERTY123456"]) {
      const res = await change(cookie, { currentPassword: PASSWORD, newPassword: common }, freshIp());
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.newPassword).toMatch(/common or leaked/);
    }
  });
});

describe("POST /auth/users", () => {
  it("lets an admin create a user with a one-time password, answered once, never the hash", async () => {
    const admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/users",
      headers: { ...CSRF, cookie: admin },
      payload: {
        email: "New.Staff@Example.test",
        role: "house-manager",
        displayName: "New Staff",
        facilityIds: ["tull"],
      },
    });
    expect(res.statusCode).toBe(201);
    const { user: record, oneTimePassword } = res.json();
    expect(record).toMatchObject({
      email: "new.staff@example.test",
      displayName: "New Staff",
      role: "house-manager",
      facilityIds: ["tull"],
      active: true,
      mustChangePassword: true,
      lastSignInAt: null,
      version: 1,
      createdBy: t.admin.id,
      archivedAt: null,
    });
    expect(oneTimePassword).toMatch(/^[a-zA-Z2-9]{4}(-[a-zA-Z2-9]{4}){3}$/);
    expect(JSON.stringify(record)).not.toMatch(/passwordHash|argon2/);
    const got = await t.app.inject({ method: "GET", url: `/api/v1/users/${record.id}`, headers: { cookie: admin } });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(record);
    expect(JSON.stringify(got.json())).not.toContain(oneTimePassword);
    expect((await login("new.staff@example.test", oneTimePassword)).statusCode).toBe(200);

    const duplicate = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/users",
      headers: { ...CSRF, cookie: admin },
      payload: { email: "new.staff@example.test", role: "house-manager" },
    });
    expect(duplicate.statusCode).toBe(409);
    const invalid = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/users",
      headers: { ...CSRF, cookie: admin },
      payload: { email: "nope", role: "boss" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.fields).sort()).toEqual(["email"]);
    // A role that is not one of the group's roles.
    const unknownRole = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/users",
      headers: { ...CSRF, cookie: admin },
      payload: { email: "role@example.test", role: "boss" },
    });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().error.fields).toEqual({ role: "No such role" });
  });

  it("refuses staff (403) and signed-out callers (401)", async () => {
    const staff = await newUser();
    const cookie = await t.login(staff.email, PASSWORD);
    const payload = { email: "x@example.test", role: "administrator" };
    expect(
      (await t.app.inject({ method: "POST", url: "/api/v1/auth/users", headers: { ...CSRF, cookie }, payload }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/api/v1/auth/users", headers: CSRF, payload })).statusCode).toBe(
      401,
    );
  });

  it("lets an admin limited to some facilities create users only within them (403 otherwise)", async () => {
    const limited = await newUser({ role: "administrator", facilityIds: ["tull"] });
    const cookie = await t.login(limited.email, PASSWORD);
    const create = (email: string, facilityIds?: string[] | null) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth/users",
        headers: { ...CSRF, cookie },
        payload: { email, role: "administrator", ...(facilityIds === undefined ? {} : { facilityIds }) },
      });
    const wider = [
      await create("wider-newman@example.test", ["newman"]),
      await create("wider-both@example.test", ["tull", "newman"]),
      await create("wider-all@example.test", null),
      await create("wider-default@example.test"),
    ];
    for (const res of wider) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
    expect(
      await t.database.prisma.user.count({ where: { email: { startsWith: "wider-" } } }),
      "no account is created when refused",
    ).toBe(0);
    const within = await create("within-tull@example.test", ["tull"]);
    expect(within.statusCode).toBe(201);
    expect(within.json().user).toMatchObject({ email: "within-tull@example.test", facilityIds: ["tull"] });
  });
});

describe("audit", () => {
  it("records login, failed login, logout, password change and user creation", async () => {
    const actions = new Set(
      (await t.database.prisma.auditEntry.findMany({ select: { action: true } })).map((r) => r.action),
    );
    for (const action of ["login", "login_failed", "logout", "password_change", "user_create"])
      expect(actions).toContain(action);
    const failed = await t.database.prisma.auditEntry.findFirstOrThrow({
      where: { action: "login_failed", actorId: null },
    });
    expect(failed.ip).toMatch(/^10\.0\./);
    expect(JSON.stringify(failed)).not.toContain(PASSWORD);
  });
});
