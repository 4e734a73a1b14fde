import { randomUUID } from "node:crypto";
// The HTTP edge without a real database: health probes, CSRF, error mapping, security headers and
// the web app's SPA fallback. The Database here is a stand-in whose ping we control.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import type { Database } from "../db/database.ts";
import { testConfig } from "../test/build-test-app.ts";
import { toResponseError } from "./error-handler.ts";

function fakeDatabase(ping: () => Promise<void>): Database {
  const unreachable = new Proxy(
    {},
    {
      get: () => {
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      },
    },
  );
  return { kind: "postgres", prisma: unreachable as Database["prisma"], ping, close: async () => {} };
}

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "care-web-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Care Portal</title><div id=root></div>");
  writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log('app')");
  return dir;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(options: { ping?: () => Promise<void>; webDist?: string } = {}): Promise<FastifyInstance> {
  app = await buildApp({
    config: testConfig(options.webDist ? { webDist: options.webDist } : {}),
    database: fakeDatabase(options.ping ?? (async () => {})),
    logger: false,
  });
  await app.ready();
  return app;
}

describe("health", () => {
  it("/healthz answers ok without touching the database", async () => {
    const a = await start({ ping: () => Promise.reject(new Error("down")) });
    const res = await a.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("/readyz is 200 when the database answers and 503 when its ping rejects", async () => {
    let up = true;
    const a = await start({
      ping: async () => {
        if (!up) throw new Error("connection refused");
      },
    });
    expect((await a.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    up = false;
    const res = await a.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("UNAVAILABLE");
  });

  it("/readyz answers 503 within 3 s when the ping hangs", async () => {
    const a = await start({ ping: () => new Promise(() => {}) });
    const started = Date.now();
    const res = await a.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("requests while the database is down", () => {
  it("answer 503 UNAVAILABLE, not 500", async () => {
    const a = await start();
    const res = await a.inject({
      method: "GET",
      url: "/api/v1/auth/me",
      headers: { cookie: `care_session=${a.jwt.sign({ sid: "s1", sub: "u1" })}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("UNAVAILABLE");
    expect(res.body).not.toContain("ECONNREFUSED");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("/readyz's 503 says when to retry", async () => {
    const a = await start({ ping: () => Promise.reject(new Error("down")) });
    const res = await a.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("while shutting down", () => {
  it("a request arriving on an open connection gets 503 UNAVAILABLE with Retry-After and Connection: close", async () => {
    let releasePing: () => void = () => {};
    const a = await start({ ping: () => new Promise<void>((resolve) => (releasePing = resolve)) });
    await a.listen({ port: 0, host: "127.0.0.1" });
    const { port } = a.server.address() as AddressInfo;
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`;
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(request("/readyz"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = a.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(request("/healthz"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    releasePing();
    await new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await closed;
    app = undefined;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(answers[1]).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(answers[1]).toMatch(/\r\nconnection: close\r\n/i);
    expect(answers[1]).toContain('"code":"UNAVAILABLE"');
  });
});

describe("caching", () => {
  it("every API answer, data or error, is Cache-Control: no-store", async () => {
    const a = await start();
    const answers = [
      await a.inject({ method: "GET", url: "/api/v1/openapi.json" }),
      await a.inject({ method: "GET", url: "/api/v1/auth/me" }),
      await a.inject({ method: "GET", url: "/api/v1/nope", headers: { accept: "application/json" } }),
      await a.inject({ method: "POST", url: "/api/v1/auth/login", payload: {}, headers: { "x-requested-with": "t" } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 400]);
    for (const answer of answers) expect(answer.headers["cache-control"]).toBe("no-store");
  });
});

describe("compression", () => {
  it("sends an API answer of 1 kB or more compressed to a browser that accepts it, smaller ones as they are", async () => {
    const a = await start();
    const big = await a.inject({
      method: "GET",
      url: "/api/v1/openapi.json",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(big.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty("openapi");
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).length / 4); // prettier-ignore
    const gzip = await a.inject({ method: "GET", url: "/api/v1/openapi.json", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await a.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toHaveProperty("openapi");
    const small = await a.inject({ method: "GET", url: "/runtime-config.json", headers: { "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});

describe("CSRF", () => {
  it("refuses a POST without X-Requested-With with 403 FORBIDDEN", async () => {
    const a = await start();
    const res = await a.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: "a@b.co", password: "x" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("FORBIDDEN");
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      expect((await a.inject({ method, url: "/api/v1/facilities/tull", payload: {} })).statusCode).toBe(403);
    }
    const empty = await a.inject({ method: "POST", url: "/api/v1/auth/logout", headers: { "x-requested-with": "" } });
    expect(empty.statusCode).toBe(403);
  });
});

describe("errors", () => {
  it("invalid body → 400 VALIDATION naming each bad field", async () => {
    const a = await start();
    const res = await a.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-requested-with": "t" },
      payload: { email: "not-an-email" },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe("VALIDATION");
    expect(Object.keys(body.error.fields).sort()).toEqual(["email", "password"]);
  });

  it("malformed JSON → 400, too large body → 413, unknown /api route → JSON 404", async () => {
    const a = await start();
    const bad = await a.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-requested-with": "t", "content-type": "application/json" },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION");
    const big = await a.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-requested-with": "t", "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "The request body is larger than 1024 KB.",
    });
    const nope = await a.inject({ method: "GET", url: "/api/v1/nope", headers: { accept: "text/html" } });
    expect(nope.statusCode).toBe(404);
    expect(nope.json()).toEqual({ error: { code: "NOT_FOUND", message: "No such endpoint: GET /api/v1/nope" } });
  });

  it("a JSON route sent a form, multipart or text body → 415 asking for JSON (not a file-type message)", async () => {
    const a = await start();
    for (const type of [
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "text/plain",
      "application/xml",
    ]) {
      const res = await a.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { "x-requested-with": "t", "content-type": type },
        payload: "--x\r\n",
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json(), type).toEqual({
        error: {
          code: "UNSUPPORTED_MEDIA_TYPE",
          message: "Send this request as JSON (Content-Type: application/json).",
        },
      });
    }
    const withCharset = await a.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-requested-with": "t", "content-type": "Application/JSON; charset=utf-8" },
      payload: JSON.stringify({ email: "not-an-email" }),
    });
    expect(withCharset.statusCode).toBe(400);
  });

  it("an unexpected error becomes a generic 500 without stack or message", () => {
    const { appError, unexpected } = toResponseError(new Error("select * from users where password = 'x'"));
    expect(unexpected).toBe(true);
    expect(appError.code).toBe("INTERNAL");
    expect(JSON.stringify(appError.toBody())).not.toMatch(/select|users|stack/);
  });
});

describe("login flood guard", () => {
  it("answers 429 RATE_LIMITED with Retry-After after 60 sign-ins a minute from one IP", async () => {
    const a = await start();
    // Well-formed sign-ins: the guard runs once the body is read, so an ill-formed one (400) never
    // reaches it, nor a password check. This app has no real database, so each answers 503 behind it.
    const post = (i: number) =>
      a.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { "x-requested-with": "t" },
        payload: { email: `flood-${i}-${randomUUID()}@example.test`, password: "wrong password" },
        remoteAddress: "10.9.9.9",
      });
    for (let i = 0; i < 60; i++) expect((await post(i)).statusCode).toBe(503);
    const limited = await post(60);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe("security headers", () => {
  it("sends the CSP and the other helmet headers", async () => {
    const a = await start();
    const res = await a.inject({ method: "GET", url: "/healthz" });
    const csp = String(res.headers["content-security-policy"]);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "frame-src 'self' blob:",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("web app", () => {
  it("serves index.html for client routes, assets with a long cache, JSON 404 for /api", async () => {
    const a = await start({ webDist: webDist() });
    const page = await a.inject({
      method: "GET",
      url: "/residents/",
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toContain("<title>Care Portal</title>");
    expect((await a.inject({ method: "GET", url: "/", headers: { accept: "text/html" } })).body).toContain(
      "Care Portal",
    );

    const asset = await a.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");

    expect((await a.inject({ method: "GET", url: "/assets/missing.js", headers: { accept: "*/*" } })).statusCode).toBe(
      404,
    );
    const api = await a.inject({ method: "GET", url: "/api/v1/nope", headers: { accept: "text/html" } });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe("NOT_FOUND");
  });

  it("sends the build's brotli or gzip copy with Content-Encoding and Vary, the plain file otherwise", async () => {
    const dir = webDist();
    const script = "console.log('compressed app');".repeat(100);
    writeFileSync(join(dir, "assets", "big-def456.js"), script);
    writeFileSync(join(dir, "assets", "big-def456.js.br"), brotliCompressSync(script));
    writeFileSync(join(dir, "assets", "big-def456.js.gz"), gzipSync(script));
    const html = readFileSync(join(dir, "index.html"));
    writeFileSync(join(dir, "index.html.br"), brotliCompressSync(html));
    const a = await start({ webDist: dir });
    const get = (url: string, encoding?: string, accept = "*/*") =>
      a.inject({ method: "GET", url, headers: { accept, ...(encoding ? { "accept-encoding": encoding } : {}) } });

    const br = await get("/assets/big-def456.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get("/assets/big-def456.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get("/assets/big-def456.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body).toBe(script);

    // A file without compressed copies (the build leaves out those under 1 kB) is compressed as it is sent.
    const small = await get("/assets/index-abc123.js", "br");
    expect(brotliDecompressSync(small.rawPayload).toString()).toBe("console.log('app')");

    // The page of a client route is made per request (it carries the boot block), compressed as it is sent.
    const page = await get("/residents", "gzip", "text/html");
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["cache-control"]).toBe("no-cache");
    const pageText = page.headers["content-encoding"] === "gzip" ? gunzipSync(page.rawPayload).toString() : page.body;
    expect(pageText).toContain("<title>Care Portal</title>");
  });

  it("hands a signed-out visit the runtime config and no user in the page's boot block", async () => {
    const dir = webDist();
    writeFileSync(join(dir, "index.html"), "<!doctype html><head><title>Care Portal</title></head><div id=root></div>");
    const a = await start({ webDist: dir });
    const page = await a.inject({ method: "GET", url: "/reminders", headers: { accept: "text/html" } });
    const block = /<script id="care-boot" type="application\/json">(.*?)<\/script><\/head>/.exec(page.body);
    expect(JSON.parse(block?.[1] ?? "null")).toEqual({ config: { backend: "http" }, me: { user: null } });
    expect(page.headers["cache-control"]).toBe("no-cache");
  });

  it("says the web app is not built when there is no index.html", async () => {
    const a = await start();
    const res = await a.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("npm run build");
  });

  it("/runtime-config.json names the http backend and is not cached", async () => {
    const a = await start();
    const res = await a.inject({ method: "GET", url: "/runtime-config.json" });
    expect(res.json()).toEqual({ backend: "http" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
