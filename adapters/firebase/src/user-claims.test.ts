import { describe, expect, it } from "vitest";
import { claimsDiffer, MAX_CLAIMS_BYTES, userClaims } from "./user-claims.ts";

const uuid = (i: number) => `6f1c2a4e-8b3d-4c5e-9f7a-${String(i).padStart(12, "0")}`;

describe("a user's token claims", () => {
  it("carry the role and the homes of a well-formed record", () => {
    expect(userClaims({ role: "house-manager", facilityIds: ["tull"] })).toEqual({
      role: "house-manager",
      facilityIds: ["tull"],
      facilitiesInRecord: false,
    });
    expect(userClaims({ role: "administrator", facilityIds: null }).facilityIds).toBeNull();
  });

  it("fail closed: homes that are not a list of ids give no home, never every home", () => {
    for (const facilityIds of ["tull", 7, { 0: "tull" }, ["tull", 3], undefined, ["../etc"]])
      expect(userClaims({ role: "caregiver", facilityIds }).facilityIds, String(facilityIds)).toEqual([]);
  });

  it("leave out a list of homes too long for Firebase's 1,000-byte limit, and stay within it", () => {
    const facilityIds = Array.from({ length: 30 }, (_, i) => uuid(i));
    const claims = userClaims({ role: "house-manager", facilityIds });
    expect(claims).toEqual({ role: "house-manager", facilityIds: [], facilitiesInRecord: true });
    expect(JSON.stringify({ ...claims, mustChangePassword: true }).length).toBeLessThanOrEqual(MAX_CLAIMS_BYTES);
  });

  it("tell when a token's claims are out of date", () => {
    const wanted = userClaims({ role: "caregiver", facilityIds: ["tull"] });
    expect(claimsDiffer({ role: "caregiver", facilityIds: ["tull"], mustChangePassword: true }, wanted)).toBe(false);
    expect(claimsDiffer({ role: "caregiver", facilityIds: null }, wanted)).toBe(true);
    expect(claimsDiffer({ role: "house-manager", facilityIds: ["tull"] }, wanted)).toBe(true);
  });
});
