import { describe, expect, it, vi } from "vitest";
import { AppError } from "@care/core/app-error";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { testSessionUser } from "@care/core/rules/access.test-support";
import { createHttpPorts } from "./http-ports.ts";
import { fakeFetch, json, noContent } from "./fake-fetch.test-support.ts";

const alice: TSessionUser = testSessionUser("administrator", null, {
  id: "u1",
  email: "alice@example.org",
  displayName: "Alice",
});
const unauthorized = () => json(401, { error: { code: "UNAUTHENTICATED", message: "Please sign in again." } });

/** Resolves after pending promise callbacks (the adapter's fetch chain) have run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("HttpAuthAdapter", () => {
  it("is unknown until /auth/me answers, then tells every listener", async () => {
    const { fetch, requests } = fakeFetch(json(200, { user: alice }));
    const { auth } = createHttpPorts({ fetch });
    const seen: (TSessionUser | null)[] = [];
    auth.onChange((s) => seen.push(s));
    expect(auth.current()).toBeUndefined();
    await settle();
    expect(auth.current()).toEqual(alice);
    expect(seen).toEqual([alice]);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/v1/auth/me"]);
    const late: (TSessionUser | null)[] = [];
    auth.onChange((s) => late.push(s));
    expect(late).toEqual([alice]);
  });

  it("knows who is signed in from the page's /auth/me answer without asking; asks when that answer is not one", async () => {
    for (const [me, expected] of [
      [{ user: alice }, alice],
      [{ user: null }, null],
    ] as const) {
      const { fetch, requests } = fakeFetch();
      const { auth } = createHttpPorts({ fetch, me });
      const listener = vi.fn();
      auth.onChange(listener);
      expect(auth.current()).toEqual(expected);
      await settle();
      expect(listener).toHaveBeenCalledExactlyOnceWith(expected);
      expect(requests).toEqual([]);
    }
    const { fetch, requests } = fakeFetch(json(200, { user: alice }));
    const { auth } = createHttpPorts({ fetch, me: { user: { email: 3 } } });
    expect(auth.current()).toBeUndefined();
    await settle();
    expect(auth.current()).toEqual(alice);
    expect(requests.map((r) => r.url)).toEqual(["/api/v1/auth/me"]);
  });

  it("is signed out when /auth/me answers no user, 401 or the server cannot be reached", async () => {
    for (const answer of [json(200, { user: null }), unauthorized(), new TypeError("fetch failed")]) {
      const { auth } = createHttpPorts({ fetch: fakeFetch(answer).fetch });
      const listener = vi.fn();
      auth.onChange(listener);
      await settle();
      expect(auth.current()).toBeNull();
      expect(listener).toHaveBeenCalledExactlyOnceWith(null);
    }
  });

  it("signs in with POST /auth/login and keeps the user even if an older /auth/me answers 401 later", async () => {
    let answerMe: (r: Response) => void = () => undefined;
    const { fetch, requests } = fakeFetch(
      () => new Promise<Response>((resolve) => (answerMe = resolve)),
      json(200, { user: alice }),
    );
    const { auth } = createHttpPorts({ fetch, baseUrl: "http://server/api/v1" });
    const listener = vi.fn();
    auth.onChange(listener);
    await expect(auth.signIn({ email: "alice@example.org", password: "correct horse" })).resolves.toEqual(alice);
    answerMe(unauthorized());
    await settle();
    expect(auth.current()).toEqual(alice);
    expect(listener.mock.calls).toEqual([[alice]]);
    const login = requests[1];
    expect([login?.method, login?.url, login?.headers["x-requested-with"]]).toEqual([
      "POST",
      "http://server/api/v1/auth/login",
      "care-portal",
    ]);
    expect(JSON.parse(String(login?.body))).toEqual({ email: "alice@example.org", password: "correct horse" });
  });

  it("rejects wrong credentials with the server's message without touching the state", async () => {
    const { fetch } = fakeFetch(
      json(200, { user: alice }),
      json(401, { error: { code: "UNAUTHENTICATED", message: "Wrong e-mail or password." } }),
    );
    const { auth } = createHttpPorts({ fetch });
    auth.onChange(() => undefined);
    await settle();
    const error = await auth.signIn({ email: "alice@example.org", password: "nope" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe("Wrong e-mail or password.");
    expect(auth.current()).toEqual(alice);
  });

  it("flips to signed out when any call answers 401 (expired session)", async () => {
    const { fetch } = fakeFetch(json(200, { user: alice }), unauthorized());
    const { auth, data } = createHttpPorts({ fetch });
    const listener = vi.fn();
    auth.onChange(listener);
    await settle();
    await expect(data.list("facilities")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(auth.current()).toBeNull();
    expect(listener.mock.calls).toEqual([[alice], [null]]);
  });

  it("signs out with POST /auth/logout, also when the session had already ended, but not when the server is down", async () => {
    const { fetch, requests } = fakeFetch(json(200, { user: alice }), noContent());
    const { auth } = createHttpPorts({ fetch });
    auth.onChange(() => undefined);
    await settle();
    await auth.signOut();
    expect(auth.current()).toBeNull();
    expect(requests[1]?.url).toBe("/api/v1/auth/logout");
    expect(requests[1]?.headers["x-requested-with"]).toBe("care-portal");

    const expired = createHttpPorts({ fetch: fakeFetch(json(200, { user: alice }), unauthorized()).fetch }).auth;
    expired.onChange(() => undefined);
    await settle();
    await expired.signOut();
    expect(expired.current()).toBeNull();

    const down = createHttpPorts({
      fetch: fakeFetch(json(200, { user: alice }), new TypeError("fetch failed")).fetch,
    }).auth;
    down.onChange(() => undefined);
    await settle();
    await expect(down.signOut()).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(down.current()).toEqual(alice);
  });

  it("changes the password and creates users through their routes", async () => {
    const record = {
      id: "u2",
      email: "bob@example.org",
      role: "house-manager",
      facilityIds: ["tull"],
      active: true,
      version: 1,
    };
    const issued = { user: record, oneTimePassword: "abcd-efgh-jkmn-pqrs" };
    const { fetch, requests } = fakeFetch(noContent(), json(201, issued), json(200, issued), noContent());
    const { auth } = createHttpPorts({ fetch });
    await auth.changePassword({ currentPassword: "old password 1", newPassword: "new password 2" });
    await expect(
      auth.createUser({ email: "bob@example.org", role: "house-manager", facilityIds: ["tull"] }),
    ).resolves.toEqual(issued);
    await expect(auth.resetPassword("u/2")).resolves.toEqual(issued);
    await auth.signOutOtherSessions();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /api/v1/auth/password",
      "POST /api/v1/auth/users",
      "POST /api/v1/auth/users/u%2F2/password-reset",
      "POST /api/v1/auth/sessions/end-others",
    ]);
    expect(JSON.parse(String(requests[0]?.body))).toEqual({
      currentPassword: "old password 1",
      newPassword: "new password 2",
    });
  });
});
