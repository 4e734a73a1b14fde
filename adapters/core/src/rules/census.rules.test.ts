import { describe, expect, it } from "vitest";
import { homeOn } from "./census.rules.ts";

describe("homeOn", () => {
  const events = [
    { type: "admission", facilityId: "A", date: "2026-01-10" },
    { type: "transfer_out", facilityId: "A", date: "2026-03-15" },
    { type: "transfer_in", facilityId: "B", date: "2026-03-15" },
    { type: "transfer_out", facilityId: "B", date: "2026-06-01" },
    { type: "transfer_in", facilityId: "C", date: "2026-06-01" },
  ];

  it("counts a transferred resident at the home they lived in on the day", () => {
    expect(homeOn(events, "C", "2026-02-28")).toBe("A");
    expect(homeOn(events, "C", "2026-03-14")).toBe("A");
    expect(homeOn(events, "C", "2026-03-15")).toBe("B");
    expect(homeOn(events, "C", "2026-05-31")).toBe("B");
    expect(homeOn(events, "C", "2026-06-01")).toBe("C");
  });

  it("keeps a resident never transferred at their current home", () => {
    expect(homeOn([{ type: "admission", facilityId: "A", date: "2026-01-10" }], "A", "2025-01-01")).toBe("A");
  });

  it("orders events by date whatever order they are read in", () => {
    expect(homeOn([...events].reverse(), "C", "2026-04-01")).toBe("B");
  });
});
