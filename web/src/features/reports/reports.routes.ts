/** The Reports area's route. */
import { lazyPage } from "../../lib/lazy-page.ts";
import { needs } from "../../lib/access.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

export const reportsRoutes: TRouteDef[] = [
  {
    path: paths.reports.path,
    Page: lazyPage(() => import("./reports-page.tsx"), "ReportsPage"),
    access: needs("reports"),
  },
];
