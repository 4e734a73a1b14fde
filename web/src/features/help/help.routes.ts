/** Help, the privacy notice and the terms of use. */
import { lazyPage } from "../../lib/lazy-page.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

export const helpRoutes: TRouteDef[] = [
  { path: paths.help.path, Page: lazyPage(() => import("./help-page.tsx"), "HelpPage") },
  { path: paths.privacy.path, Page: lazyPage(() => import("./privacy-page.tsx"), "PrivacyPage") },
  { path: paths.terms.path, Page: lazyPage(() => import("./terms-page.tsx"), "TermsPage") },
];
