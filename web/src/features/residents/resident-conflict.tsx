/**
 * The stale-save panel of the resident form: the resident fields' labels and how their values read.
 */
import { useFacilities, facilityName } from "../../app/facilities-provider.tsx";
import { ConflictPanel } from "../../ui/conflict-panel.tsx";
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

export function ResidentConflictPanel({
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
    <ConflictPanel
      title="Someone else saved this resident after you opened it"
      rows={fields.map((field) => ({
        label: LABELS[field] ?? field,
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
