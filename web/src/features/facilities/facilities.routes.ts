/**
 * The Facilities area's routes: the list (for roles with facilities), a facility's page, and the add
 * and edit forms. A home's page stays open to every role: its documents and their reminders lead there.
 */
import { lazyPage } from "../../lib/lazy-page.ts";
import { needs } from "../../lib/access.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

const form = () => import("./facility-form-page.tsx");

export const facilitiesRoutes: TRouteDef[] = [
  {
    path: paths.facilities.list.path,
    Page: lazyPage(() => import("./facilities-page.tsx"), "FacilitiesPage"),
    access: needs("facilities"),
  },
  { path: paths.facilities.add.path, Page: lazyPage(form, "AddFacilityPage"), access: needs("facilities", "write") },
  {
    path: paths.facilities.detail.path,
    Page: lazyPage(() => import("./facility-detail-page.tsx"), "FacilityDetailPage"),
  },
  { path: paths.facilities.edit.path, Page: lazyPage(form, "EditFacilityPage"), access: needs("facilities", "write") },
];
