/**
 * A page the user's role does not allow: "You don't have access to …" in the layout, with a way home,
 * instead of a page whose every request the server would refuse.
 */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { accessWords, allows, type TAccess } from "../../lib/access.ts";
import { paths } from "../../lib/paths.ts";
import { useSession } from "../../lib/ports.tsx";
import { HOME_PATH } from "../navigation.ts";

export function RequireAccess({ access, children }: { access: TAccess | undefined; children: ReactNode }) {
  const session = useSession();
  if (allows(session, access)) return children;
  return (
    <article className="card" aria-labelledby="page-title">
      <h1 id="page-title">You don&apos;t have access to {accessWords(access ?? [])}</h1>
      <p>
        Your role{session ? ` (${session.roleName})` : ""} does not include this page. If you need it for your work, ask
        an administrator of your group to change your role.
      </p>
      <p>
        <Link className="button" to={HOME_PATH}>
          Go to Reminders
        </Link>{" "}
        <Link className="button button--secondary" to={paths.help.href("access")}>
          Help
        </Link>
      </p>
    </article>
  );
}
