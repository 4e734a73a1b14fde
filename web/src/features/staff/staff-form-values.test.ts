import { describe, expect, it } from "vitest";
import { staffCollection, ZStaff } from "@care/core/collections/staff.collection";
import { validateUpdate } from "@care/core/rules/records.rules";
import {
  STAFF_FIELDS,
  createInput,
  editPatch,
  newStaffValues,
  staffToValues,
  type TStaffRecord,
} from "./staff-form-values.ts";
import { differingFields } from "../../lib/records/field-values.ts";
import { facilitiesText } from "./staff-format.ts";

const stored: TStaffRecord = {
  ...ZStaff.parse({
    facilityId: "tull",
    otherFacilityIds: ["ashwood"],
    firstName: "Maria",
    lastName: "Delgado",
    preferredName: "Mari",
    position: "med_tech",
    phone: "(559) 555-0110",
    email: "maria@example.org",
    hireDate: "2024-03-01",
    clearanceStatus: "cleared",
    clearanceDate: "2024-02-20",
  }),
  id: "s1",
  version: 2,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  createdBy: null,
  updatedBy: null,
  archivedAt: null,
};

describe("staff form values", () => {
  it("round-trips a stored staff member through the form and the shared schema", () => {
    const values = staffToValues(stored);
    const parsed = ZStaff.parse(values);
    expect(parsed).toMatchObject({ preferredName: "Mari", otherFacilityIds: ["ashwood"], clearanceStatus: "cleared" });
    expect(parsed.address).toBeUndefined();
    expect(differingFields(values, staffToValues(stored), STAFF_FIELDS)).toEqual([]);
  });

  it("an edit sends every field, emptied optional ones as null, and they are cleared on the record", () => {
    const values = ZStaff.parse({
      ...staffToValues(stored),
      email: "",
      phone: "",
      hireDate: undefined,
      position: "cook",
    });
    const patch = editPatch(values);
    expect(Object.keys(patch).sort()).toEqual(Object.keys(ZStaff.shape).sort());
    expect(patch.email).toBeNull();
    expect(patch.phone).toBeNull();
    expect(patch.hireDate).toBeNull();
    expect(patch.position).toBe("cook");
    const sent = JSON.parse(JSON.stringify(patch)) as typeof patch;
    const merged = validateUpdate(staffCollection, stored, sent);
    expect(merged).not.toHaveProperty("email");
    expect(merged).not.toHaveProperty("hireDate");
    expect(merged).toMatchObject({ position: "cook", clearanceDate: "2024-02-20" });
  });

  it("never keeps the home facility among the other facilities", () => {
    const values = ZStaff.parse({
      ...staffToValues(stored),
      facilityId: "ashwood",
      otherFacilityIds: ["ashwood", "tull"],
    });
    expect(editPatch(values).otherFacilityIds).toEqual(["tull"]);
    expect(createInput(values).otherFacilityIds).toEqual(["tull"]);
  });

  it("names the fields two versions disagree on; facility lists compare as sets", () => {
    const mine = { ...staffToValues(stored), phone: "(559) 555-0199", otherFacilityIds: ["ashwood"] };
    const theirs = staffToValues({ ...stored, notes: "Prefers nights", otherFacilityIds: ["ashwood"] });
    expect(differingFields(mine, theirs, STAFF_FIELDS).sort()).toEqual(["notes", "phone"]);
    const reordered = staffToValues({ ...stored, otherFacilityIds: ["newman", "ashwood"] });
    expect(differingFields({ ...reordered, otherFacilityIds: ["ashwood", "newman"] }, reordered, STAFF_FIELDS)).toEqual(
      [],
    );
  });

  it("a new staff member's empty form fails on the required fields only; terminated needs a date", () => {
    const result = ZStaff.safeParse(newStaffValues("tull"));
    expect(result.success).toBe(false);
    expect(new Set(result.error!.issues.map((i) => i.path.join(".")))).toEqual(
      new Set(["firstName", "lastName", "position"]),
    );
    const terminated = ZStaff.safeParse({ ...staffToValues(stored), status: "terminated" });
    expect(terminated.error?.issues.map((i) => i.path.join("."))).toEqual(["terminationDate"]);
  });

  it("names a staff member's homes as the directory shows them", () => {
    const names: Record<string, string> = { tull: "Tull", ashwood: "Ashwood" };
    expect(facilitiesText(stored, (id) => names[id] ?? id)).toBe("Tull (home), Ashwood");
  });
});
