/** What an agent's pages show for an id that does not exist (or was archived away). */
import { paths } from "../../lib/paths.ts";
import { RecordNotFound } from "../../ui/record-gate.tsx";

export function AgentNotFound({ id }: { id: string }) {
  return (
    <RecordNotFound title="Agent not found" back={{ label: "Back to the Agent List", to: paths.agents.list.href() }}>
      There is no referral agent “{id}”.
    </RecordNotFound>
  );
}
