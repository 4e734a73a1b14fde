import { describe, expect, it } from "vitest";
import { facilitiesText, signInText } from "./user-format.ts";

describe("signInText", () => {
  it("names the moment in the page's time zone, as the audit log does", () => {
    expect(signInText("2026-11-26T14:28:00Z", "America/Los_Angeles")).toBe("Nov 26, 2026, 6:28 AM PST");
    expect(signInText("2026-07-01T14:28:00Z", "America/Los_Angeles")).toBe("Jul 1, 2026, 7:28 AM PDT");
    expect(signInText("2026-11-26T14:28:00Z", "America/New_York")).toBe("Nov 26, 2026, 9:28 AM EST");
  });

  it("says Never for a user who has not signed in", () => {
    expect(signInText(null, "America/Los_Angeles")).toBe("Never");
  });
});

describe("facilitiesText", () => {
  it("words a group-wide user, a limited one and one without homes", () => {
    const nameOf = (id: string) => ({ tull: "Tull", newman: "Newman" })[id] ?? id;
    expect(facilitiesText(null, nameOf)).toBe("All facilities");
    expect(facilitiesText(["tull", "newman"], nameOf)).toBe("Tull, Newman");
    expect(facilitiesText([], nameOf)).toBe("None");
  });
});
