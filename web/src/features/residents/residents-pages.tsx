/** The Residents area: `/residents` (also `/residents/`), add, medical records and rent tracker. */
import { AreaPage } from "../../ui/area-page.tsx";

export function AllResidentsPage() {
  return (
    <AreaPage
      title="All Residents"
      intro="Everyone living in your homes: name, facility, room, status, admission date, whether their paperwork is complete, and any balance due."
      facilityScoped
      helpAnchor="residents"
      emptyTitle="No residents recorded"
      emptyText={
        <p>
          Residents appear here once they are admitted with Add New Resident. Choose "Select Facility" in the header to
          see every home at once.
        </p>
      }
      actions={[{ label: "Add New Resident", to: "/residents/add" }]}
    />
  );
}

export function AddResidentPage() {
  return (
    <AreaPage
      title="Add New Resident"
      intro="Admit a resident to one of your homes. The record becomes their face sheet, documents checklist, medical record and rent account."
      facilityScoped
      helpAnchor="residents"
      emptyTitle="What to have at hand"
      emptyText={
        <ul>
          <li>Legal and preferred name, date of birth, gender</li>
          <li>Facility, room and bed, admission date, level of care and ambulatory status</li>
          <li>Code status (full code, DNR or POLST), physician, pharmacy and preferred hospital</li>
          <li>Emergency contacts, and who is the responsible party or holds power of attorney</li>
          <li>Diet, monthly rate, and the referral that brought them</li>
        </ul>
      }
    />
  );
}

export function MedicalRecordsPage() {
  return (
    <AreaPage
      title="Medical Records"
      intro="Diagnoses, allergies, medications, vitals, incidents and appointments of each resident, with the latest entries first. Every view and change is written to the audit log."
      facilityScoped
      helpAnchor="medical-records"
      emptyTitle="No medical entries recorded"
      emptyText={
        <p>
          Entries are recorded per resident. Admit the resident first, then record their diagnoses, allergies and
          medications from their record.
        </p>
      }
      actions={[{ label: "All Residents", to: "/residents" }]}
    />
  );
}

export function RentTrackerPage() {
  return (
    <AreaPage
      title="Rent Tracker"
      intro="Monthly rent per resident: charges prorated by day for move-in and move-out months, payments by check, cash, ACH or card, balances and days overdue, in a month-by-month grid."
      facilityScoped
      helpAnchor="rent-tracker"
      emptyTitle="No rent charges recorded"
      emptyText={
        <p>
          A charge is created each month for every resident with a monthly rate. Set the rate on the resident's record;
          payments are then recorded against the month they settle.
        </p>
      }
      actions={[{ label: "All Residents", to: "/residents" }]}
    />
  );
}
