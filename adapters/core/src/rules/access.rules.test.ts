import { describe, expect, it } from "vitest";
import { isAppError } from "../app-error.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { assertCanGrantFacilities, canGrantFacilities } from "./access.rules.ts";

const admin = (facilityIds: string[] | null): TSessionUser => ({
  id: "a1",
  email: "admin@example.test",
  displayName: null,
  role: "admin",
  facilityIds,
});

describe("canGrantFacilities", () => {
  it("lets an unrestricted administrator give and change any access", () => {
    const all = admin(null);
    expect(canGrantFacilities(all, undefined, null)).toBe(true);
    expect(canGrantFacilities(all, undefined, ["tull", "newman"])).toBe(true);
    expect(canGrantFacilities(all, null, ["tull"])).toBe(true);
    expect(canGrantFacilities(all, ["tull"], null)).toBe(true);
  });

  it("lets a limited administrator give only facilities they see", () => {
    const tull = admin(["tull", "lee"]);
    expect(canGrantFacilities(tull, undefined, ["tull"])).toBe(true);
    expect(canGrantFacilities(tull, undefined, ["tull", "lee"])).toBe(true);
    expect(canGrantFacilities(tull, undefined, [])).toBe(true);
    expect(canGrantFacilities(tull, ["lee"], ["tull"])).toBe(true);
    expect(canGrantFacilities(tull, undefined, ["newman"])).toBe(false);
    expect(canGrantFacilities(tull, undefined, ["tull", "newman"])).toBe(false);
    expect(canGrantFacilities(tull, ["tull"], ["tull", "newman"])).toBe(false);
  });

  it("refuses all facilities (null) to a limited administrator", () => {
    const tull = admin(["tull"]);
    expect(canGrantFacilities(tull, undefined, null)).toBe(false);
    expect(canGrantFacilities(tull, ["tull"], null)).toBe(false);
  });

  it("refuses a limited administrator any change to a user whose access exceeds theirs", () => {
    const tull = admin(["tull"]);
    expect(canGrantFacilities(tull, null, ["tull"])).toBe(false);
    expect(canGrantFacilities(tull, ["tull", "newman"], ["tull"])).toBe(false);
    expect(canGrantFacilities(tull, ["newman"], ["newman"])).toBe(false);
  });

  it("treats an administrator limited to no facility as granting nothing but none", () => {
    const none = admin([]);
    expect(canGrantFacilities(none, undefined, [])).toBe(true);
    expect(canGrantFacilities(none, undefined, ["tull"])).toBe(false);
  });
});

describe("assertCanGrantFacilities", () => {
  it("throws FORBIDDEN when the grant is refused and nothing when allowed", () => {
    expect(() => assertCanGrantFacilities(admin(["tull"]), undefined, ["tull"])).not.toThrow();
    let error: unknown;
    try {
      assertCanGrantFacilities(admin(["tull"]), ["tull"], null);
    } catch (caught) {
      error = caught;
    }
    expect(isAppError(error) && error.code).toBe("FORBIDDEN");
  });
});
