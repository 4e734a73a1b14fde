/** The Medical Records area's routes: the facility's summaries and one resident's medical record. */
import { lazyPage } from "../../lib/lazy-page.ts";
import { needs } from "../../lib/access.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

export const medicalRecordsRoutes: TRouteDef[] = [
  {
    path: paths.residents.medicalRecords.path,
    access: needs("medical"),
    Page: lazyPage(() => import("./medical-records-page.tsx"), "MedicalRecordsPage"),
  },
  {
    path: paths.residents.medical.path,
    access: needs("medical"),
    Page: lazyPage(() => import("./resident-medical-page.tsx"), "ResidentMedicalPage"),
  },
];
