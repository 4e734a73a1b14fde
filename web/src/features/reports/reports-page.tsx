/** `/reports`: census, admissions, rent roll, compliance, training and referral figures. */
import { AreaPage } from "../../ui/area-page.tsx";

export function ReportsPage() {
  return (
    <AreaPage
      title="Reports"
      intro="Census and occupancy by home, admissions and discharges, rent roll and outstanding balances, missing and expired documents, staff training hours, and referrals by agent with conversion and fees, for a date range you choose."
      facilityScoped
      helpAnchor="reports"
      emptyTitle="No figures to report yet"
      emptyText={
        <p>
          Reports are calculated from residents, rent, documents, staff and referrals. Once those are recorded, each
          report can be printed or exported to CSV.
        </p>
      }
    />
  );
}
