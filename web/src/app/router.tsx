/**
 * Every route of the seed. Area pages are lazy chunks, so the first load carries only the shell; each
 * route has its own error boundary. `/residents` and `/residents/` (and the like) match the same route.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { LoginPage } from "../features/auth/login-page.tsx";
import { RequireAuth } from "../features/auth/require-auth.tsx";
import { AppLayout } from "../features/layout/app-layout.tsx";
import { PageLoading } from "../ui/page-loading.tsx";
import { RouteBoundary } from "../ui/route-boundary.tsx";
import { FacilitiesProvider } from "./facilities-provider.tsx";
import { HOME_PATH } from "./navigation.ts";

/** A lazily loaded named export of a page module. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const reminders = () => import("../features/reminders/reminders-page.tsx");
const staff = () => import("../features/staff/staff-pages.tsx");
const agents = () => import("../features/referral-agents/referral-agents-pages.tsx");
const facilities = () => import("../features/facilities/facilities-page.tsx");
const docConfig = () => import("../features/doc-config/doc-config-pages.tsx");
const reports = () => import("../features/reports/reports-page.tsx");
const settings = () => import("../features/settings/settings-page.tsx");
const help = () => import("../features/help/help-page.tsx");
const privacy = () => import("../features/help/privacy-page.tsx");
const terms = () => import("../features/help/terms-page.tsx");
const notFound = () => import("../features/not-found/not-found-page.tsx");

const RemindersPage = page(reminders, "RemindersPage");
const AllResidentsPage = page(() => import("../features/residents/residents-pages.tsx"), "AllResidentsPage");
const residentForm = () => import("../features/residents/resident-form-page.tsx");
const AddResidentPage = page(residentForm, "AddResidentPage");
const EditResidentPage = page(residentForm, "EditResidentPage");
const ResidentDetailPage = page(() => import("../features/residents/resident-detail-page.tsx"), "ResidentDetailPage");
const ResidentHistoryPage = page(
  () => import("../features/residents/resident-history-page.tsx"),
  "ResidentHistoryPage",
);
const ResidentDocumentsPage = page(
  () => import("../features/residents/resident-documents-page.tsx"),
  "ResidentDocumentsPage",
);
const medicalRecords = () => import("../features/medical-records/medical-records-page.tsx");
const MedicalRecordsPage = page(medicalRecords, "MedicalRecordsPage");
const ResidentMedicalPage = page(
  () => import("../features/medical-records/resident-medical-page.tsx"),
  "ResidentMedicalPage",
);
const rentTracker = () => import("../features/rent-tracker/rent-tracker-page.tsx");
const RentTrackerPage = page(rentTracker, "RentTrackerPage");
const ResidentRentPage = page(() => import("../features/rent-tracker/resident-rent-page.tsx"), "ResidentRentPage");
const PaymentReceiptPage = page(
  () => import("../features/rent-tracker/payment-receipt-page.tsx"),
  "PaymentReceiptPage",
);
const StaffDirectoryPage = page(staff, "StaffDirectoryPage");
const staffForm = () => import("../features/staff/staff-form-page.tsx");
const AddStaffPage = page(staffForm, "AddStaffPage");
const EditStaffPage = page(staffForm, "EditStaffPage");
const StaffDetailPage = page(() => import("../features/staff/staff-detail-page.tsx"), "StaffDetailPage");
const SchedulesPage = page(staff, "SchedulesPage");
const AgentListPage = page(agents, "AgentListPage");
const AddAgentPage = page(agents, "AddAgentPage");
const ReferralLogsPage = page(agents, "ReferralLogsPage");
const FacilitiesPage = page(facilities, "FacilitiesPage");
const FacilityDetailPage = page(() => import("../features/facilities/facility-detail-page.tsx"), "FacilityDetailPage");
const facilityForm = () => import("../features/facilities/facility-form-page.tsx");
const AddFacilityPage = page(facilityForm, "AddFacilityPage");
const EditFacilityPage = page(facilityForm, "EditFacilityPage");
const ResidentDocConfigPage = page(docConfig, "ResidentDocConfigPage");
const FacilityDocConfigPage = page(docConfig, "FacilityDocConfigPage");
const StaffDocConfigPage = page(docConfig, "StaffDocConfigPage");
const ReportsPage = page(reports, "ReportsPage");
const SettingsPage = page(settings, "SettingsPage");
const HelpPage = page(help, "HelpPage");
const PrivacyPage = page(privacy, "PrivacyPage");
const TermsPage = page(terms, "TermsPage");
const NotFoundPage = page(notFound, "NotFoundPage");

/** The routes inside the layout: path and page. */
export const PAGE_ROUTES: readonly { path: string; Page: ComponentType }[] = [
  { path: "/reminders", Page: RemindersPage },
  { path: "/residents", Page: AllResidentsPage },
  { path: "/residents/add", Page: AddResidentPage },
  { path: "/residents/:id", Page: ResidentDetailPage },
  { path: "/residents/:id/edit", Page: EditResidentPage },
  { path: "/residents/:id/history", Page: ResidentHistoryPage },
  { path: "/residents/:id/documents", Page: ResidentDocumentsPage },
  { path: "/residents/medical-records", Page: MedicalRecordsPage },
  { path: "/residents/:id/medical", Page: ResidentMedicalPage },
  { path: "/residents/rent-tracker", Page: RentTrackerPage },
  { path: "/residents/:id/rent", Page: ResidentRentPage },
  { path: "/residents/:id/rent/receipts/:paymentId", Page: PaymentReceiptPage },
  { path: "/staff", Page: StaffDirectoryPage },
  { path: "/staff/add", Page: AddStaffPage },
  { path: "/staff/schedules", Page: SchedulesPage },
  { path: "/staff/:id", Page: StaffDetailPage },
  { path: "/staff/:id/edit", Page: EditStaffPage },
  { path: "/agencies", Page: AgentListPage },
  { path: "/referral-agents", Page: AgentListPage },
  { path: "/referral-agents/add", Page: AddAgentPage },
  { path: "/referral-agents/logs", Page: ReferralLogsPage },
  { path: "/facilities", Page: FacilitiesPage },
  { path: "/facilities/add", Page: AddFacilityPage },
  { path: "/facilities/:id", Page: FacilityDetailPage },
  { path: "/facilities/:id/edit", Page: EditFacilityPage },
  { path: "/admin/resident-doc-config", Page: ResidentDocConfigPage },
  { path: "/admin/facility-doc-config", Page: FacilityDocConfigPage },
  { path: "/admin/staff-doc-config", Page: StaffDocConfigPage },
  { path: "/reports", Page: ReportsPage },
  { path: "/settings", Page: SettingsPage },
  { path: "/help", Page: HelpPage },
  { path: "/privacy", Page: PrivacyPage },
  { path: "/terms", Page: TermsPage },
];

function RoutePage({ children }: { children: ReactNode }) {
  return (
    <RouteBoundary>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </RouteBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <RequireAuth>
            <FacilitiesProvider>
              <AppLayout />
            </FacilitiesProvider>
          </RequireAuth>
        }
      >
        <Route index element={<Navigate to={HOME_PATH} replace />} />
        {PAGE_ROUTES.map(({ path, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <RoutePage key={path}>
                <Page />
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
  );
}
