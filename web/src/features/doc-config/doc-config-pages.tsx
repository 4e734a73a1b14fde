/** Settings › document configuration for residents, facilities, staff and agents (`/admin/*-doc-config`). */
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

export function AgentDocConfigPage() {
  return (
    <DocTypesPage
      subject="agent"
      title="Agent Document Configuration"
      intro="The papers kept for every referral agent before a fee is paid: the signed referral agreement (with its renewal) and the W-9 for the yearly 1099. They belong to the whole group, not to one home."
    />
  );
}
