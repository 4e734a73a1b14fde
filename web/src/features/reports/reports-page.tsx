/**
 * `/reports`: the reports this role may open, each with what it shows. A report covering an area the
 * role does not read (rent, staff, referrals) is left out.
 */
import { Link } from "react-router-dom";
import { canOpenReport, REPORT_KINDS } from "@care/core/reports/reports";
import { PACKET_NEEDS } from "@care/core/reports/inspection-packet";
import { can } from "@care/core/rules/permissions.rules";
import { paths } from "../../lib/paths.ts";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { useSession } from "../../lib/ports.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { REPORT_PAGES } from "./report-catalog.ts";
import "./reports.css";

export function ReportsPage() {
  const session = useSession();
  const { scope } = useFacilityScope();
  const kinds = REPORT_KINDS.filter((kind) => session && canOpenReport(session, kind));
  return (
    <div className="page">
      <PageHeader
        title="Reports"
        intro="Figures for the owner's and the licensing agency's questions, for a date range you choose: each report shows charts with the table of their numbers, prints without the portal's menus, and saves its tables as CSV."
        scope={{ label: "Facility:", value: scope }}
      />
      <ul className="report-list">
        {kinds.map((kind) => (
          <li key={kind} className="card report-list__item">
            <h2>
              <Link to={REPORT_PAGES[kind].href()}>{REPORT_PAGES[kind].title}</Link>
            </h2>
            <p>{REPORT_PAGES[kind].intro}</p>
          </li>
        ))}
        {session && PACKET_NEEDS.every((area) => can(session, area, "read")) && (
          <li className="card report-list__item">
            <h2>
              <Link to={paths.reports.inspectionPacket.href()}>Inspection packet</Link>
            </h2>
            <p>
              For one home, to print for a licensing visit: every resident&apos;s and staff member&apos;s required
              documents, clearances and TB screening, training, the night coverage of the next four weeks and the
              personnel list in the shape of the LIC 500.
            </p>
          </li>
        )}
      </ul>
    </div>
  );
}
