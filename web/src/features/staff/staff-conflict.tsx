/**
 * The stale-save panel of the staff form: the staff fields' labels and how their values read.
 */
import { facilityName, useFacilities } from "../../app/facilities-provider.tsx";
import { ConflictPanel } from "../../ui/conflict-panel.tsx";
import { CLEARANCE_LABELS, ROLE_LABELS, STATUS_LABELS } from "./staff-format.ts";
import type { TStaffFormValues } from "./staff-form-values.ts";

export const FIELD_LABELS: Record<keyof TStaffFormValues, string> = {
  facilityId: "Home facility",
  otherFacilityIds: "Also works at",
  firstName: "First name",
  lastName: "Last name",
  preferredName: "Preferred name",
  role: "Role",
  status: "Status",
  phone: "Phone",
  email: "E-mail",
  address: "Address",
  emergencyContactName: "Emergency contact",
  emergencyContactRelationship: "Relationship",
  emergencyContactPhone: "Emergency contact phone",
  hireDate: "Hire date",
  terminationDate: "Termination date",
  clearanceStatus: "Clearance status",
  clearanceDate: "Clearance date",
  notes: "Notes",
};

export function StaffConflictPanel({
  theirs,
  mine,
  fields,
  onUseTheirs,
}: {
  theirs: TStaffFormValues;
  mine: TStaffFormValues;
  fields: (keyof TStaffFormValues)[];
  onUseTheirs: () => void;
}) {
  const { facilities } = useFacilities();
  const show = (values: TStaffFormValues, field: keyof TStaffFormValues): string => {
    const v = values[field];
    if (v === undefined || v === null || v === "") return "—";
    switch (field) {
      case "facilityId":
        return facilityName(facilities, String(v));
      case "otherFacilityIds":
        return (values.otherFacilityIds ?? []).map((id) => facilityName(facilities, id)).join(", ") || "—";
      case "role":
        return ROLE_LABELS[v as keyof typeof ROLE_LABELS] ?? String(v);
      case "status":
        return STATUS_LABELS[v as keyof typeof STATUS_LABELS] ?? String(v);
      case "clearanceStatus":
        return CLEARANCE_LABELS[v as keyof typeof CLEARANCE_LABELS] ?? String(v);
      default:
        return String(v);
    }
  };

  return (
    <ConflictPanel
      title="Someone else saved this staff member after you opened it"
      rows={fields.map((field) => ({
        label: FIELD_LABELS[field],
        theirs: show(theirs, field),
        mine: show(mine, field),
      }))}
    >
      <button type="button" className="button button--secondary" onClick={onUseTheirs}>
        Load their version
      </button>
    </ConflictPanel>
  );
}
