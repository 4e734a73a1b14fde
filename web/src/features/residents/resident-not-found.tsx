/** What a resident page shows for an id that does not exist or is out of the user's facilities. */
import { paths } from "../../lib/paths.ts";
import { RecordNotFound } from "../../ui/record-gate.tsx";

export function ResidentNotFound() {
  return (
    <RecordNotFound title="Resident not found" back={{ label: "All Residents", to: paths.residents.list.href() }}>
      This resident does not exist or is not in a facility you may see.
    </RecordNotFound>
  );
}
