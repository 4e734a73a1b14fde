/** The Rent Tracker placeholder, until the rent-tracker feature's route replaces it. */
import { AreaPage } from "../../ui/area-page.tsx";

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
