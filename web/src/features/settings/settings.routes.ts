/** The Settings hub's route. */
import { lazyPage } from "../../lib/lazy-page.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

export const settingsRoutes: TRouteDef[] = [
  { path: paths.settings.path, Page: lazyPage(() => import("./settings-page.tsx"), "SettingsPage") },
];
