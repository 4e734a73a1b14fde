import { describe, expect, it } from "vitest";
import { ZVitals } from "./medical.collection.ts";

const reading = { residentId: "r1", facilityId: "tull", pulse: 72, recordedBy: "A. Nurse" };

describe("vitals", () => {
  it("refuses a reading dated in the future and accepts one taken now", () => {
    const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    const future = ZVitals.safeParse({ ...reading, recordedAt: later });
    expect(future.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["recordedAt", "Vitals cannot be dated in the future"],
    ]);
    expect(ZVitals.safeParse({ ...reading, recordedAt: new Date().toISOString() }).success).toBe(true);
  });
});
