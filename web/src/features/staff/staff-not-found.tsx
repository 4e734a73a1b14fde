/** What a staff page shows for an id that does not exist or is out of the user's facilities. */
import { Link } from "react-router-dom";

export function StaffNotFound() {
  return (
    <article className="staff-detail" aria-labelledby="page-title">
      <h1 id="page-title">Staff member not found</h1>
      <p>This staff member does not exist or does not work in a facility you may see.</p>
      <Link className="button" to="/staff">
        Staff Directory
      </Link>
    </article>
  );
}
