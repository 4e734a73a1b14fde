/** The Rent Tracker's routes: the facility's month grid, one resident's rent, a payment's receipt. */
import { lazyPage } from "../../lib/lazy-page.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

export const rentTrackerRoutes: TRouteDef[] = [
  {
    path: paths.residents.rentTracker.path,
    Page: lazyPage(() => import("./rent-tracker-page.tsx"), "RentTrackerPage"),
  },
  { path: paths.residents.rent.path, Page: lazyPage(() => import("./resident-rent-page.tsx"), "ResidentRentPage") },
  {
    path: paths.residents.receipt.path,
    Page: lazyPage(() => import("./payment-receipt-page.tsx"), "PaymentReceiptPage"),
  },
];
