import { describe, expect, it } from "vitest";
import { eventUndoRefusal, mayUndo, readmissionRefusal, undoPatch, UNDO_WINDOW_DAYS } from "./status-undo.rules.ts";

const event = { residentId: "r1", facilityId: "f1", type: "discharge", date: "2026-03-04" };
const undo = { undoReason: "Wrong resident", undoneBy: "Pat Admin", undoneOn: "2026-03-05" };
const recordedAt = "2026-03-04T10:00:00.000Z";
const stored = { id: "e2", ...event, createdAt: recordedAt };
const admitted = { id: "e1", type: "admission", date: "2026-01-02", createdAt: "2026-01-02T10:00:00.000Z" };

/** The refusal of `after` from `before` (event e2) by Pat Admin on the home's 2026-03-05, at `now`. */
const refusal = (
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  now: Date,
  more: { undoerName?: string; events?: { id: string; type: string; date: string; createdAt: string }[] } = {},
) =>
  eventUndoRefusal("e2", before, after, {
    undoerName: more.undoerName ?? "Pat Admin",
    recordedAt,
    today: "2026-03-05",
    events: more.events ?? [admitted, stored],
    now,
  });

describe("eventUndoRefusal", () => {
  it("takes an undo by name within the window", () => {
    const now = new Date("2026-04-02T10:00:00.000Z");
    expect(refusal(event, { ...event, ...undo, undoneOn: "2026-03-05" }, now)).toBeNull();
  });

  it(`refuses an undo more than ${UNDO_WINDOW_DAYS} days after the event was recorded`, () => {
    const now = new Date("2026-04-03T10:00:01.000Z");
    const refused = refusal(event, { ...event, ...undo }, now);
    expect(refused?.code).toBe("VALIDATION");
    expect(refused?.fields?.undoReason).toContain("within 30 days");
  });

  it("refuses an undo under another name, without its day, a new event undone, and a change once undone", () => {
    const now = new Date("2026-03-05T10:00:00.000Z");
    expect(refusal(event, { ...event, ...undo }, now, { undoerName: "Someone Else" })).not.toBeNull();
    expect(refusal(event, { ...event, ...undo, undoneOn: undefined }, now)).not.toBeNull();
    expect(refusal(undefined, { ...event, ...undo }, now)).not.toBeNull();
    const undone = { ...event, ...undo };
    expect(refusal(undone, { ...undone, date: "2026-03-01" }, now)).not.toBeNull();
    expect(refusal(undone, undone, now)).toBeNull();
  });

  it("refuses a kind that cannot be undone, a day other than the home's today, an event a later one follows", () => {
    const now = new Date("2026-03-05T10:00:00.000Z");
    const moved = { ...event, type: "transfer_in" };
    expect(refusal(moved, { ...moved, ...undo }, now)?.fields?.undoReason).toContain("transfer the resident back");
    const admission = { ...event, type: "admission" };
    expect(refusal(admission, { ...admission, ...undo }, now)?.fields?.undoReason).toContain("archive");
    expect(refusal(event, { ...event, ...undo, undoneOn: "1900-01-01" }, now)?.fields?.undoneOn).toContain(
      "home's today (2026-03-05)",
    );
    const later = { id: "e3", type: "readmission", date: "2026-03-05", createdAt: "2026-03-05T09:00:00.000Z" };
    const events = [admitted, stored, later];
    expect(refusal(event, { ...event, ...undo }, now, { events })?.fields?.undoReason).toContain("latest event");
    // Once the later event is undone, this one is the latest that counts.
    const laterUndone = { ...later, undoReason: "Wrong day" };
    expect(refusal(event, { ...event, ...undo }, now, { events: [admitted, stored, laterUndone] })).toBeNull();
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
