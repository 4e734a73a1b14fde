// The page the server hands a browser carries who is signed in (the boot block), exactly as
// `GET /api/v1/auth/me` answers it, against a real database.
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users.ts";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";

const PASSWORD = "a long enough password";
let t: TestApp;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), "care-web-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><html><head><title>Care Portal</title></head><body><div id=root></div></body></html>"); // prettier-ignore
  t = await buildTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t?.cleanup();
});

async function page(cookie?: string) {
  const res = await t.app.inject({
    method: "GET",
    url: "/reminders",
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
  });
  const block = /<script id="care-boot" type="application\/json">(.*?)<\/script><\/head>/.exec(res.body)?.[1];
  return { res, block: block ?? "", boot: JSON.parse(block ?? "null") as { config: unknown; me: unknown } };
}

describe("the page's boot block", () => {
  it("names the signed-in user as /auth/me does, and the page is never stored", async () => {
    const cookie = await t.login(t.admin.email, t.admin.password);
    const me = await t.app.inject({ method: "GET", url: "/api/v1/auth/me", headers: { cookie } });
    const { res, boot } = await page(cookie);
    expect(res.statusCode).toBe(200);
    expect(boot).toEqual({ config: { backend: "http" }, me: me.json() });
    expect(boot.me).toMatchObject({ user: { email: t.admin.email, role: "administrator" } });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("cannot be closed early by what a user typed", async () => {
    const email = `script-${Date.now()}@example.test`;
    const { id } = await createUser(t.database.prisma, { email, password: PASSWORD, role: "house-manager", facilityIds: null }, null); // prettier-ignore
    await t.database.prisma.user.update({ where: { id }, data: { displayName: "</script><script>alert(1)</script>" } });
    const { res, block, boot } = await page(await t.login(email, PASSWORD));
    expect(block).not.toContain("<");
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(boot.me).toMatchObject({ user: { displayName: "</script><script>alert(1)</script>" } });
  });

  it("names nobody for a signed-out visit or a session that ended, and clears that cookie", async () => {
    expect((await page()).boot.me).toEqual({ user: null });
    const cookie = await t.login(t.admin.email, t.admin.password);
    await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: { cookie, "x-requested-with": "care-portal" } }); // prettier-ignore
    const { res, boot } = await page(cookie);
    expect(boot.me).toEqual({ user: null });
    expect(String(res.headers["set-cookie"])).toMatch(/^care_session=;/);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });
});

describe("a web app rebuilt under the running server", () => {
  it("serves the new page and its newly named scripts without a restart", async () => {
    const webDist = mkdtempSync(join(tmpdir(), "care-web-"));
    mkdirSync(join(webDist, "assets"));
    writeFileSync(
      join(webDist, "index.html"),
      `<html><head><script src="/assets/index-old.js"></script></head></html>`,
    );
    writeFileSync(join(webDist, "assets", "index-old.js"), "console.log('old')");
    const app = await buildTestApp({ config: { webDist } });
    try {
      const get = (url: string) => app.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect((await get("/reminders")).body).toContain("index-old.js");
      // The rebuild: a new script name, a new page naming it (a later modification time).
      writeFileSync(join(webDist, "assets", "index-new.js"), "console.log('new')");
      writeFileSync(
        join(webDist, "index.html"),
        `<html><head><script src="/assets/index-new.js"></script></head></html>`,
      );
      const later = new Date(Date.now() + 5_000);
      utimesSync(join(webDist, "index.html"), later, later);
      expect((await get("/reminders")).body).toContain("index-new.js");
      const script = await get("/assets/index-new.js");
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe("console.log('new')");
      expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect((await get("/assets/../index.html")).statusCode).not.toBe(500);
      expect((await get("/assets/missing.js")).statusCode).toBe(404);
    } finally {
      await app.cleanup();
    }
  });
});
