/** The Settings area's routes: the hub, users, the portal title and every user's own account. */
import { lazyPage } from "../../lib/lazy-page.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

const users = () => import("./user-pages.tsx");

export const settingsRoutes: TRouteDef[] = [
  { path: paths.settings.hub.path, Page: lazyPage(() => import("./settings-hub-page.tsx"), "SettingsHubPage") },
  { path: paths.settings.users.path, Page: lazyPage(() => import("./users-page.tsx"), "UsersPage") },
  { path: paths.settings.addUser.path, Page: lazyPage(users, "AddUserPage") },
  { path: paths.settings.user.path, Page: lazyPage(users, "UserPage") },
  {
    path: paths.settings.portalTitle.path,
    Page: lazyPage(() => import("./portal-title-page.tsx"), "PortalTitlePage"),
  },
  { path: paths.settings.account.path, Page: lazyPage(() => import("./account-page.tsx"), "AccountPage") },
];
