/** `/settings`: the signed-in account and the portal's group-wide settings. */
import { Link } from "react-router-dom";
import { useFacilities } from "../../lib/facilities.tsx";
import { usePortal, useSession } from "../../lib/ports.tsx";
import "./settings-page.css";
import { paths } from "../../lib/paths.ts";

export function SettingsPage() {
  const session = useSession();
  const portal = usePortal();
  const { facilities } = useFacilities();
  if (!session) return null;
  const visible =
    session.facilityIds === null
      ? "All facilities"
      : facilities
          .filter((f) => session.facilityIds?.includes(f.id))
          .map((f) => f.name)
          .join(", ") || "None";
  return (
    <article className="settings-page" aria-labelledby="page-title">
      <h1 id="page-title">Settings</h1>
      <p className="settings-page__intro">
        Your account and the portal's settings. Users, the group's facilities, data export and the audit log are managed
        by administrators.
      </p>
      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">Your account</h2>
        <dl className="settings-page__list">
          <dt>E-mail</dt>
          <dd>{session.email}</dd>
          {session.displayName && (
            <>
              <dt>Name</dt>
              <dd>{session.displayName}</dd>
            </>
          )}
          <dt>Role</dt>
          <dd>{session.roleName}</dd>
          <dt>Facilities you may see</dt>
          <dd>{visible}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="portal-title">
        <h2 id="portal-title">Portal</h2>
        <dl className="settings-page__list">
          <dt>Portal title</dt>
          <dd>{portal.title}</dd>
          <dt>Facilities</dt>
          <dd>{facilities.map((f) => f.name).join(", ")}</dd>
        </dl>
        <p>
          Document requirements are set under <Link to={paths.docConfig.resident.href()}>Document Configuration</Link>.
          See <Link to={paths.help.href("settings")}>Help</Link> for how accounts and access work.
        </p>
      </section>
    </article>
  );
}
