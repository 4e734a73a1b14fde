/** The Reports area's routes: the list of reports and one page per report, each loaded when first opened. */
import { lazyPage } from "../../lib/lazy-page.ts";
import { needs } from "../../lib/access.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

export const reportsRoutes: TRouteDef[] = [
  {
    path: paths.reports.list.path,
    Page: lazyPage(() => import("./reports-page.tsx"), "ReportsPage"),
    access: needs("reports"),
  },
  {
    path: paths.reports.census.path,
    Page: lazyPage(() => import("./census-report.tsx"), "CensusReportPage"),
    access: needs("reports"),
  },
  {
    path: paths.reports.rentRoll.path,
    Page: lazyPage(() => import("./rent-roll-report.tsx"), "RentRollReportPage"),
    access: needs("reports"),
  },
  {
    path: paths.reports.compliance.path,
    Page: lazyPage(() => import("./compliance-report.tsx"), "ComplianceReportPage"),
    access: needs("reports"),
  },
  {
    path: paths.reports.training.path,
    Page: lazyPage(() => import("./training-report.tsx"), "TrainingReportPage"),
    access: needs("reports"),
  },
  {
    path: paths.reports.referrals.path,
    Page: lazyPage(() => import("./referrals-report.tsx"), "ReferralsReportPage"),
    access: needs("reports"),
  },
  {
    path: paths.reports.inspectionPacket.path,
    Page: lazyPage(() => import("./inspection-packet-page.tsx"), "InspectionPacketPage"),
    access: needs("reports"),
  },
];
