/** The document configuration pages (Settings): resident, facility, staff and referral agent document types. */
import { lazyPage } from "../../lib/lazy-page.ts";
import { needs } from "../../lib/access.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

const pages = () => import("./doc-config-pages.tsx");

export const docConfigRoutes: TRouteDef[] = [
  { path: paths.docConfig.resident.path, Page: lazyPage(pages, "ResidentDocConfigPage"), access: needs("documents") },
  { path: paths.docConfig.facility.path, Page: lazyPage(pages, "FacilityDocConfigPage"), access: needs("documents") },
  { path: paths.docConfig.staff.path, Page: lazyPage(pages, "StaffDocConfigPage"), access: needs("documents") },
  { path: paths.docConfig.agent.path, Page: lazyPage(pages, "AgentDocConfigPage"), access: needs("documents") },
];
