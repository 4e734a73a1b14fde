import { describe, expect, it } from "vitest";
import { feeOwedWording, loggedDuplicateFields, NO_TOUR_MESSAGE, tourRecordError } from "./referral-outcome.rules.ts";

describe("tourRecordError", () => {
  it("refuses a move to toured with neither a tour date nor a Tour contact, on the status field", () => {
    const refused = tourRecordError({ status: "toured" }, { status: "contacted" }, false);
    expect(refused?.fields).toEqual({ status: NO_TOUR_MESSAGE });
    expect(tourRecordError({ status: "toured" }, undefined, false)?.code).toBe("VALIDATION");
  });

  it("takes a Tour contact or the tour's date and time as the recorded tour", () => {
    expect(tourRecordError({ status: "toured" }, { status: "contacted" }, true)).toBeNull();
    expect(tourRecordError({ status: "toured", tourAt: "2026-11-05T10:00" }, { status: "new" }, false)).toBeNull();
  });

  it("leaves other stages and an older toured record's other edits alone, but not clearing its tour", () => {
    expect(tourRecordError({ status: "assessment" }, { status: "new" }, false)).toBeNull();
    expect(tourRecordError({ status: "toured" }, { status: "toured" }, false)).toBeNull();
    expect(
      tourRecordError({ status: "toured", tourAt: null }, { status: "toured", tourAt: "2026-11-05T10:00" }, false),
    ).not.toBeNull();
  });
});

describe("loggedDuplicateFields", () => {
  it("closes a duplicate of a prospect who moved in, as a duplicate owing nothing", () => {
    expect(loggedDuplicateFields({ id: "r1", status: "moved_in" })).toMatchObject({
      duplicateOfId: "r1",
      status: "lost",
      closeReason: "duplicate",
    });
  });

  it("keeps a duplicate of an open referral (or of one in a home not seen) open and linked", () => {
    expect(loggedDuplicateFields({ id: "r1", status: "contacted" })).toEqual({ duplicateOfId: "r1" });
    expect(loggedDuplicateFields({ id: "r1" })).toEqual({ duplicateOfId: "r1" });
  });
});

describe("feeOwedWording", () => {
  const label = (reason: string) => reason.replace("_", " ");
  it("says a duplicate owes nothing, open or closed", () => {
    expect(feeOwedWording({ status: "new", duplicateOfId: "r1" }, true, label)).toMatch(/no fee is owed/);
    expect(feeOwedWording({ status: "lost", closeReason: "duplicate", duplicateOfId: "r1" }, true, label)).toMatch(
      /no fee is owed/,
    );
  });

  it("words the other cases as before", () => {
    expect(feeOwedWording({ status: "new" }, true, label)).toBe("Nothing until the prospect moves in");
    expect(feeOwedWording({ status: "declined", closeReason: "other" }, true, label)).toBe(
      "Nothing: the referral is closed (other)",
    );
    expect(feeOwedWording({ status: "moved_in" }, false, label)).toBe("No fee terms are recorded for the agent");
  });
});
