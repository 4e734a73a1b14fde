import { describe, expect, it } from "vitest";
import { usersCollection } from "../collections/users.collection.ts";
import { portalSettingsCollection } from "../collections/portal-settings.collection.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { assertCanRead, canSeeRecord, canWriteCollection } from "./access.rules.ts";
import { testSessionUser } from "./access.test-support.ts";
import { generateOneTimePassword, staffLinkError, userUpdateError } from "./users.rules.ts";

const admin = (facilityIds: string[] | null): TSessionUser =>
  testSessionUser("administrator", facilityIds, { id: "a", email: "a@example.test" });

describe("one-time passwords", () => {
  it("are 4 groups of 4 unambiguous characters, different every time", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generateOneTimePassword();
      expect(password).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{4}(-[a-km-np-zA-HJ-NP-Z2-9]{4}){3}$/);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });
});

describe("user updates", () => {
  const before = { role: "administrator", active: true, mustChangePassword: false, lastSignInAt: null };
  it("keep the auth backend's fields", () => {
    expect(userUpdateError(admin(null), "u", { ...before, mustChangePassword: true }, before)?.fields).toEqual({
      mustChangePassword: "Set by the portal, not by an edit",
    });
    expect(
      userUpdateError(admin(null), "u", { ...before, lastSignInAt: "2026-01-01T00:00:00.000Z" }, before),
    ).not.toBeNull();
    expect(userUpdateError(admin(null), "u", { ...before, active: false, role: "house-manager" }, before)).toBeNull();
  });

  it("refuse an administrator deactivating or demoting themselves", () => {
    expect(Object.keys(userUpdateError(admin(null), "a", { ...before, active: false }, before)?.fields ?? {})).toEqual([
      "active",
    ]);
    expect(
      Object.keys(userUpdateError(admin(null), "a", { ...before, role: "house-manager" }, before)?.fields ?? {}),
    ).toEqual(["role"]);
  });

  it("link a staff record only of a facility the user may see", () => {
    expect(staffLinkError({ staffId: "s", facilityIds: ["tull"] }, { facilityId: "newman" })?.fields).toEqual({
      staffId: "Works at a facility this user may not see",
    });
    expect(staffLinkError({ staffId: "s", facilityIds: ["tull"] }, { facilityId: "tull" })).toBeNull();
    expect(staffLinkError({ staffId: "s", facilityIds: null }, { facilityId: "newman" })).toBeNull();
  });
});

describe("access to users and group-wide settings", () => {
  it("shows a limited administrator only users limited to facilities among theirs", () => {
    const tull = admin(["tull"]);
    expect(canSeeRecord(tull, usersCollection, { facilityIds: ["tull"] })).toBe(true);
    expect(canSeeRecord(tull, usersCollection, { facilityIds: [] })).toBe(true);
    expect(canSeeRecord(tull, usersCollection, { facilityIds: ["tull", "newman"] })).toBe(false);
    expect(canSeeRecord(tull, usersCollection, { facilityIds: null })).toBe(false);
    expect(canSeeRecord(admin(null), usersCollection, { facilityIds: null })).toBe(true);
  });

  it("lets only an unrestricted administrator write group-wide settings", () => {
    expect(canWriteCollection(admin(null), portalSettingsCollection)).toBe(true);
    expect(canWriteCollection(admin(["tull"]), portalSettingsCollection)).toBe(false);
    expect(canWriteCollection(testSessionUser("house-manager", null), portalSettingsCollection)).toBe(false);
  });

  it("refuses every read while a one-time password is in use, with its reason", () => {
    expect(() => assertCanRead({ ...admin(null), mustChangePassword: true }, portalSettingsCollection)).toThrow(
      expect.objectContaining({ code: "FORBIDDEN", reason: "PASSWORD_CHANGE_REQUIRED" }),
    );
  });
});
