/** Settings → Audit log's route. */
import { needs } from "../../lib/access.ts";
import { lazyPage } from "../../lib/lazy-page.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

export const auditLogRoutes: TRouteDef[] = [
  {
    path: paths.auditLog.path,
    Page: lazyPage(() => import("./audit-log-page.tsx"), "AuditLogPage"),
    access: needs("audit"),
  },
];
