import { describe, expect, it } from "vitest";
import { AppError } from "@care/core/app-error";
import { HttpClient, NETWORK_MESSAGE, TIMEOUT_MESSAGE, UNEXPECTED_MESSAGE } from "./http-client.ts";
import { fakeFetch, json, noContent } from "./fake-fetch.test-support.ts";

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("HttpClient", () => {
  it("defaults to the same origin's /api/v1 and drops a trailing slash of a given base", () => {
    expect(new HttpClient().url("/auth/me")).toBe("/api/v1/auth/me");
    expect(new HttpClient({ baseUrl: "http://127.0.0.1:9/api/v1/" }).url("/x", { a: 1, b: undefined, c: "d e" })).toBe(
      "http://127.0.0.1:9/api/v1/x?a=1&c=d+e",
    );
  });

  it("sends cookies always and the CSRF header on mutations only", async () => {
    const { fetch, requests } = fakeFetch(json(200, {}), noContent(), noContent(), noContent());
    const http = new HttpClient({ fetch });
    await http.request("GET", "/a");
    await http.request("POST", "/b", { json: { x: 1 }, read: "none" });
    await http.request("PATCH", "/c", { json: {}, read: "none" });
    await http.request("DELETE", "/d", { read: "none" });
    expect(requests.map((r) => r.credentials)).toEqual(["include", "include", "include", "include"]);
    expect(requests[0]?.headers["x-requested-with"]).toBeUndefined();
    for (const r of requests.slice(1)) expect(r.headers["x-requested-with"]).toBe("care-portal");
    expect(requests[1]?.headers["content-type"]).toBe("application/json");
    expect(requests[1]?.body).toBe('{"x":1}');
    expect(requests[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("turns the server's error body into the same AppError", async () => {
    const { fetch } = fakeFetch(
      json(400, { error: { code: "VALIDATION", message: "Fix it", fields: { name: "Required" } } }),
    );
    const error = await failure(new HttpClient({ fetch }).request("POST", "/facilities", { json: {} }));
    expect(error.code).toBe("VALIDATION");
    expect(error.message).toBe("Fix it");
    expect(error.fields).toEqual({ name: "Required" });
  });

  it("keeps the newer record of a CONFLICT", async () => {
    const { fetch } = fakeFetch(
      json(409, { error: { code: "CONFLICT", message: "Stale", current: { id: "a", version: 3 } } }),
    );
    const error = await failure(new HttpClient({ fetch }).request("PATCH", "/facilities/a", { json: {} }));
    expect(error.code).toBe("CONFLICT");
    expect(error.current).toEqual({ id: "a", version: 3 });
  });

  it("reads Retry-After when a 429 body does not say how long to wait", async () => {
    const { fetch } = fakeFetch(new Response("Too many", { status: 429, headers: { "Retry-After": "42" } }));
    const error = await failure(new HttpClient({ fetch }).request("POST", "/auth/login", { json: {} }));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.retryAfterSeconds).toBe(42);
  });

  it("maps a proxy's non-JSON error page to UNAVAILABLE, or to what the status alone says", async () => {
    const { fetch } = fakeFetch(
      new Response("<html>Bad gateway</html>", { status: 502 }),
      new Response("<html>too big</html>", { status: 413 }),
    );
    const http = new HttpClient({ fetch });
    const bad = await failure(http.request("GET", "/facilities"));
    expect(bad.code).toBe("UNAVAILABLE");
    expect(bad.message).toMatch(/temporarily unavailable/);
    expect((await failure(http.request("POST", "/files"))).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("maps a network failure and a timeout to UNAVAILABLE with a friendly message", async () => {
    const { fetch } = fakeFetch(
      new TypeError("fetch failed"),
      new DOMException("The operation timed out.", "TimeoutError"),
    );
    const http = new HttpClient({ fetch });
    const network = await failure(http.request("GET", "/a"));
    expect([network.code, network.message]).toEqual(["UNAVAILABLE", NETWORK_MESSAGE]);
    const timeout = await failure(http.request("GET", "/a"));
    expect([timeout.code, timeout.message]).toEqual(["UNAVAILABLE", TIMEOUT_MESSAGE]);
  });

  it("aborts a request that outlives its timeout", async () => {
    const { fetch } = fakeFetch(
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal?.addEventListener("abort", () => reject(request.signal?.reason));
        }),
    );
    const error = await failure(new HttpClient({ fetch, timeoutMs: 20 }).request("GET", "/slow"));
    expect([error.code, error.message]).toEqual(["UNAVAILABLE", TIMEOUT_MESSAGE]);
  });

  it("refuses a successful answer that is not JSON (e.g. the web app's index.html)", async () => {
    const { fetch } = fakeFetch(
      new Response("<!doctype html>", { status: 200, headers: { "Content-Type": "text/html" } }),
    );
    const error = await failure(new HttpClient({ fetch }).request("GET", "/facilities"));
    expect([error.code, error.message]).toEqual(["UNAVAILABLE", UNEXPECTED_MESSAGE]);
  });

  it("reports a 401 as a lost session unless the call opts out or a new session began meanwhile", async () => {
    const unauthorized = json(401, { error: { code: "UNAUTHENTICATED", message: "Please sign in again." } });
    const { fetch } = fakeFetch(unauthorized);
    const http = new HttpClient({ fetch });
    let lost = 0;
    http.onSessionLost(() => (lost += 1));
    expect((await failure(http.request("GET", "/facilities"))).code).toBe("UNAUTHENTICATED");
    expect(lost).toBe(1);
    await failure(http.request("POST", "/auth/login", { json: {}, sessionCheck: false }));
    expect(lost).toBe(1);
    const late = http.request("GET", "/facilities");
    http.newSession();
    await failure(late);
    expect(lost).toBe(1);
  });
});
