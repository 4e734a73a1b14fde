import { describe, expect, it } from "vitest";
import { eventUndoRefusal, mayUndo, readmissionRefusal, undoPatch, UNDO_WINDOW_DAYS } from "./status-undo.rules.ts";

const event = { residentId: "r1", facilityId: "f1", type: "discharge", date: "2026-03-04" };
const undo = { undoReason: "Wrong resident", undoneBy: "Pat Admin", undoneOn: "2026-03-05" };
const recordedAt = "2026-03-04T10:00:00.000Z";

describe("eventUndoRefusal", () => {
  it("takes an undo by name within the window", () => {
    const now = new Date("2026-04-02T10:00:00.000Z");
    expect(eventUndoRefusal(event, { ...event, ...undo }, "Pat Admin", recordedAt, now)).toBeNull();
  });

  it(`refuses an undo more than ${UNDO_WINDOW_DAYS} days after the event was recorded`, () => {
    const now = new Date("2026-04-03T10:00:01.000Z");
    const refused = eventUndoRefusal(event, { ...event, ...undo }, "Pat Admin", recordedAt, now);
    expect(refused?.code).toBe("VALIDATION");
    expect(refused?.fields?.undoReason).toContain("within 30 days");
  });

  it("refuses an undo under another name, without its day, a new event undone, and a change once undone", () => {
    const now = new Date("2026-03-05T10:00:00.000Z");
    expect(eventUndoRefusal(event, { ...event, ...undo }, "Someone Else", recordedAt, now)).not.toBeNull();
    expect(
      eventUndoRefusal(event, { ...event, ...undo, undoneOn: undefined }, "Pat Admin", recordedAt, now),
    ).not.toBeNull();
    expect(eventUndoRefusal(undefined, { ...event, ...undo }, "Pat Admin", undefined, now)).not.toBeNull();
    const undone = { ...event, ...undo };
    expect(eventUndoRefusal(undone, { ...undone, date: "2026-03-01" }, "Pat Admin", recordedAt, now)).not.toBeNull();
    expect(eventUndoRefusal(undone, undone, "Pat Admin", recordedAt, now)).toBeNull();
  });
});

describe("readmissionRefusal", () => {
  it("refuses a readmission on or before the discharge, naming the date field", () => {
    expect(readmissionRefusal("2026-03-04", "2026-03-04")?.fields?.date).toBe(
      "The readmission must be after the discharge on 2026-03-04",
    );
    expect(readmissionRefusal("2026-03-05", "2026-03-04")).toBeNull();
    expect(readmissionRefusal("2026-03-05", null)).toBeNull();
  });
});

describe("undoPatch and mayUndo", () => {
  const admission = { id: "e1", type: "admission", date: "2025-01-10", createdAt: "2025-01-10T09:00:00.000Z" };
  const leave = {
    id: "e2",
    type: "leave",
    date: "2026-02-01",
    reason: "Family visit",
    createdAt: "2026-02-20T09:00:00.000Z",
  };
  const discharge = { id: "e3", type: "discharge", date: "2026-03-04", createdAt: recordedAt };
  const events = [admission, leave, discharge];
  const resident = { status: "discharged" as const, admissionDate: "2025-01-10", dischargeDate: "2026-03-04" };

  it("restores the status, day and reason the earlier event left, and clears the discharge", () => {
    expect(undoPatch(resident, events, discharge)).toEqual({
      status: "on_leave",
      statusDate: "2026-02-01",
      statusReason: "Family visit",
      dischargeDate: null,
    });
  });

  it("cancels a planned discharge by clearing its date only", () => {
    const living = { status: "active" as const, admissionDate: "2025-01-10", dischargeDate: "2026-03-20" };
    expect(undoPatch(living, events, { ...discharge, date: "2026-03-20" })).toEqual({ dischargeDate: null });
  });

  it("undoing a readmission puts the discharge back", () => {
    const readmission = { id: "e4", type: "readmission", date: "2026-04-01", createdAt: "2026-04-01T09:00:00.000Z" };
    const back = { status: "active" as const, admissionDate: "2025-01-10" };
    expect(undoPatch(back, [...events, readmission], readmission)).toEqual({
      status: "discharged",
      statusDate: "2026-03-04",
      statusReason: "",
      dischargeDate: "2026-03-04",
    });
  });

  it("offers the latest event still counting, within the window, and never an admission", () => {
    const now = new Date("2026-03-10T00:00:00.000Z");
    expect(mayUndo(events, discharge, now)).toBe(true);
    expect(mayUndo(events, leave, now)).toBe(false);
    expect(mayUndo([admission], admission, now)).toBe(false);
    expect(mayUndo(events, discharge, new Date("2026-05-01T00:00:00.000Z"))).toBe(false);
    const undone = { ...discharge, undoReason: "Mistake" };
    expect(mayUndo([admission, leave, undone], leave, now)).toBe(true);
  });
});
