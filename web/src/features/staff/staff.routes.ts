/**
 * The Staff area's routes: the directory, the add and edit forms, a staff member's page and training
 * transcript, schedules, and the group's training requirements (reached from Settings).
 */
import { lazyPage } from "../../lib/lazy-page.ts";
import { needs } from "../../lib/access.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

const pages = () => import("./staff-pages.tsx");
const form = () => import("./staff-form-page.tsx");

export const staffRoutes: TRouteDef[] = [
  { path: paths.staff.list.path, Page: lazyPage(pages, "StaffDirectoryPage"), access: needs("staff") },
  { path: paths.staff.add.path, Page: lazyPage(form, "AddStaffPage"), access: needs("staff", "write") },
  {
    path: paths.staff.schedules.path,
    Page: lazyPage(() => import("./schedules-page.tsx"), "SchedulesPage"),
    access: needs("schedules"),
  },
  {
    path: paths.staff.today.path,
    Page: lazyPage(() => import("./schedules-today-page.tsx"), "SchedulesTodayPage"),
    access: needs("schedules"),
  },
  {
    path: paths.staff.detail.path,
    Page: lazyPage(() => import("./staff-detail-page.tsx"), "StaffDetailPage"),
    access: needs("staff"),
  },
  { path: paths.staff.edit.path, Page: lazyPage(form, "EditStaffPage"), access: needs("staff", "write") },
  {
    path: paths.staff.transcript.path,
    Page: lazyPage(() => import("./training-transcript-page.tsx"), "TrainingTranscriptPage"),
    access: needs("schedules"),
  },
  {
    path: paths.staff.month.path,
    Page: lazyPage(() => import("./staff-month-page.tsx"), "StaffMonthPage"),
    access: needs("schedules"),
  },
  {
    path: paths.staff.requirements.path,
    Page: lazyPage(() => import("./training-requirements-page.tsx"), "TrainingRequirementsPage"),
    access: needs("schedules"),
  },
];
