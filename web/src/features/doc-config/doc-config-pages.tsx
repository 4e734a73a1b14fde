/** Settings › document configuration for residents, facilities and staff (`/admin/*-doc-config`). */
import { DocTypesPage } from "./doc-types-page.tsx";

export function ResidentDocConfigPage() {
  return (
    <DocTypesPage
      subject="resident"
      title="Resident Document Configuration"
      intro="The documents every resident's file must hold: form code, whether it is required, how many months it stays valid, how many days ahead to remind, and the homes it applies to."
    />
  );
}

export function FacilityDocConfigPage() {
  return (
    <DocTypesPage
      subject="facility"
      title="Facility Document Configuration"
      intro="The documents each home must keep current: its license, fire clearance, emergency and disaster plan, inspections and insurance, with their validity and reminder lead time."
    />
  );
}

export function StaffDocConfigPage() {
  return (
    <DocTypesPage
      subject="staff"
      title="Staff Document Configuration"
      intro="The documents every employee's file must hold: background clearance, health screening, tuberculosis test, first aid and CPR card, training records, with their validity and reminder lead time."
    />
  );
}
