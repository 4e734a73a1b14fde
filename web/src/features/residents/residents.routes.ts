/** The Residents area's routes: the list, the add and edit forms, and a resident's face sheet, documents and history. */
import { lazyPage } from "../../lib/lazy-page.ts";
import { needs } from "../../lib/access.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

const form = () => import("./resident-form-page.tsx");

export const residentsRoutes: TRouteDef[] = [
  {
    path: paths.residents.list.path,
    Page: lazyPage(() => import("./residents-pages.tsx"), "AllResidentsPage"),
    access: needs("residents"),
  },
  { path: paths.residents.add.path, Page: lazyPage(form, "AddResidentPage"), access: needs("residents", "write") },
  { path: paths.residents.edit.path, Page: lazyPage(form, "EditResidentPage"), access: needs("residents", "write") },
  {
    path: paths.residents.detail.path,
    access: needs("residents"),
    Page: lazyPage(() => import("./resident-detail-page.tsx"), "ResidentDetailPage"),
  },
  {
    path: paths.residents.history.path,
    access: needs("residents"),
    Page: lazyPage(() => import("./resident-history-page.tsx"), "ResidentHistoryPage"),
  },
  {
    path: paths.residents.documents.path,
    access: needs("documents"),
    Page: lazyPage(() => import("./resident-documents-page.tsx"), "ResidentDocumentsPage"),
  },
];
