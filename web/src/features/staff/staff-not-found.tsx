/** What a staff page shows for an id that does not exist or is out of the user's facilities. */
import { paths } from "../../lib/paths.ts";
import { RecordNotFound } from "../../ui/record-gate.tsx";

export function StaffNotFound() {
  return (
    <RecordNotFound title="Staff member not found" back={{ label: "Staff Directory", to: paths.staff.list.href() }}>
      This staff member does not exist or does not work in a facility you may see.
    </RecordNotFound>
  );
}
