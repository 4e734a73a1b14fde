/** The Referral Agents area: `/agencies/` and `/referral-agents` (agent list), add, referral logs. */
import { AreaPage } from "../../ui/area-page.tsx";
import { paths } from "../../lib/paths.ts";

export function AgentListPage() {
  return (
    <AreaPage
      title="Agent List"
      intro="The placement agents and agencies who refer residents to your homes: contact details, fee terms, whether their agreement is on file, and how many of their referrals moved in."
      helpAnchor="referral-agents"
      emptyTitle="No referral agents recorded"
      emptyText={
        <p>
          Add the agents you work with, with their fee terms, so every home of the group sees the same referrals and no
          fee is paid twice.
        </p>
      }
      actions={[{ label: "Add New Agent", to: paths.agents.add.href() }]}
    />
  );
}

export function AddAgentPage() {
  return (
    <AreaPage
      title="Add New Agent"
      intro="Record a referral agent once for the whole group, with the terms you agreed."
      helpAnchor="referral-agents"
      emptyTitle="What to have at hand"
      emptyText={
        <ul>
          <li>The agent's name, agency, phone and e-mail</li>
          <li>Fee terms: a percentage of the first month's rent or a flat amount</li>
          <li>The signed referral agreement, to keep on file</li>
        </ul>
      }
    />
  );
}

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
