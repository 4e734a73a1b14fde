import { describe, expect, it } from "vitest";
import { auditTimeText } from "../../ui/record-access-log.tsx";
import { auditLogQuery, filtersFromParams, paramsOfFilters } from "./audit-log-query.ts";

const NONE = { user: "", action: "", type: "", record: "", facility: "", from: "", to: "" };

describe("audit log filters", () => {
  it("read the address, dropping an unknown action and days that are not dates", () => {
    const filters = filtersFromParams(
      new URLSearchParams("user=u1&action=hack&type=residents&record=r1&from=2026-3-1"),
    );
    expect(filters).toEqual({ ...NONE, user: "u1", type: "residents", record: "r1" });
    expect(paramsOfFilters(filters).toString()).toBe("user=u1&type=residents&record=r1");
  });

  it("become equality filters and a range from the first day's start to the end of the last, in the time zone", () => {
    const { query, problems } = auditLogQuery(
      {
        ...NONE,
        user: "u1",
        action: "view",
        type: "residents",
        record: "r1",
        facility: "tull",
        from: "2026-03-07",
        to: "2026-03-08",
      },
      "America/Los_Angeles",
    );
    expect(problems).toEqual({});
    expect(query).toEqual({
      where: { actorId: "u1", action: "view", collection: "residents", recordId: "r1", facilityId: "tull" },
      // The 8th ends at 07:00 UTC on the 9th: clocks went forward that day.
      range: { from: "2026-03-07T08:00:00.000Z", to: "2026-03-09T07:00:00.000Z" },
      orderBy: { field: "at", direction: "desc" },
    });
    expect(auditLogQuery({ ...NONE, to: "2026-03-08" }, "UTC").query.range).toEqual({ to: "2026-03-09T00:00:00.000Z" });
  });

  it("leave out a range whose last day is before its first, saying so on the last day", () => {
    const { query, problems } = auditLogQuery({ ...NONE, from: "2026-03-08", to: "2026-03-07" }, "UTC");
    expect(problems).toEqual({ to: "Must be on or after the first day" });
    expect(query.range).toBeUndefined();
  });

  it("show times in the page's time zone", () => {
    expect(auditTimeText("2026-03-09T07:30:05.000Z", "America/Los_Angeles")).toBe("Mar 9, 2026, 12:30:05 AM");
    expect(auditTimeText("2026-03-09T07:30:05.000Z", "UTC")).toBe("Mar 9, 2026, 7:30:05 AM");
  });
});
