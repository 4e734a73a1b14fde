/** The Reminders area's route (the home page after sign-in). */
import { lazyPage } from "../../lib/lazy-page.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

export const remindersRoutes: TRouteDef[] = [
  { path: paths.reminders.path, Page: lazyPage(() => import("./reminders-page.tsx"), "RemindersPage") },
];
