// The portal behind a TLS-terminating reverse proxy: with TRUST_PROXY naming the proxy's address, the
// client's own address (from X-Forwarded-For) is what sign-in throttling and the audit log see, and the
// session cookie is Secure (X-Forwarded-Proto: https) — from the proxy only, never from another peer.
// With no proxy trusted every user shares the proxy's address: a stranger's failures there still never
// lock out a correct password, and the server says in its log that forwarded headers are ignored.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users.ts";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { FORWARDED_BUT_UNTRUSTED, NO_PROXY_TRUSTED } from "./proxy-check.plugin.ts";
import { captureLogLines } from "../test/log-lines.ts";

const CSRF = { "x-requested-with": "care-portal" };
const PASSWORD = "a long enough password";
const PROXY = "172.30.79.2";

async function newUser(t: TestApp): Promise<string> {
  const email = `proxy-${randomUUID().slice(0, 8)}@example.test`;
  await createUser(t.database.prisma, { email, password: PASSWORD, role: "house-manager", facilityIds: null }, null);
  return email;
}

function login(t: TestApp, email: string, password: string, from: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    headers: { ...CSRF, ...headers },
    payload: { email, password },
    remoteAddress: from,
  });
}

const sessionSetCookie = (res: { headers: Record<string, unknown> }) =>
  [res.headers["set-cookie"]]
    .flat()
    .map(String)
    .find((c) => c.startsWith("care_session="))!;

describe("TRUST_PROXY set to the proxy's address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { trustProxy: [PROXY], cookieSecure: "auto" } });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("takes the client's address and protocol from the proxy: the session cookie is Secure, the audit names the client", async () => {
    const email = await newUser(t);
    const res = await login(t, email, PASSWORD, PROXY, {
      "x-forwarded-for": "203.0.113.7",
      "x-forwarded-proto": "https",
    });
    expect(res.statusCode).toBe(200);
    expect(sessionSetCookie(res)).toContain("Secure");
    const row = await t.database.prisma.auditEntry.findFirst({ where: { action: "login", actorEmail: email } });
    expect(row?.ip).toBe("203.0.113.7");
  });

  it("keeps each client behind the proxy apart: one's failures neither lock nor slow another", async () => {
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(t, `nobody-${i}@example.test`, "wrong password", PROXY, { "x-forwarded-for": "203.0.113.66" }),
      ),
    );
    expect(guesses.every((g) => g.statusCode === 401)).toBe(true);
    const started = Date.now();
    const res = await login(t, await newUser(t), PASSWORD, PROXY, { "x-forwarded-for": "203.0.113.8" });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  }, 60_000);

  it("ignores the forwarded headers from any other peer", async () => {
    const email = await newUser(t);
    const res = await login(t, email, PASSWORD, "198.51.100.20", {
      "x-forwarded-for": "203.0.113.99",
      "x-forwarded-proto": "https",
    });
    expect(res.statusCode).toBe(200);
    expect(sessionSetCookie(res)).not.toContain("Secure");
    const row = await t.database.prisma.auditEntry.findFirst({ where: { action: "login", actorEmail: email } });
    expect(row?.ip).toBe("198.51.100.20");
  });
});

describe("no proxy trusted (TRUST_PROXY=false) behind a proxy", () => {
  let t: TestApp;
  const { lines, stream } = captureLogLines();
  beforeAll(async () => {
    t = await buildTestApp({ config: { trustProxy: false, cookieSecure: "auto" }, logger: { level: "info", stream } });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("says so at start-up, and warns once when forwarded headers arrive", async () => {
    expect(lines.filter((l) => l.includes(NO_PROXY_TRUSTED))).toHaveLength(1);
    for (let i = 0; i < 3; i++)
      await login(t, "nobody@example.test", "wrong password", PROXY, {
        "x-forwarded-for": `203.0.113.${i + 1}`,
        "x-forwarded-proto": "https",
      });
    const warnings = lines.filter((l) => l.includes(FORWARDED_BUT_UNTRUSTED));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, headers: ["x-forwarded-for", "x-forwarded-proto"] });
  });

  it("every user shares the proxy's address, yet 30 strangers' failures there never lock out a correct password", async () => {
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(t, `stranger-${i}@example.test`, "wrong password", PROXY)),
    );
    expect(guesses.every((g) => g.statusCode === 401)).toBe(true);
    const res = await login(t, await newUser(t), PASSWORD, PROXY);
    expect(res.statusCode).toBe(200);
  }, 60_000);
});
