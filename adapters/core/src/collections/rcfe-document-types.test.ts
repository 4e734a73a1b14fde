import { describe, expect, it } from "vitest";
import { ZId } from "../common.schema.ts";
import { ZDocumentType } from "./documents.collection.ts";
import { RCFE_DEFAULT_DOCUMENT_TYPES } from "./rcfe-document-types.ts";

describe("RCFE default document types", () => {
  it("are valid document types with unique, valid ids, all marked for review", () => {
    const ids = RCFE_DEFAULT_DOCUMENT_TYPES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { id, ...input } of RCFE_DEFAULT_DOCUMENT_TYPES) {
      expect(ZId.safeParse(id).success, id).toBe(true);
      expect(ZDocumentType.safeParse(input).success, id).toBe(true);
      expect(input.needsReview, id).toBe(true);
      expect(id.startsWith(`rcfe-${input.subject}-`), id).toBe(true);
    }
  });

  it("cover every subject, ordered in steps of 10", () => {
    for (const subject of ["resident", "staff", "facility", "agent"] as const) {
      const orders = RCFE_DEFAULT_DOCUMENT_TYPES.filter((t) => t.subject === subject).map((t) => t.sortOrder);
      expect(orders.length).toBeGreaterThan(0);
      expect(orders).toEqual(orders.map((_, i) => (i + 1) * 10));
    }
  });

  it("expire where papers lapse: each with a period also says it expires, insurance takes the policy's date", () => {
    const expiring = RCFE_DEFAULT_DOCUMENT_TYPES.filter((t) => t.expires === true).map((t) => t.id);
    expect(expiring).toEqual([
      "rcfe-resident-lic-602a",
      "rcfe-resident-lic-603a",
      "rcfe-staff-first-aid-cpr",
      "rcfe-staff-administrator-certificate",
      "rcfe-facility-lic-610e",
      "rcfe-facility-liability-insurance",
      "rcfe-agent-referral-agreement",
    ]);
    for (const t of RCFE_DEFAULT_DOCUMENT_TYPES) if (t.validityMonths !== undefined) expect(t.expires, t.id).toBe(true);
  });

  it("set a validity only for the usual periods (602A, 603A, first aid / CPR, 610E, administrator certificate, the agent's yearly agreement)", () => {
    const withValidity = RCFE_DEFAULT_DOCUMENT_TYPES.filter((t) => t.validityMonths !== undefined).map((t) => [
      t.id,
      t.validityMonths,
    ]);
    expect(withValidity).toEqual([
      ["rcfe-resident-lic-602a", 12],
      ["rcfe-resident-lic-603a", 12],
      ["rcfe-staff-first-aid-cpr", 24],
      ["rcfe-staff-administrator-certificate", 24],
      ["rcfe-facility-lic-610e", 12],
      ["rcfe-agent-referral-agreement", 12],
    ]);
  });
});
