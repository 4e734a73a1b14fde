import { testSessionUser } from "./access.test-support.ts";
import { describe, expect, it } from "vitest";
import {
  facilityChangeRefusal,
  isCarried,
  movedPerson,
  parseTransferRequest,
  transferEvents,
  transferRefusal,
  type TTransfer,
} from "./transfer.rules.ts";

const request: TTransfer = {
  subject: "resident",
  id: "r1",
  version: 3,
  toFacilityId: "B",
  date: "2026-05-02",
  reason: "Closer to family",
  room: undefined,
  bed: undefined,
};
const admin = testSessionUser("administrator", null, { id: "u", email: "a@x" });
const limitedToA = { ...admin, facilityIds: ["A"] };

describe("isCarried", () => {
  const none = new Set<string>();
  it("carries the resident's clinical entries and documents, not another's", () => {
    expect(isCarried("diagnoses", { residentId: "r1" }, "resident", "r1", none)).toBe(true);
    expect(isCarried("vitals", { residentId: "r2" }, "resident", "r1", none)).toBe(false);
    expect(isCarried("documents", { subject: "resident", subjectId: "r1" }, "resident", "r1", none)).toBe(true);
    expect(isCarried("documents", { subject: "staff", subjectId: "r1" }, "resident", "r1", none)).toBe(false);
  });

  it("carries open linked reminders only", () => {
    const open = { linkType: "staff", linkId: "s1", status: "open" };
    expect(isCarried("reminders", open, "staff", "s1", none)).toBe(true);
    expect(isCarried("reminders", { ...open, status: "done" }, "staff", "s1", none)).toBe(false);
  });

  it("carries the states of the person's requirements and carried documents, never rent states", () => {
    expect(isCarried("reminderStates", { key: "missing|resident|r1|t1" }, "resident", "r1", none)).toBe(true);
    expect(isCarried("reminderStates", { key: "missing|resident|r2|t1" }, "resident", "r1", none)).toBe(false);
    expect(isCarried("reminderStates", { key: "expiry|d1|2026-09-01" }, "resident", "r1", new Set(["d1"]))).toBe(true);
    expect(isCarried("reminderStates", { key: "expiry|d2|2026-09-01" }, "resident", "r1", new Set(["d1"]))).toBe(false);
    expect(isCarried("reminderStates", { key: "rent|r1|2026-04-01" }, "resident", "r1", none)).toBe(false);
  });

  it("never carries clinical entries of a staff transfer", () => {
    expect(isCarried("diagnoses", { residentId: "s1" }, "staff", "s1", none)).toBe(false);
  });
});

describe("transferRefusal", () => {
  const home = { name: "Tull" };
  it("lets a user who sees both homes move the person", () => {
    expect(transferRefusal(admin, { facilityId: "A" }, request, home)).toBeNull();
  });

  it("answers an unseen destination as a missing one", () => {
    expect(transferRefusal(limitedToA, { facilityId: "A" }, request, home)?.code).toBe("NOT_FOUND");
    expect(transferRefusal(admin, { facilityId: "A" }, request, null)?.code).toBe("NOT_FOUND");
  });

  it("refuses the home they are at and an archived home, naming the field", () => {
    expect(transferRefusal(admin, { facilityId: "B" }, request, home)?.fields).toEqual({
      toFacilityId: "Pick another home",
    });
    expect(transferRefusal(admin, { facilityId: "A" }, request, { ...home, archivedAt: "2026-01-01" })?.code).toBe(
      "VALIDATION",
    );
  });

  it("refuses a day after today at the destination, in its time zone: the records move now", () => {
    // 06:30 UTC on May 2 is still May 1 in Los Angeles (UTC-7 in summer), and already May 2 in Berlin.
    const now = new Date("2026-05-02T06:30:00Z");
    const la = { name: "Tull", timeZone: "America/Los_Angeles" };
    expect(transferRefusal(admin, { facilityId: "A" }, request, la, now)?.fields).toEqual({
      date: "After today (2026-05-01) at Tull",
    });
    expect(transferRefusal(admin, { facilityId: "A" }, request, { ...la, timeZone: "Europe/Berlin" }, now)).toBeNull();
  });

  it("refuses a day before the resident's admission or current stay, or the staff member's hire date", () => {
    const now = new Date("2026-11-27T20:00:00Z");
    const admitted = { facilityId: "A", admissionDate: "2026-06-01" };
    expect(transferRefusal(admin, admitted, request, home, now)?.fields).toEqual({
      date: "Before their admission (2026-06-01)",
    });
    const readmitted = { facilityId: "A", admissionDate: "2025-01-01", statusDate: "2026-05-10" };
    expect(transferRefusal(admin, readmitted, request, home, now)?.fields).toEqual({
      date: "Before their current stay's start (2026-05-10)",
    });
    expect(transferRefusal(admin, { facilityId: "A", admissionDate: "2026-05-02" }, request, home, now)).toBeNull();
    const hired = { facilityId: "A", hireDate: "2026-07-01" };
    expect(transferRefusal(admin, hired, { ...request, subject: "staff" }, home, now)?.fields).toEqual({
      date: "Before their hire date (2026-07-01)",
    });
  });
});

