import { describe, expect, it } from "vitest";
import { residentsCollection, ZResident, ZResidentEvent } from "@care/core/collections/residents.collection";
import { validateUpdate } from "@care/core/rules/records.rules";
import { actionsFor, statusChange } from "./resident-status.ts";

const resident = ZResident.parse({
  facilityId: "tull",
  firstName: "Ada",
  lastName: "Byrne",
  dateOfBirth: "1940-02-03",
  gender: "female",
  admissionDate: "2025-01-10",
  ambulatoryStatus: "ambulatory",
  codeStatus: "dnr",
});

describe("resident status changes", () => {
  it("offers only the changes that make sense for each status", () => {
    expect(actionsFor("active")).toEqual(["leave", "hospital", "discharge", "death"]);
    expect(actionsFor("hospital")).toContain("return");
    expect(actionsFor("discharged")).toEqual(["readmission"]);
    expect(actionsFor("deceased")).toEqual([]);
    // A role without the discharge and death actions is not offered them.
    expect(actionsFor("active", () => false)).toEqual(["leave", "hospital"]);
    expect(actionsFor("on_leave", (action) => action === "recordDeath")).toEqual(["return", "hospital", "death"]);
  });

  it("a discharge sets status, dates and reason, and the merged record and event are valid", () => {
    const { patch, event } = statusChange(resident, "r1", "discharge", "2026-03-04", "Moved to family", "2026-03-04");
    expect(patch).toEqual({
      status: "discharged",
      statusDate: "2026-03-04",
      statusReason: "Moved to family",
      dischargeDate: "2026-03-04",
    });
    expect(ZResident.safeParse({ ...resident, ...patch }).success).toBe(true);
    expect(ZResidentEvent.parse(event)).toEqual({
      residentId: "r1",
      facilityId: "tull",
      type: "discharge",
      date: "2026-03-04",
      reason: "Moved to family",
    });
  });

  it("a discharge dated after the home's today is planned: only its date is set, the status stays", () => {
    const { patch, event } = statusChange(resident, "r1", "discharge", "2026-03-20", "Moving out", "2026-03-04");
    expect(patch).toEqual({ dischargeDate: "2026-03-20" });
    const merged = validateUpdate(residentsCollection, resident, patch);
    expect(merged.status).toBe("active");
    expect(merged.dischargeDate).toBe("2026-03-20");
    expect(event).toMatchObject({ type: "discharge", date: "2026-03-20", reason: "Moving out" });
  });

  it("a readmission starts a new stay: active from the date, discharge date cleared, admission date kept", () => {
    const left = statusChange(resident, "r1", "discharge", "2026-03-04", undefined, "2026-03-04").patch;
    const discharged = { ...resident, ...left };
    const { patch, event } = statusChange(discharged, "r1", "readmission", "2026-05-01", undefined, "2026-05-01");
    expect(patch).toEqual({ status: "active", statusDate: "2026-05-01", statusReason: "", dischargeDate: null });
    const merged = validateUpdate(residentsCollection, discharged, patch);
    expect(merged.status).toBe("active");
    expect(merged.statusDate).toBe("2026-05-01");
    expect(merged.admissionDate).toBe("2025-01-10");
    expect(merged.dischargeDate).toBeUndefined();
    expect(merged.statusReason).toBeUndefined();
    expect(event.type).toBe("readmission");
    expect(event).not.toHaveProperty("reason");
  });

  it("a discharge dated before the admission is refused by the shared schema", () => {
    const { patch } = statusChange(resident, "r1", "discharge", "2024-12-31", undefined, "2026-03-04");
    const result = ZResident.safeParse({ ...resident, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["dischargeDate"]);
  });
});
