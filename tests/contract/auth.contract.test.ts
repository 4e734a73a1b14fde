// AuthPort contract: the same cases against every harness (see contract-runner.ts).
import { beforeAll, expect, it, vi } from "vitest";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { TPorts } from "./harness.ts";
import { expectAppError, runContract, unique } from "./contract-runner.ts";

await runContract("auth", (ctx) => {
  let admin: TPorts;
  beforeAll(async () => {
    admin = await ctx.signedIn();
  });

  it("is undefined or null before sign-in and the user after", async () => {
    const { auth } = ctx.client();
    expect([undefined, null]).toContain(auth.current());
    const user = await auth.signIn(ctx.harness.admin);
    expect(user).toMatchObject({ email: ctx.harness.admin.email, role: "administrator", facilityIds: null });
    expect(typeof user.id).toBe("string");
    expect(auth.current()).toMatchObject({ id: user.id, email: ctx.harness.admin.email });
  });

  it("notifies sign-in and sign-out to onChange listeners until they unsubscribe", async () => {
    const { auth } = ctx.client();
    const states: (TSessionUser | null)[] = [];
    const unsubscribe = auth.onChange((state) => states.push(state));
    await auth.signIn(ctx.harness.admin);
    await vi.waitFor(() => expect(states.at(-1)?.email).toBe(ctx.harness.admin.email));
    await auth.signOut();
    await vi.waitFor(() => expect(states.at(-1)).toBeNull());
    const seen = states.length;
    unsubscribe();
    await auth.signIn(ctx.harness.admin);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(states.length).toBe(seen);
    await auth.signOut();
  });

  it("calls a new listener with the known state", async () => {
    const { auth } = await ctx.signedIn();
    const states: (TSessionUser | null)[] = [];
    const unsubscribe = auth.onChange((state) => states.push(state));
    await vi.waitFor(() => expect(states.at(-1)?.email).toBe(ctx.harness.admin.email));
    unsubscribe();
  });

  it("refuses a wrong password and an unknown e-mail alike", async () => {
    const { auth } = ctx.client();
    const wrong = await expectAppError(
      auth.signIn({ email: ctx.harness.admin.email, password: "not-the-password" }),
      "UNAUTHENTICATED",
    );
    const unknown = await expectAppError(
      auth.signIn({ email: `${unique("nobody")}@contract.test`, password: "whatever-password" }),
      "UNAUTHENTICATED",
    );
    expect(unknown.message).toBe(wrong.message);
    expect(auth.current() ?? null).toBeNull();
  });

  it("refuses an invalid sign-in request with VALIDATION naming the field", async () => {
    const { auth } = ctx.client();
    const error = await expectAppError(auth.signIn({ email: "not-an-email", password: "x" }), "VALIDATION");
    expect(Object.keys(error.fields ?? {})).toContain("email");
  });

  ctx.itUsing(["data"])("signs out: the state becomes null and data calls are UNAUTHENTICATED", async () => {
    const ports = await ctx.signedIn();
    await ports.data.list("facilities");
    await ports.auth.signOut();
    expect(ports.auth.current()).toBeNull();
    await expectAppError(ports.data.list("facilities"), "UNAUTHENTICATED");
    await expectAppError(ports.data.get("facilities", "tull"), "UNAUTHENTICATED");
  });

  ctx.itUsing(["data"])("keeps other clients signed in when one signs out", async () => {
    const first = await ctx.signedIn();
    const second = await ctx.signedIn();
    await first.auth.signOut();
    expect((await second.data.get("facilities", "tull")).id).toBe("tull");
  });

  ctx.itUsing(["data"])(
    "changes the password: wrong current one is VALIDATION, then only the new one works",
    async () => {
      const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: null });
      const ports = await ctx.signedIn(account);
      const newPassword = `new-${unique("password")}`;
      const wrong = await expectAppError(
        ports.auth.changePassword({ currentPassword: "not-my-password", newPassword }),
        "VALIDATION",
      );
      expect(Object.keys(wrong.fields ?? {})).toContain("currentPassword");
      const short = await expectAppError(
        ports.auth.changePassword({ currentPassword: account.password, newPassword: "short" }),
        "VALIDATION",
      );
      expect(Object.keys(short.fields ?? {})).toContain("newPassword");
      await ports.auth.changePassword({ currentPassword: account.password, newPassword });
      expect(ports.auth.current()).toMatchObject({ email: account.email });
      await ports.auth.signOut();
      const { auth } = ctx.client();
      await expectAppError(auth.signIn({ email: account.email, password: account.password }), "UNAUTHENTICATED");
      expect((await auth.signIn({ email: account.email, password: newPassword })).email).toBe(account.email);
    },
  );

  ctx.itUsing(["data"])(
    "lets an admin create a user who can then sign in with the given role and facilities",
    async () => {
      const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] });
      expect(account.record).toMatchObject({
        email: account.email,
        role: "house-manager",
        facilityIds: ["tull"],
        active: true,
        version: 1,
      });
      expect(account.record).not.toHaveProperty("password");
      const { auth } = ctx.client();
      const user = await auth.signIn({ email: account.email.toUpperCase(), password: account.password });
      expect(user).toMatchObject({
        id: account.record.id,
        email: account.email,
        role: "house-manager",
        facilityIds: ["tull"],
      });
    },
  );

  ctx.itUsing(["data"])("refuses createUser to staff (FORBIDDEN) and to the signed-out (UNAUTHENTICATED)", async () => {
    const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: null });
    const staff = await ctx.signedIn(account);
    const input = {
      email: `${unique("x")}@contract.test`,
      password: "long-enough-password",
      role: "house-manager" as const,
      facilityIds: null,
    };
    await expectAppError(staff.auth.createUser(input), "FORBIDDEN");
    await expectAppError(ctx.client().auth.createUser(input), "UNAUTHENTICATED");
  });

  ctx.itUsing(["data"])(
    "refuses a duplicate e-mail (any case) with CONFLICT and bad input with VALIDATION",
    async () => {
      const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: null });
      await expectAppError(
        admin.auth.createUser({
          email: account.email.toUpperCase(),
          password: "another-password",
          role: "house-manager",
          facilityIds: null,
        }),
        "CONFLICT",
      );
      const bad = await expectAppError(
        admin.auth.createUser({ email: "no", password: "short", role: "house-manager", facilityIds: null }),
        "VALIDATION",
      );
      expect(Object.keys(bad.fields ?? {})).toEqual(expect.arrayContaining(["email", "password"]));
    },
  );
});
