/** The Settings area's routes: the hub, users, the portal title, export and import, and every user's own account. */
import { needs } from "../../lib/access.ts";
import { lazyPage } from "../../lib/lazy-page.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

const users = () => import("./user-pages.tsx");

export const settingsRoutes: TRouteDef[] = [
  {
    path: paths.settings.hub.path,
    // Open to everyone: the hub lists only the sections the user's role reaches, and My account.
    Page: lazyPage(() => import("./settings-hub-page.tsx"), "SettingsHubPage"),
  },
  {
    path: paths.settings.users.path,
    Page: lazyPage(() => import("./users-page.tsx"), "UsersPage"),
    access: needs("users"),
  },
  { path: paths.settings.addUser.path, Page: lazyPage(users, "AddUserPage"), access: needs("users", "write") },
  { path: paths.settings.user.path, Page: lazyPage(users, "UserPage"), access: needs("users") },
  {
    path: paths.settings.roles.path,
    Page: lazyPage(() => import("./roles-page.tsx"), "RolesPage"),
    access: needs("users"),
  },
  {
    path: paths.settings.portalTitle.path,
    Page: lazyPage(() => import("./portal-title-page.tsx"), "PortalTitlePage"),
    access: needs("users"),
  },
  {
    path: paths.settings.dataTransfer.path,
    Page: lazyPage(() => import("./data-transfer-page.tsx"), "DataTransferPage"),
    access: needs("export"),
  },
  { path: paths.settings.account.path, Page: lazyPage(() => import("./account-page.tsx"), "AccountPage") },
];
