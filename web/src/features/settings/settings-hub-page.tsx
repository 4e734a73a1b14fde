/**
 * `/settings`: the Settings hub — a card per section with what it is for, and a few figures at a glance
 * (active users, facilities, document types). Administrators see every section; everyone sees My account.
 */
import { Link } from "react-router-dom";
import { paths } from "../../lib/paths.ts";
import { useSession } from "../../lib/ports.tsx";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { useCan } from "../../lib/access.ts";
import { usePortalTitle } from "../../lib/portal-title.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import "./settings.css";

interface TSection {
  title: string;
  to: string;
  text: string;
  figure?: string | undefined;
}

function useFigures(enabled: boolean) {
  return usePortQuery(
    ["settings-hub-figures"],
    async ({ data }) => {
      const [users, facilities, types, roles] = await Promise.all([
        data.count("users", { where: { active: true } }),
        data.count("facilities", { where: { active: true } }),
        data.count("documentTypes"),
        data.count("roles"),
      ]);
      return { users, facilities, types, roles };
    },
    { reads: ["users", "facilities", "documentTypes", "roles"], enabled },
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function SettingsHubPage() {
  const session = useSession();
  const title = usePortalTitle();
  const can = useCan();
  const admin = can("users");
  const figures = useFigures(admin).data;
  const sections: TSection[] = [];
  if (admin)
    sections.push(
      {
        title: "Users",
        to: paths.settings.users.href(),
        text: "Who may sign in, their role and homes; add, deactivate, reset passwords.",
        figure: figures && plural(figures.users, "active user", "active users"),
      },
      {
        title: "Roles",
        to: paths.settings.roles.href(),
        text: "What each role may see and change, area by area; the defaults are for your group to review.",
        figure: figures && plural(figures.roles, "role", "roles"),
      },
    );
  if (can("audit"))
    sections.push({
      title: "Audit log",
      to: paths.auditLog.href(),
      text: "Who viewed, created, changed or archived what, and who signed in: filter, page and export.",
    });
  if (can("documents"))
    sections.push(
      {
        title: "Resident Document Configuration",
        to: paths.docConfig.resident.href(),
        text: "The documents every resident's file must hold, their validity and reminders.",
        figure:
          figures &&
          `${plural(figures.types, "document type", "document types")} for residents, homes, staff and agents`,
      },
      {
        title: "Facility Document Configuration",
        to: paths.docConfig.facility.href(),
        text: "Licenses, clearances, plans and inspections each home must keep current.",
      },
      {
        title: "Staff Document Configuration",
        to: paths.docConfig.staff.href(),
        text: "Clearances, health screenings and training records every employee needs.",
      },
      {
        title: "Agent Document Configuration",
        to: paths.docConfig.agent.href(),
        text: "The referral agreement and W-9 kept for every referral agent.",
      },
    );
  if (can("schedules"))
    sections.push({
      title: "Training requirements",
      to: paths.staff.requirements.href(),
      text: "The training hours each position needs: before working independently, initial, yearly, an administrator's renewal.",
    });
  if (admin)
    sections.push(
      {
        title: "Facilities",
        to: paths.facilities.list.href(),
        text: "The group's homes: names, licenses, capacity, time zones.",
        figure: figures && plural(figures.facilities, "active facility", "active facilities"),
      },
      {
        title: "Portal title",
        to: paths.settings.portalTitle.href(),
        text: "The name shown in the header and the browser tab, and when a pending Live Scan becomes a reminder.",
        figure: title,
      },
    );
  if (can("export"))
    sections.push({
      title: "Export and import",
      to: paths.settings.dataTransfer.href(),
      text: "Everything in one ZIP file — records as JSON and CSV, the audit log and every document's file — or load one into a new, empty portal.",
    });
  sections.push({
    title: "My account",
    to: paths.settings.account.href(),
    text: "Your details, your password, and signing out of your other sessions.",
    figure: session?.email,
  });
  return (
    <article className="settings-page settings-page--wide" aria-labelledby="page-title">
      <PageHeader
        title="Settings"
        intro={
          admin
            ? "Everything that configures the portal for your group, in one place."
            : sections.length > 1
              ? "Your account, and the group's settings your role lets you look at. Administrators manage the rest."
              : "Your account. The group's settings are managed by administrators."
        }
      />
      <ul className="settings-hub">
        {sections.map((section) => (
          <li key={section.to} className="card settings-hub__card">
            <h2 className="settings-hub__title">
              <Link to={section.to}>{section.title}</Link>
            </h2>
            <p className="settings-hub__text">{section.text}</p>
            {section.figure && <p className="settings-hub__figure">{section.figure}</p>}
          </li>
        ))}
      </ul>
    </article>
  );
}
