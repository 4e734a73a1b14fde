/**
 * Between a stored staff member and the add/edit form: the values the form edits, the patch an edit
 * sends (emptied optional fields as null so they are really cleared).
 */
import { ZStaff } from "@care/core/collections/staff.collection";
import type { TPatchOf, TRecordOf } from "@care/core/registry";
import type { z } from "zod";

export type TStaffFormValues = z.input<typeof ZStaff>;
export type TStaffOutput = z.output<typeof ZStaff>;
export type TStaffRecord = TRecordOf<"staff">;

/** Every field of the staff schema, in the form's order; the form edits all of them. */
export const STAFF_FIELDS = Object.keys(ZStaff.shape) as (keyof TStaffFormValues)[];

export function newStaffValues(facilityId: string): TStaffFormValues {
  return {
    facilityId,
    otherFacilityIds: [],
    firstName: "",
    lastName: "",
    preferredName: "",
    position: "" as TStaffFormValues["position"],
    status: "active",
    phone: "",
    email: "",
    address: "",
    emergencyContactName: "",
    emergencyContactRelationship: "",
    emergencyContactPhone: "",
    hireDate: undefined,
    terminationDate: undefined,
    clearanceStatus: "not_started",
    clearanceSubmittedDate: undefined,
    clearanceDate: undefined,
    notes: "",
  };
}

/** The form's values for a stored staff member: absent texts become "" so every input is controlled alike. */
export function staffToValues(s: TStaffRecord): TStaffFormValues {
  return {
    facilityId: s.facilityId,
    otherFacilityIds: [...s.otherFacilityIds],
    firstName: s.firstName,
    lastName: s.lastName,
    preferredName: s.preferredName ?? "",
    position: s.position,
    status: s.status,
    phone: s.phone ?? "",
    email: s.email ?? "",
    address: s.address ?? "",
    emergencyContactName: s.emergencyContactName ?? "",
    emergencyContactRelationship: s.emergencyContactRelationship ?? "",
    emergencyContactPhone: s.emergencyContactPhone ?? "",
    hireDate: s.hireDate,
    terminationDate: s.terminationDate,
    clearanceStatus: s.clearanceStatus,
    clearanceSubmittedDate: s.clearanceSubmittedDate,
    clearanceDate: s.clearanceDate,
    notes: s.notes ?? "",
  };
}

/** The other facilities without the home facility (checking the home as "other" too means nothing). */
export function otherFacilities(values: Pick<TStaffOutput, "facilityId" | "otherFacilityIds">): string[] {
  return [...new Set(values.otherFacilityIds.filter((id) => id !== values.facilityId))];
}

/** What a new staff member is created with: the validated form values, other facilities cleaned. */
export function createInput(values: TStaffOutput): TStaffOutput {
  return { ...values, otherFacilityIds: otherFacilities(values) };
}

/**
 * The update an edit sends: every field. An optional field left empty is sent as null (undefined would
 * vanish from the JSON), which removes it, so clearing a field really clears it on every backend.
 */
export function editPatch(values: TStaffOutput): TPatchOf<"staff"> {
  const cleaned: Record<string, unknown> = { ...values, otherFacilityIds: otherFacilities(values) };
  const patch: Record<string, unknown> = {};
  for (const field of STAFF_FIELDS) patch[field] = cleaned[field] === undefined ? null : cleaned[field];
  return patch as TPatchOf<"staff">;
}
