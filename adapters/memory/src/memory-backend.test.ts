import { describe, expect, it } from "vitest";
import { SEED_FACILITIES } from "@care/core/collections/facilities.collection";
import { createMemoryBackend } from "./memory-backend.ts";

describe("memory backend", () => {
  it("seeds the six facilities in order and the admin account", () => {
    const backend = createMemoryBackend({ admin: { email: "Admin@Example.test", password: "admin-password-1" } });
    const facilities = [...backend.table("facilities").values()].sort(
      (a, b) => (a.sortOrder as number) - (b.sortOrder as number),
    );
    expect(facilities.map((f) => ({ id: f.id, name: f.name }))).toEqual(SEED_FACILITIES);
    expect(facilities.every((f) => f.version === 1 && f.active === true)).toBe(true);
    const user = backend.findUserByEmail("admin@example.test");
    expect(user).toMatchObject({ email: "admin@example.test", role: "admin", facilityIds: null, active: true });
    expect(backend.sessionUser(user!.id)).toMatchObject({ role: "admin", facilityIds: null });
  });

  it("starts empty when asked, and validates accounts added directly", () => {
    const backend = createMemoryBackend({ seedFacilities: false });
    expect(backend.table("facilities").size).toBe(0);
    expect(backend.table("users").size).toBe(0);
    expect(() => backend.addUser({ email: "x", password: "short", role: "staff" })).toThrow(
      expect.objectContaining({ code: "VALIDATION" }),
    );
  });

  it("issues increasing ids", () => {
    const backend = createMemoryBackend();
    const ids = [backend.newId(), backend.newId(), backend.newId()];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
  });
});
