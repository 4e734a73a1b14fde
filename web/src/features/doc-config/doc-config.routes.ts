/** The three document configuration pages (Settings): resident, facility and staff document types. */
import { lazyPage } from "../../lib/lazy-page.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

const pages = () => import("./doc-config-pages.tsx");

export const docConfigRoutes: TRouteDef[] = [
  { path: paths.docConfig.resident.path, Page: lazyPage(pages, "ResidentDocConfigPage") },
  { path: paths.docConfig.facility.path, Page: lazyPage(pages, "FacilityDocConfigPage") },
  { path: paths.docConfig.staff.path, Page: lazyPage(pages, "StaffDocConfigPage") },
];
