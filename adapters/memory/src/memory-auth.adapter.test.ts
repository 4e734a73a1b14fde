import { describe, expect, it, vi } from "vitest";
import { createMemoryBackend } from "./memory-backend.ts";
import { memoryClient } from "./memory-client.ts";

const admin = { email: "admin@example.test", password: "admin-password-1" };

describe("memory auth adapter", () => {
  it("knows the state at once: null, and calls a new listener with it synchronously", () => {
    const { auth } = memoryClient(createMemoryBackend({ admin }));
    expect(auth.current()).toBeNull();
    const listener = vi.fn();
    auth.onChange(listener);
    expect(listener).toHaveBeenCalledWith(null);
  });

  it("audits sign-in, failed sign-in and sign-out", async () => {
    const backend = createMemoryBackend({ admin });
    const { auth } = memoryClient(backend);
    await auth.signIn({ email: "ADMIN@example.test", password: admin.password }).then(() => auth.signOut());
    await auth.signIn({ email: admin.email, password: "wrong-password" }).catch(() => undefined);
    const rows = [...backend.table("auditLog").values()];
    expect(rows.map((r) => r.action)).toEqual(["login", "logout", "login_failed"]);
    expect(rows[2]).toMatchObject({ actorId: null, actorEmail: admin.email });
  });

  it("ends the access of a deactivated account and refuses its sign-in", async () => {
    const backend = createMemoryBackend({ admin });
    const staff = backend.addUser({ email: "staff@example.test", password: "staff-password-1", role: "house-manager" });
    const s = memoryClient(backend);
    await s.auth.signIn({ email: "staff@example.test", password: "staff-password-1" });
    const a = memoryClient(backend);
    await a.auth.signIn(admin);
    await a.data.update("users", staff.id, { active: false }, 1);
    await expect(s.data.list("facilities")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(
      memoryClient(backend).auth.signIn({ email: "staff@example.test", password: "staff-password-1" }),
    ).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
      message: "Wrong e-mail or password.",
    });
  });

  it("applies a changed facility list to a signed-in user's next call", async () => {
    const backend = createMemoryBackend({ admin });
    const staff = backend.addUser({
      email: "staff@example.test",
      password: "staff-password-1",
      role: "house-manager",
      facilityIds: ["tull"],
    });
    const s = memoryClient(backend);
    await s.auth.signIn({ email: "staff@example.test", password: "staff-password-1" });
    expect(await s.data.count("facilities")).toBe(1);
    const a = memoryClient(backend);
    await a.auth.signIn(admin);
    await a.data.update("users", staff.id, { facilityIds: ["tull", "newman"] }, 1);
    expect(await s.data.count("facilities")).toBe(2);
    expect(s.auth.current()?.facilityIds).toEqual(["tull", "newman"]);
  });

  it("refuses to give an account another account's e-mail", async () => {
    const backend = createMemoryBackend({ admin });
    const staff = backend.addUser({ email: "staff@example.test", password: "staff-password-1", role: "house-manager" });
    const a = memoryClient(backend);
    await a.auth.signIn(admin);
    await expect(a.data.update("users", staff.id, { email: "Admin@example.test" }, 1)).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });
});
