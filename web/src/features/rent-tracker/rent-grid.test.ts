// The month grid's words for what is not billed: a resident with nothing billed shows "Not billed yet"
// (never $0.00, which reads as paid), and a month in residence without a charge says so, unlike a
// month before admission.
import { describe, expect, it } from "vitest";
import { gridCsv, gridRows } from "./rent-grid.ts";

const resident = {
  id: "r1",
  facilityId: "tull",
  firstName: "Margaret",
  lastName: "Okafor",
  status: "active" as const,
  admissionDate: "2026-10-15",
  preferredName: undefined,
  dischargeDate: undefined,
};
const history = (charges: { id: string; month: string; amountCents: number; dueDate: string }[]) => {
  const balanceCents = charges.reduce((sum, c) => sum + c.amountCents, 0);
  const account = charges.length > 0 ? { balanceCents, oldestUnpaidDueDate: charges[0]!.dueDate } : null;
  return new Map([["r1", { residentId: "r1", facilityId: "tull", account, charges, payments: [] } as never]]);
};

describe("gridRows", () => {
  it("says 'Not billed yet' for a resident with no charge, and per month in residence", () => {
    const months = ["2026-09", "2026-10", "2026-11", "2026-12"];
    const [row] = gridRows([resident], history([]), months, "2026-11-24");
    expect(row!.balanceCents).toBeNull();
    expect(row!.statuses).toEqual(["none", "unbilled", "unbilled", "none"]);
    expect(gridCsv([row!], months, () => "Tull")).toContain(
      '"Okafor, Margaret",Tull,Not billed yet,0,No charge,Not billed yet,Not billed yet,No charge',
    );
  });

  it("shows the balance once something is billed", () => {
    const charges = [{ id: "rent-r1-2026-11", month: "2026-11", amountCents: 300000, dueDate: "2026-11-01" }];
    const rows = gridRows([resident], history(charges), ["2026-10", "2026-11"], "2026-11-24");
    expect(rows[0]!.statuses).toEqual(["unbilled", "unpaid"]);
    expect(rows[0]!.balanceCents).toBe(300000);
  });
});