describe("transferEvents", () => {
  it("records the move out of the old home and into the new one on the same day", () => {
    expect(transferEvents("r1", "A", request)).toEqual([
      { residentId: "r1", facilityId: "A", type: "transfer_out", date: "2026-05-02", reason: "Closer to family" },
      { residentId: "r1", facilityId: "B", type: "transfer_in", date: "2026-05-02", reason: "Closer to family" },
    ]);
  });
});

describe("facilityChangeRefusal", () => {
  it("refuses a plain edit moving a resident or staff member, pointing to the transfer", () => {
    const error = facilityChangeRefusal("residents", { facilityId: "B" }, { facilityId: "A" });
    expect(error?.fields?.facilityId).toMatch(/Transfer to another home/);
    expect(facilityChangeRefusal("staff", { facilityId: "B" }, { facilityId: "A" })?.code).toBe("VALIDATION");
  });

  it("leaves creations, unchanged homes and other collections alone", () => {
    expect(facilityChangeRefusal("residents", { facilityId: "B" }, undefined)).toBeNull();
    expect(facilityChangeRefusal("residents", { facilityId: "A" }, { facilityId: "A" })).toBeNull();
    expect(facilityChangeRefusal("reminders", { facilityId: "B" }, { facilityId: "A" })).toBeNull();
  });
});

describe("movedPerson", () => {
  const resident = { id: "r1", facilityId: "A", firstName: "Ada", room: "4", bed: "A" };

  it("files the person at the new home and gives a resident the room and bed named for the move", () => {
    expect(movedPerson(resident, { ...request, room: "12B" })).toEqual({
      id: "r1",
      facilityId: "B",
      firstName: "Ada",
      room: "12B",
    });
    expect(movedPerson(resident, { ...request, room: "12", bed: "2" })).toEqual({
      ...resident,
      facilityId: "B",
      room: "12",
      bed: "2",
    });
  });

  it("leaves a resident without a room or bed when none is named: the old home's numbers mean nothing there", () => {
    expect(movedPerson(resident, request)).toEqual({ id: "r1", facilityId: "B", firstName: "Ada" });
  });

  it("keeps a staff member's other fields as they are", () => {
    const staff = { id: "s1", facilityId: "A", room: "office" };
    expect(movedPerson(staff, { ...request, subject: "staff" })).toEqual({ ...staff, facilityId: "B" });
  });

  it("refuses a room or bed for a staff member's move, beside the field", () => {
    const input = { ...request, subject: "staff", room: "12B", bed: "1" };
    expect(() => parseTransferRequest(input)).toThrow(
      expect.objectContaining({ fields: { room: "Only a resident has a room", bed: "Only a resident has a bed" } }),
    );
    expect(parseTransferRequest({ ...request, room: " 12B " }).room).toBe("12B");
  });
});
