/** Referral Logs (`/referral-agents/logs`): what the page will hold, until referrals are recorded. */
import { AreaPage } from "../../ui/area-page.tsx";
import { paths } from "../../lib/paths.ts";

export function ReferralLogsPage() {
  return (
    <AreaPage
      title="Referral Logs"
      intro="Every prospect an agent refers, from first contact through tour and assessment to move-in, with follow-up dates and the fee owed, invoiced and paid."
      facilityScoped
      helpAnchor="referral-logs"
      emptyTitle="No referrals logged"
      emptyText={
        <p>
          Log each referral when the agent calls. A prospect already referred to any home of the group is flagged, so
          the same move-in is never paid twice.
        </p>
      }
      actions={[{ label: "Agent List", to: paths.agents.list.href() }]}
    />
  );
}
