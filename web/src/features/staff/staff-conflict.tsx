/**
 * Shown when a save was refused because someone else saved the staff member first: which fields differ
 * between their saved version and the user's form, side by side, and the two ways on.
 */
import { facilityName, useFacilities } from "../../app/facilities-provider.tsx";
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
    <section className="conflict card" role="alert" aria-labelledby="conflict-title">
      <h2 id="conflict-title">Someone else saved this staff member after you opened it</h2>
      <p>
        Nothing was overwritten. Your edits are still in the form below.
        {fields.length > 0
          ? " These fields differ between their saved version and your form:"
          : " Their saved version matches your form."}
      </p>
      {fields.length > 0 && (
        <div className="conflict__scroll">
          <table className="conflict__table">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Saved by them</th>
                <th scope="col">Your form</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => (
                <tr key={field}>
                  <th scope="row">{FIELD_LABELS[field]}</th>
                  <td>{show(theirs, field)}</td>
                  <td>{show(mine, field)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        Choose <strong>Save my version</strong> to keep your form as it is (replacing their values above), or load their
        version and make your changes again.
      </p>
      <button type="button" className="button button--secondary" onClick={onUseTheirs}>
        Load their version
      </button>
    </section>
  );
}
