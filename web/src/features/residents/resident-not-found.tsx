/** What a resident page shows for an id that does not exist or is out of the user's facilities. */
import { Link } from "react-router-dom";

export function ResidentNotFound() {
  return (
    <article className="resident-detail" aria-labelledby="page-title">
      <h1 id="page-title">Resident not found</h1>
      <p>This resident does not exist or is not in a facility you may see.</p>
      <Link className="button" to="/residents">
        All Residents
      </Link>
    </article>
  );
}
