/** Any route the portal does not have: a real page inside the layout with a way home. */
import { Link, useLocation } from "react-router-dom";
import { HOME_PATH } from "./navigation.ts";
import { paths } from "../lib/paths.ts";

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <article className="card" aria-labelledby="page-title">
      <h1 id="page-title">Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. It may have moved, or the address may be mistyped.
      </p>
      <p>
        <Link className="button" to={HOME_PATH}>
          Go to Reminders
        </Link>{" "}
        <Link className="button button--secondary" to={paths.help.href()}>
          Help
        </Link>
      </p>
    </article>
  );
}
