import { describe, expect, it } from "vitest";
import { upgradedClearance, ZStaff } from "./staff.collection.ts";

const base = { facilityId: "tull", firstName: "Ana", lastName: "Reyes", position: "caregiver" } as const;

describe("Live Scan clearance", () => {
  it("takes the five statuses with a submission date and a decision date, the decision not before the submission", () => {
    for (const clearanceStatus of ["not_started", "submitted", "cleared", "exemption_granted", "denied"])
      expect(ZStaff.safeParse({ ...base, clearanceStatus }).success).toBe(true);
    expect(ZStaff.safeParse({ ...base, clearanceStatus: "pending" }).success).toBe(false);
    const dated = {
      ...base,
      clearanceStatus: "cleared",
      clearanceSubmittedDate: "2026-10-01",
      clearanceDate: "2026-10-20",
    };
    expect(ZStaff.parse(dated)).toMatchObject({ clearanceSubmittedDate: "2026-10-01", clearanceDate: "2026-10-20" });
    const early = ZStaff.safeParse({ ...dated, clearanceDate: "2026-09-30" });
    expect(early.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["clearanceDate", "The decision cannot be before the submission"],
    ]);
  });

  it("upgrades what was stored before: pending → submitted (its date the submission's), not_cleared → denied", () => {
    expect(upgradedClearance({ clearanceStatus: "pending", clearanceDate: "2026-10-01" })).toEqual({
      clearanceStatus: "submitted",
      clearanceSubmittedDate: "2026-10-01",
      clearanceDate: null,
    });
    expect(upgradedClearance({ clearanceStatus: "pending" })).toEqual({ clearanceStatus: "submitted" });
    expect(upgradedClearance({ clearanceStatus: "not_cleared", clearanceDate: "2026-10-02" })).toEqual({
      clearanceStatus: "denied",
    });
    for (const clearanceStatus of ["not_started", "submitted", "cleared", "exemption_granted", "denied", undefined])
      expect(upgradedClearance({ clearanceStatus, clearanceDate: "2026-10-03" })).toBeNull();
  });
});
