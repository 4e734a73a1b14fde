import { describe, expect, it } from "vitest";
import { deadlineText, instantText } from "./date-time.ts";

describe("instants with their time zone named", () => {
  it("names the zone of the home given, summer and winter", () => {
    expect(instantText("2026-11-26T14:28:00Z", "America/Los_Angeles")).toBe("Nov 26, 2026, 6:28 AM PST");
    expect(instantText("2026-07-01T14:28:00Z", "America/Los_Angeles")).toBe("Jul 1, 2026, 7:28 AM PDT");
    expect(deadlineText("2026-12-01T22:05:00Z", "America/Los_Angeles")).toBe(
      "Tuesday, December 1, 2026 at 2:05 PM PST",
    );
  });

  it("names the viewer's own zone when no home is given", () => {
    expect(instantText("2026-11-26T14:28:00Z")).toMatch(/^Nov 26, 2026, \d{1,2}:\d{2} [AP]M \S+$/);
  });
});
