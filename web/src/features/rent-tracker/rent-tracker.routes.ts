/** The Rent Tracker's routes: the facility's month grid, one resident's rent, a payment's receipt and void notice. */
import { lazyPage } from "../../lib/lazy-page.ts";
import { needs } from "../../lib/access.ts";
import { paths, type TRouteDef } from "../../lib/paths.ts";

export const rentTrackerRoutes: TRouteDef[] = [
  {
    path: paths.residents.rentTracker.path,
    access: needs("rent"),
    Page: lazyPage(() => import("./rent-tracker-page.tsx"), "RentTrackerPage"),
  },
  {
    path: paths.residents.rent.path,
    Page: lazyPage(() => import("./resident-rent-page.tsx"), "ResidentRentPage"),
    access: needs("rent"),
  },
  {
    path: paths.residents.receipt.path,
    access: needs("rent"),
    Page: lazyPage(() => import("./payment-receipt-page.tsx"), "PaymentReceiptPage"),
  },
  {
    path: paths.residents.voidNotice.path,
    access: needs("rent"),
    Page: lazyPage(() => import("./payment-receipt-page.tsx"), "VoidNoticePage"),
  },
];
