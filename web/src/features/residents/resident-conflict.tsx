/**
 * Shown when a save was refused because someone else saved the resident first: which fields differ
 * between their saved version and the user's form, side by side, and the two ways on.
 */
import { useFacilities, facilityName } from "../../app/facilities-provider.tsx";
import { AMBULATORY_LABELS, CODE_STATUS_LABELS, GENDER_LABELS, formatCents } from "./resident-format.ts";
import type { TResidentFormValues } from "./resident-form-values.ts";

const LABELS: Partial<Record<keyof TResidentFormValues, string>> = {
  facilityId: "Facility",
  firstName: "First name",
  lastName: "Last name",
  preferredName: "Preferred name",
  dateOfBirth: "Date of birth",
  gender: "Gender",
  room: "Room",
  bed: "Bed",
  admissionDate: "Admission date",
  levelOfCare: "Level of care",
  ambulatoryStatus: "Ambulatory status",
  codeStatus: "Code status",
  primaryPhysician: "Primary physician",
  pharmacy: "Pharmacy",
  preferredHospital: "Preferred hospital",
  emergencyContacts: "Emergency contacts",
  diet: "Diet",
  monthlyRateCents: "Monthly rate",
  notes: "Notes",
};

export function ConflictPanel({
  theirs,
  mine,
  fields,
  onUseTheirs,
}: {
  theirs: TResidentFormValues;
  mine: TResidentFormValues;
  fields: (keyof TResidentFormValues)[];
  onUseTheirs: () => void;
}) {
  const { facilities } = useFacilities();
  const show = (values: TResidentFormValues, field: keyof TResidentFormValues): string => {
    const v = values[field];
    if (v === undefined || v === "" || v === null) return "—";
    switch (field) {
      case "facilityId":
        return facilityName(facilities, String(v));
      case "gender":
        return GENDER_LABELS[v as keyof typeof GENDER_LABELS] ?? String(v);
      case "ambulatoryStatus":
        return AMBULATORY_LABELS[v as keyof typeof AMBULATORY_LABELS] ?? String(v);
      case "codeStatus":
        return CODE_STATUS_LABELS[v as keyof typeof CODE_STATUS_LABELS] ?? String(v);
      case "monthlyRateCents":
        return typeof v === "number" && !Number.isNaN(v) ? formatCents(v) : "—";
      case "emergencyContacts":
        return (
          (values.emergencyContacts ?? []).map((c) => `${c.name} (${c.relationship}) ${c.phone}`).join("; ") || "—"
        );
      default:
        return String(v);
    }
  };

  return (
    <section className="conflict card" role="alert" aria-labelledby="conflict-title">
      <h2 id="conflict-title">Someone else saved this resident after you opened it</h2>
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
                  <th scope="row">{LABELS[field] ?? field}</th>
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
