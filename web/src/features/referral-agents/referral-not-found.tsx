/** What a referral's pages show for an id that does not exist or is in a home the user does not see. */
import { paths } from "../../lib/paths.ts";
import { RecordNotFound } from "../../ui/record-gate.tsx";

export function ReferralNotFound({ id }: { id: string }) {
  return (
    <RecordNotFound title="Referral not found" back={{ label: "Back to Referral Logs", to: paths.agents.logs.href() }}>
      There is no referral “{id}” in your homes.
    </RecordNotFound>
  );
}
