/** Settings › document configuration for residents, facilities and staff (`/admin/*-doc-config`). */
import { AreaPage } from "../../ui/area-page.tsx";

const REVIEW_NOTE =
  "Form codes follow California's RCFE licensing forms; review the list for your home and your licensing office before relying on it.";

export function ResidentDocConfigPage() {
  return (
    <AreaPage
      title="Resident Document Configuration"
      intro="The documents every resident's file must hold: form code, whether it is required, how many months it stays valid, how many days ahead to remind, and the homes it applies to."
      helpAnchor="document-configuration"
      emptyTitle="No resident document types configured"
      emptyText={
        <>
          <p>A typical resident file holds, for example:</p>
          <ul>
            <li>Physician's Report (LIC 602A)</li>
            <li>Preplacement Appraisal Information (LIC 603)</li>
            <li>Identification and Emergency Information (LIC 601)</li>
            <li>Admission agreement, and a tuberculosis test result</li>
          </ul>
          <p>{REVIEW_NOTE}</p>
        </>
      }
    />
  );
}

export function FacilityDocConfigPage() {
  return (
    <AreaPage
      title="Facility Document Configuration"
      intro="The documents each home must keep current: its license, fire clearance, emergency and disaster plan, inspections and insurance, with their validity and reminder lead time."
      helpAnchor="document-configuration"
      emptyTitle="No facility document types configured"
      emptyText={
        <>
          <p>
            Add each document an inspector asks to see, with how long it is valid, so expiry reminders reach you in
            time.
          </p>
          <p>{REVIEW_NOTE}</p>
        </>
      }
    />
  );
}

export function StaffDocConfigPage() {
  return (
    <AreaPage
      title="Staff Document Configuration"
      intro="The documents every employee's file must hold: background clearance, health screening, tuberculosis test, first aid and CPR card, training records, with their validity and reminder lead time."
      helpAnchor="document-configuration"
      emptyTitle="No staff document types configured"
      emptyText={
        <>
          <p>Add each document type once; every staff record then shows which ones are missing or expiring.</p>
          <p>{REVIEW_NOTE}</p>
        </>
      }
    />
  );
}
