/** What a staff page shows for an id that does not exist or is out of the user's facilities. */
import { Link } from "react-router-dom";
import { paths } from "../../lib/paths.ts";
import { RecordNotFound } from "../../ui/record-gate.tsx";

export function StaffNotFound() {
  return (
    <RecordNotFound
      title="Staff member not found"
      back={
        <Link className="button" to={paths.staff.list.href()}>
          Staff Directory
        </Link>
      }
    >
      This staff member does not exist or does not work in a facility you may see.
    </RecordNotFound>
  );
}
