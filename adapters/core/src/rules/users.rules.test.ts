import { describe, expect, it } from "vitest";
import { usersCollection, ZUserInvite } from "../collections/users.collection.ts";
import { portalSettingsCollection } from "../collections/portal-settings.collection.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { assertCanRead, canSeeRecord, canWriteCollection } from "./access.rules.ts";
import { testSessionUser } from "./access.test-support.ts";
import { validateUpdate } from "./records.rules.ts";
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
    // A record stored without them holds their defaults: an edit that parses them in changes nothing.
    expect(userUpdateError(admin(null), "u", { mustChangePassword: false, lastSignInAt: null }, {})).toBeNull();
    expect(userUpdateError(admin(null), "u", { mustChangePassword: true }, {})).not.toBeNull();
  });

  it("refuse anyone changing their own role, facilities or active flag", () => {
    const own = (after: Record<string, unknown>, was: Record<string, unknown> = before) =>
      userUpdateError(admin(null), "a", { ...was, ...after }, was)?.fields;
    expect(own({ active: false })).toEqual({ active: "You cannot deactivate your own account" });
    expect(own({ role: "house-manager" })).toEqual({ role: "You cannot change your own role" });
    expect(own({ facilityIds: ["tull"] })).toEqual({ facilityIds: "You cannot change your own facilities" });
    const limited = { ...before, facilityIds: ["tull"] };
    expect(own({ facilityIds: null }, limited)).toEqual({ facilityIds: "You cannot change your own facilities" });
    expect(own({ facilityIds: ["tull", "newman"] }, limited)).toEqual({
      facilityIds: "You cannot change your own facilities",
    });
    // Their name, e-mail and staff record are theirs to change; unchanged access is no change.
    expect(own({ displayName: "Ada", facilityIds: ["tull"] }, limited)).toBeUndefined();
    expect(userUpdateError(admin(null), "u", { ...limited, facilityIds: null }, limited)).toBeNull();
  });

  it("link a staff record only of a facility the user may see", () => {
    expect(staffLinkError({ staffId: "s", facilityIds: ["tull"] }, { facilityId: "newman" })?.fields).toEqual({
      staffId: "Works at a facility this user may not see",
    });
    expect(staffLinkError({ staffId: "s", facilityIds: ["tull"] }, { facilityId: "tull" })).toBeNull();
    expect(staffLinkError({ staffId: "s", facilityIds: null }, { facilityId: "newman" })).toBeNull();
  });
});

describe("a user's facilities", () => {
  const invite = { email: "new@example.test", role: "caregiver" };
  const noneChosen = { facilityIds: "Choose at least one facility, or All facilities" };

  it("are all facilities (null) or at least one, when the user is added", () => {
    expect(ZUserInvite.parse({ ...invite, facilityIds: null }).facilityIds).toBeNull();
    expect(ZUserInvite.parse({ ...invite, facilityIds: ["tull"] }).facilityIds).toEqual(["tull"]);
    const refused = ZUserInvite.safeParse({ ...invite, facilityIds: [] });
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["facilityIds", noneChosen.facilityIds],
    ]);
  });

  it("are all facilities or at least one, when the user is edited", () => {
    const current = { ...invite, facilityIds: ["tull"], active: true, mustChangePassword: false, lastSignInAt: null };
    expect(() => validateUpdate(usersCollection, current, { facilityIds: [] })).toThrow(
      expect.objectContaining({ code: "VALIDATION", fields: noneChosen }),
    );
    expect(validateUpdate(usersCollection, current, { facilityIds: null }).facilityIds).toBeNull();
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
