/** What a facility page shows for an id that does not exist or that the user may not see. */
import { paths } from "../../lib/paths.ts";
import { RecordNotFound } from "../../ui/record-gate.tsx";

export function FacilityNotFound({ id }: { id: string }) {
  return (
    <RecordNotFound title="Facility not found" back={{ label: "Back to Facilities", to: paths.facilities.list.href() }}>
      There is no facility “{id}”, or your account may not see it.
    </RecordNotFound>
  );
}
