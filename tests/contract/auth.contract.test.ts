// AuthPort contract: the same cases against every harness (see contract-runner.ts).
import { beforeAll, expect, it, vi } from "vitest";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { TPorts } from "./harness.ts";
import { eventually, expectAppError, runContract, unique } from "./contract-runner.ts";

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
        mustChangePassword: false,
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
      expect(user.mustChangePassword ?? false).toBe(false);
      expect(Date.parse((await admin.data.get("users", user.id)).lastSignInAt ?? "")).toBeGreaterThan(
        Date.now() - 60_000,
      );
    },
  );

  ctx.itUsing(["data"])(
    "creates a user with a one-time password: until they choose their own, data calls are FORBIDDEN",
    async () => {
      const email = `${unique("otp")}@contract.test`;
      const created = await admin.auth.createUser({ email, role: "house-manager", facilityIds: ["tull"] });
      expect(created.user).toMatchObject({ email, mustChangePassword: true, lastSignInAt: null, version: 1 });
      expect(created.oneTimePassword.length).toBeGreaterThanOrEqual(12);
      const again = await admin.auth.createUser({ email: `${unique("otp")}@contract.test`, role: "house-manager" });
      expect(again.oneTimePassword).not.toBe(created.oneTimePassword);
      const ports = ctx.client();
      const user = await ports.auth.signIn({ email, password: created.oneTimePassword });
      expect(user.mustChangePassword).toBe(true);
      const refused = await expectAppError(ports.data.list("residents"), "FORBIDDEN");
      expect(refused.reason).toBe("PASSWORD_CHANGE_REQUIRED");
      await expectAppError(ports.data.get("facilities", "tull"), "FORBIDDEN");
      const newPassword = `mine-${unique("password")}`;
      await ports.auth.changePassword({ currentPassword: created.oneTimePassword, newPassword });
      await vi.waitFor(() => expect(ports.auth.current()?.mustChangePassword ?? false).toBe(false));
      expect((await ports.data.get("facilities", "tull")).id).toBe("tull");
      expect(await admin.data.get("users", user.id)).toMatchObject({ mustChangePassword: false });
    },
  );

  it("answers when a one-time password stops working: 72 hours on, for a new user and a reset", async () => {
    const created = await admin.auth.createUser({ email: `${unique("expiry")}@contract.test`, role: "house-manager" });
    const hoursLeft = (iso: string) => (Date.parse(iso) - Date.now()) / 3600_000;
    expect(hoursLeft(created.expiresAt)).toBeGreaterThan(71.9);
    expect(hoursLeft(created.expiresAt)).toBeLessThanOrEqual(72);
    const reset = await admin.auth.resetPassword(created.user.id);
    expect(hoursLeft(reset.expiresAt)).toBeGreaterThan(71.9);
  });

  it("lets a one-time password sign in once: a second sign-in with it is refused", async () => {
    const email = `${unique("once")}@contract.test`;
    const created = await admin.auth.createUser({ email, role: "house-manager" });
    expect((await ctx.client().auth.signIn({ email, password: created.oneTimePassword })).mustChangePassword).toBe(
      true,
    );
    const again = ctx.client().auth;
    const refused = await expectAppError(again.signIn({ email, password: created.oneTimePassword }), "UNAUTHENTICATED");
    expect(refused.message).toMatch(/expired or was already used/);
    expect(again.current() ?? null).toBeNull();
  });

  ctx.itUsing(["data"])(
    "resets a password: the old one stops working, sessions end, the new one is one-time",
    async () => {
      const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: null });
      const ports = await ctx.signedIn(account);
      await ports.data.get("facilities", "tull");
      const reset = await admin.auth.resetPassword(account.record.id);
      expect(reset.user).toMatchObject({ id: account.record.id, mustChangePassword: true });
      await expectAppError(ports.data.get("facilities", "tull"), "UNAUTHENTICATED");
      const { auth } = ctx.client();
      await expectAppError(auth.signIn({ email: account.email, password: account.password }), "UNAUTHENTICATED");
      expect((await auth.signIn({ email: account.email, password: reset.oneTimePassword })).mustChangePassword).toBe(
        true,
      );
      await expectAppError(admin.auth.resetPassword(admin.auth.current()!.id), "FORBIDDEN");
      await expectAppError(admin.auth.resetPassword("no-such-user"), "NOT_FOUND");
      const staff = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: null }));
      await expectAppError(staff.auth.resetPassword(account.record.id), "FORBIDDEN");
    },
  );

  ctx.itUsing(["data"])(
    "deactivating a user ends their sessions at once; reactivating lets them sign in again",
    async () => {
      const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: null });
      const ports = await ctx.signedIn(account);
      await ports.data.get("facilities", "tull");
      const off = await admin.data.update("users", account.record.id, { active: false }, account.record.version);
      await expectAppError(ports.data.get("facilities", "tull"), "UNAUTHENTICATED");
      await expectAppError(ctx.client().auth.signIn(account), "UNAUTHENTICATED");
      await admin.data.update("users", account.record.id, { active: true }, off.version);
      await expectAppError(ports.data.get("facilities", "tull"), "UNAUTHENTICATED");
      // Firebase enables the sign-in account again by a function just after the commit (seconds).
      const back = await eventually(() => ctx.signedIn(account));
      expect(back.auth.current()).toMatchObject({ email: account.email });
    },
  );

  ctx.itUsing(["data"])(
    "refuses edits of the fields the auth backend sets, and an admin changing their own access",
    async () => {
      const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: null });
      const bad = await expectAppError(
        admin.data.update("users", account.record.id, { mustChangePassword: true }, account.record.version),
        "VALIDATION",
      );
      expect(Object.keys(bad.fields ?? {})).toEqual(["mustChangePassword"]);
      const self = await admin.data.get("users", admin.auth.current()!.id);
      for (const patch of [{ active: false }, { role: "house-manager" }, { facilityIds: ["tull"] }]) {
        const own = await expectAppError(admin.data.update("users", self.id, patch, self.version), "VALIDATION");
        expect(Object.keys(own.fields ?? {})).toEqual(Object.keys(patch));
      }
      expect((await admin.data.get("users", self.id)).facilityIds).toBeNull();
    },
  );

  ctx.itUsing(["data"])("gives a user all facilities or at least one, never none", async () => {
    const noneChosen = { facilityIds: "Choose at least one facility, or All facilities" };
    const email = `${unique("nowhere")}@contract.test`;
    const refused = await expectAppError(
      admin.auth.createUser({ email, role: "caregiver", facilityIds: [] }),
      "VALIDATION",
    );
    expect(refused.fields).toEqual(noneChosen);
    const account = await ctx.createUser(admin, { role: "caregiver", facilityIds: ["tull"] });
    const emptied = await expectAppError(
      admin.data.update("users", account.record.id, { facilityIds: [] }, account.record.version),
      "VALIDATION",
    );
    expect(emptied.fields).toEqual(noneChosen);
  });

  ctx.itUsing(["data"])("links a user to a staff record of a facility they may see", async () => {
    const staff = await admin.data.create("staff", {
      facilityId: "tull",
      firstName: "Linked",
      lastName: unique("Person"),
      position: "caregiver",
    });
    const created = await admin.auth.createUser({
      email: `${unique("linked")}@contract.test`,
      role: "house-manager",
      facilityIds: ["tull"],
      staffId: staff.id,
    });
    expect(created.user.staffId).toBe(staff.id);
    const outside = await expectAppError(
      admin.auth.createUser({
        email: `${unique("x")}@contract.test`,
        role: "house-manager",
        facilityIds: ["newman"],
        staffId: staff.id,
      }),
      "VALIDATION",
    );
    expect(Object.keys(outside.fields ?? {})).toEqual(["staffId"]);
    const missing = await expectAppError(
      admin.data.update("users", created.user.id, { staffId: "no-such-staff" }, created.user.version),
      "VALIDATION",
    );
    expect(Object.keys(missing.fields ?? {})).toEqual(["staffId"]);
  });

  ctx.itUsing(["data"])("signs out of every other session: they are UNAUTHENTICATED, this one stays", async () => {
    const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: null });
    const here = await ctx.signedIn(account);
    const elsewhere = await ctx.signedIn(account);
    await here.auth.signOutOtherSessions();
    await expectAppError(elsewhere.data.get("facilities", "tull"), "UNAUTHENTICATED");
    expect((await here.data.get("facilities", "tull")).id).toBe("tull");
    await expectAppError(ctx.client().auth.signOutOtherSessions(), "UNAUTHENTICATED");
  });

  ctx.itUsing(["data"])("refuses createUser to staff (FORBIDDEN) and to the signed-out (UNAUTHENTICATED)", async () => {
    const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: null });
    const staff = await ctx.signedIn(account);
    const input = { email: `${unique("x")}@contract.test`, role: "house-manager" as const, facilityIds: null };
    await expectAppError(staff.auth.createUser(input), "FORBIDDEN");
    await expectAppError(ctx.client().auth.createUser(input), "UNAUTHENTICATED");
  });

  ctx.itUsing(["data"])(
    "refuses a duplicate e-mail (any case) with CONFLICT and bad input with VALIDATION",
    async () => {
      const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: null });
      await expectAppError(
        admin.auth.createUser({ email: account.email.toUpperCase(), role: "house-manager", facilityIds: null }),
        "CONFLICT",
      );
      const bad = await expectAppError(
        admin.auth.createUser({ email: "no", role: "house-manager", facilityIds: null }),
        "VALIDATION",
      );
      expect(Object.keys(bad.fields ?? {})).toEqual(["email"]);
      const noSuchRole = await expectAppError(
        admin.auth.createUser({ email: `${unique("role")}@contract.test`, role: "boss", facilityIds: null }),
        "VALIDATION",
      );
      expect(noSuchRole.fields).toEqual({ role: "No such role" });
    },
  );
});
