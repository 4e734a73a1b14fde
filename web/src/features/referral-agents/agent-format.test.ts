import { describe, expect, it } from "vitest";
import { feeTermsInput, feeTermsValues, NO_FEE_TERMS, paperText } from "./agent-format.ts";

describe("feeTermsInput", () => {
  it("turns typed terms into the record's integers, keeping only the chosen kind's fields", () => {
    expect(
      feeTermsInput(
        { kind: "percent_first_month", percent: "87.5", flat: "99", cap: "3,000", prorateFirstMonth: true, notes: " " },
        "a1",
      ),
    ).toEqual({
      input: {
        agentId: "a1",
        kind: "percent_first_month",
        percentBasisPoints: 8750,
        capCents: 300_000,
        prorateFirstMonth: true,
      },
    });
    expect(feeTermsInput({ ...NO_FEE_TERMS, kind: "flat", flat: "2500", prorateFirstMonth: true }, "a1")).toEqual({
      input: { agentId: "a1", kind: "flat", flatCents: 250_000, prorateFirstMonth: false },
    });
    expect(feeTermsInput(NO_FEE_TERMS, "a1")).toEqual({ input: null });
  });

  it("names each field to fix", () => {
    expect(feeTermsInput({ ...NO_FEE_TERMS, kind: "percent_first_month", percent: "0", cap: "x" }, "a1")).toEqual({
      errors: { percent: "More than 0%", cap: "Enter an amount like 1250 or 1,250.00" },
    });
    expect(feeTermsInput({ ...NO_FEE_TERMS, kind: "flat" }, "a1")).toEqual({ errors: { flat: "Enter an amount" } });
  });

  it("reads stored terms back as they were typed", () => {
    const values = feeTermsValues({
      id: "a1",
      agentId: "a1",
      kind: "percent_first_month",
      percentBasisPoints: 5000,
      capCents: 250_000,
      prorateFirstMonth: false,
      notes: undefined,
      version: 1,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      createdBy: null,
      updatedBy: null,
      archivedAt: null,
    });
    expect(values).toMatchObject({ kind: "percent_first_month", percent: "50", cap: "2500.00" });
    expect(feeTermsInput(values, "a1")).toEqual({
      input: {
        agentId: "a1",
        kind: "percent_first_month",
        percentBasisPoints: 5000,
        capCents: 250_000,
        prorateFirstMonth: false,
      },
    });
  });
});

describe("paperText", () => {
  const agreement = { typeId: "t1", typeName: "Referral agreement", required: true };
  const w9 = { typeId: "t2", typeName: "Request for Taxpayer Identification Number", formCode: "W-9", required: true };
  it("names a paper by its form code, else its name, and says where it stands", () => {
    expect(paperText({ ...w9, status: "complete" })).toEqual({ name: "W-9", text: "On file" });
    expect(paperText({ ...w9, status: "missing" })).toEqual({ name: "W-9", text: "Missing" });
    expect(paperText({ ...agreement, status: "complete", expiryDate: "2027-03-01" })).toEqual({
      name: "Referral agreement",
      text: "To 2027-03-01",
    });
    expect(paperText({ ...agreement, status: "expiring", expiryDate: "2026-12-10" }).text).toBe("Expires 2026-12-10");
    expect(paperText({ ...agreement, status: "expired", expiryDate: "2026-10-01" }).text).toBe("Expired 2026-10-01");
  });
});
