/** `/reminders`, the home page after sign-in: everything that needs doing, soonest first. */
import { AreaPage } from "../../ui/area-page.tsx";

export function RemindersPage() {
  return (
    <AreaPage
      title="Reminders"
      intro="One list of what needs doing, soonest first, grouped Overdue, Today, This week and Later: missing or expiring documents, rent past due, certifications and training hours, referral follow-ups, reappraisals, and your own reminders."
      facilityScoped
      helpAnchor="reminders"
      emptyTitle="Nothing needs doing right now"
      emptyText={
        <p>
          When a document is missing or about to expire, rent is past due, or a follow-up comes due, it appears here
          with the date it is due. Mark it done or snooze it until a later date.
        </p>
      }
    />
  );
}
