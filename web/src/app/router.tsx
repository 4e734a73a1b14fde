/**
 * Every route of the seed, gathered from the features' route lists. Area pages are lazy chunks, so the
 * first load carries only the shell; each route has its own error boundary. `/residents` and
 * `/residents/` (and the like) match the same route.
 */
import { Suspense, type ReactNode } from "react";
import { matchPath, Navigate, Route, Routes } from "react-router-dom";
import { auditLogRoutes } from "../features/audit-log/audit-log.routes.ts";
import { docConfigRoutes } from "../features/doc-config/doc-config.routes.ts";
import { facilitiesRoutes } from "../features/facilities/facilities.routes.ts";
import { helpRoutes } from "../features/help/help.routes.ts";
import { medicalRecordsRoutes } from "../features/medical-records/medical-records.routes.ts";
import { referralAgentsRoutes } from "../features/referral-agents/referral-agents.routes.ts";
import { remindersRoutes } from "../features/reminders/reminders.routes.ts";
import { rentTrackerRoutes } from "../features/rent-tracker/rent-tracker.routes.ts";
import { reportsRoutes } from "../features/reports/reports.routes.ts";
import { residentsRoutes } from "../features/residents/residents.routes.ts";
import { settingsRoutes } from "../features/settings/settings.routes.ts";
import { staffRoutes } from "../features/staff/staff.routes.ts";
import { lazyPage } from "../lib/lazy-page.ts";
import { paths, type TRouteDef } from "../lib/paths.ts";
import { PageLoading } from "../ui/page-loading.tsx";
import { RouteBoundary } from "../ui/route-boundary.tsx";
import { FullPageMessage } from "../ui/full-page-message.tsx";
import { RequireAccess } from "./auth/require-access.tsx";
import { RequireAuth } from "./auth/require-auth.tsx";
import { HOME_PATH } from "./navigation.ts";

const NotFoundPage = lazyPage(() => import("./not-found-page.tsx"), "NotFoundPage");
// The sign-in page and the signed-in layout are chunks of their own: a visitor of /login never
// downloads the layout, and a signed-in page never downloads the sign-in form.
const LoginPage = lazyPage(() => import("./auth/login-page.tsx"), "LoginPage");
const AppLayout = lazyPage(() => import("./layout/app-layout.tsx"), "AppLayout");

/** The routes inside the layout: path and page. */
export const PAGE_ROUTES: readonly TRouteDef[] = [
  ...remindersRoutes,
  ...residentsRoutes,
  ...medicalRecordsRoutes,
  ...rentTrackerRoutes,
  ...staffRoutes,
  ...referralAgentsRoutes,
  ...facilitiesRoutes,
  ...docConfigRoutes,
  ...auditLogRoutes,
  ...reportsRoutes,
  ...settingsRoutes,
  ...helpRoutes,
];

/**
 * Starts downloading the chunks the opened page needs (the sign-in page, or the layout and the page)
 * at once, while the runtime config and the sign-in state are still being asked, instead of
 * discovering them one after the other. A failed download is left to the page's own load.
 */
export function preloadRoute(pathname: string): void {
  const route = PAGE_ROUTES.find(({ path }) => matchPath(path, pathname));
  const pages = pathname === paths.login.path ? [LoginPage] : [AppLayout, ...(route ? [route.Page] : [])];
  for (const page of pages) page.preload().catch(() => {});
}

function RoutePage({ children }: { children: ReactNode }) {
  return (
    <RouteBoundary>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </RouteBoundary>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageMessage>Loading...</FullPageMessage>}>
      <Routes>
        <Route path={paths.login.path} element={<LoginPage />} />
        <Route
          element={
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          }
        >
          <Route index element={<Navigate to={HOME_PATH} replace />} />
          {PAGE_ROUTES.map(({ path, Page, access }) => (
            <Route
              key={path}
              path={path}
              element={
                <RoutePage key={path}>
                  <RequireAccess access={access}>
                    <Page />
                  </RequireAccess>
                </RoutePage>
              }
            />
          ))}
          <Route
            path="*"
            element={
              <RoutePage>
                <NotFoundPage />
              </RoutePage>
            }
          />
        </Route>
      </Routes>
    </Suspense>
  );
}
